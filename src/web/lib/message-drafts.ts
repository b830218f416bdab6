/*
 * What she has typed and not yet sent in each conversation, kept in sessionStorage so that a reload, a trip to
 * the chat list or the phone dropping the tab in the background does not lose it. sessionStorage, not
 * localStorage: a draft belongs to this tab's visit, not to whoever uses the device next. Kept with her id, so
 * another member signed in on this tab never sees it, and deleted when she signs out (AuthProvider). No zod or
 * contract import: AuthProvider is on every page's first load.
 */

const KEY = 'steep-message-drafts';

interface Drafts {
  userId: string;
  /** Unsent text by match id; other unsent things under keys no match id has (`<matchId>/failed`, `tea/story`). */
  drafts: Record<string, string>;
}

/** Her unsent text by match id (the chat list's "Draft:" lines). */
export function readMessageDrafts(userId: string): Record<string, string> {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return {};
    const saved = JSON.parse(raw) as Partial<Drafts>;
    if (saved.userId !== userId || typeof saved.drafts !== 'object' || saved.drafts === null) return {};
    return Object.fromEntries(Object.entries(saved.drafts).filter((entry) => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Her unsent text in this conversation, or '' when there is none. */
export function readMessageDraft(userId: string, matchId: string): string {
  return readMessageDrafts(userId)[matchId] ?? '';
}

/** Keeps her unsent text in this conversation; blank text deletes it. */
export function saveMessageDraft(userId: string, matchId: string, text: string): void {
  const drafts = readMessageDrafts(userId);
  if (text.trim()) drafts[matchId] = text;
  else delete drafts[matchId];
  try {
    if (Object.keys(drafts).length === 0) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify({ userId, drafts } satisfies Drafts));
  } catch {
    // Storage unavailable or full: the draft lives as long as the conversation is open.
  }
}

/** Deletes every draft on this tab unless they are `keepUserId`'s (null: she signed out). */
export function forgetMessageDrafts(keepUserId: string | null): void {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return;
    const saved = JSON.parse(raw) as Partial<Drafts>;
    if (keepUserId === null || saved.userId !== keepUserId) window.sessionStorage.removeItem(KEY);
  } catch {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Storage unavailable: there is nothing in it.
    }
  }
}
