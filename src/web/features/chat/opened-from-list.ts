/**
 * The history state of a conversation opened from the chat list. Its back arrow then goes back to that list entry
 * instead of pushing a new one, so the phone's Back does not bounce between the list and the conversation (tryout).
 */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

export const wasOpenedFromList = (state: unknown): boolean =>
  (state as { openedFromList?: unknown } | null)?.openedFromList === true;
