/*
 * Apart from signup-draft.ts so the landing page can ask whether a sign-up is under way without loading
 * the contract (and zod) before its first paint.
 */
export const SIGN_UP_DRAFT_KEY = 'steep-signup-draft';

export function hasSignUpDraft(): boolean {
  try {
    return window.sessionStorage.getItem(SIGN_UP_DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}
