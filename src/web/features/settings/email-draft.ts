/*
 * The new address she is typing in Settings → Email, kept in sessionStorage so that leaving the form (its Cancel,
 * the browser's Back, the phone dropping the tab) does not throw it away: it is there when she comes back. Never
 * the password. Cleared once the address is sent. Kept with her id, so another account signed in on this tab
 * never sees it.
 */

const KEY = 'steep-email-draft';

interface EmailDraft {
  /** What she typed. */
  address: string;
  /** The form was open when she left: it opens again. */
  open: boolean;
}

export function readEmailDraft(userId: string): EmailDraft | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Record<string, unknown>;
    if (saved.userId !== userId || typeof saved.address !== 'string') return null;
    return { address: saved.address.slice(0, 254), open: saved.open === true };
  } catch {
    return null;
  }
}

export function saveEmailDraft(userId: string, draft: EmailDraft): void {
  try {
    if (!draft.address.trim()) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify({ userId, ...draft }));
  } catch {
    // Storage unavailable: the draft lives as long as the screen.
  }
}

export function clearEmailDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
