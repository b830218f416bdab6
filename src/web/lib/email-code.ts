const SENT_CODE_KEY = 'steep-email-code-sent';

/**
 * The address a code to confirm her email was last sent to, in this tab: Settings → Email opens on the code
 * step while it is hers and unconfirmed (over a reload too). Sign-up sets it when she gave an email (the
 * server mails the code then), Settings when she asks for a code. sessionStorage: the address is hers, the
 * tab is hers.
 */
export function readSentCode(): string | undefined {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(SENT_CODE_KEY) ?? 'null') as { to?: unknown } | null;
    return typeof saved?.to === 'string' ? saved.to : undefined;
  } catch {
    return undefined;
  }
}

export function keepSentCode(to: string | undefined): void {
  try {
    if (to) window.sessionStorage.setItem(SENT_CODE_KEY, JSON.stringify({ to }));
    else window.sessionStorage.removeItem(SENT_CODE_KEY);
  } catch {
    // Storage unavailable: the code step lasts until a reload.
  }
}

/** Where the code is typed in: Settings, which then puts the code field in front of her. */
export const ENTER_EMAIL_CODE_PATH = '/settings?verify=email';
