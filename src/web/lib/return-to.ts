/**
 * Where to go after logging in, from a `returnTo` search parameter: only a path on this site
 * ("/preferences?tab=email"), never another origin ("//evil.example", "https://…", "/\\evil"), so a
 * crafted login link cannot send her anywhere else.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const base = 'https://steep.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The landing page with the login card open, coming back to `path` once she has logged in. */
export function loginThenReturnTo(path: string): { to: string; state: { openLogin: true } } {
  return { to: `/?returnTo=${encodeURIComponent(path)}`, state: { openLogin: true } };
}

const PENDING_KEY = 'steep.returnTo';

/**
 * After a login that came with a `returnTo`: remembered for the first signed-in screen, which goes there
 * (`RequireAuth`). The landing page sends a signed-in member to /home on its own, so a navigation
 * from the login form alone would race it.
 */
export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, path);
  } catch {
    // Storage blocked: she lands on /home, as without the link.
  }
}

/** The remembered path, if any (checked again: storage is not trusted). */
export function pendingReturnTo(): string | null {
  try {
    const value = sessionStorage.getItem(PENDING_KEY);
    return value ? safeReturnTo(value, '') || null : null;
  } catch {
    return null;
  }
}

export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored.
  }
}
