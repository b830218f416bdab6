import { useCallback, useSyncExternalStore } from 'react';

/*
 * Her sends that the server has not stored yet, per conversation: on their way, or failed and waiting for her to
 * retry or delete them. Kept in memory for this tab, so leaving a conversation and coming back finds a failed photo
 * where she left it (a photo or a voice note cannot be typed again); a reload asks first while any wait, and a failed
 * text is still there if she reloads anyway (features/chat/failed-sends.ts). Private, so they live only as long
 * as her sign-in: `forgetOutbox` drops them when her signed-in screens close, and another member's sign-in finds none.
 */

interface OutboxItem {
  clientMessageId: string;
}

const EMPTY: readonly OutboxItem[] = [];
const NONE: ReadonlyMap<string, readonly OutboxItem[]> = new Map();
let owner: string | null = null;
// Replaced, never changed in place: each change is a new snapshot for the screens that read every conversation's.
let boxes: ReadonlyMap<string, readonly OutboxItem[]> = NONE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Her outbox in one conversation as it is now (none when the tab's outbox is another member's). */
export function readOutbox(ownerId: string, matchId: string): readonly OutboxItem[] {
  return owner === ownerId ? (boxes.get(matchId) ?? EMPTY) : EMPTY;
}

/** Changes her outbox in one conversation (`update` gets the items as they are now). */
export function updateOutbox<T extends OutboxItem>(
  ownerId: string,
  matchId: string,
  update: (items: readonly T[]) => readonly T[],
): void {
  if (owner !== ownerId) {
    boxes = NONE;
    owner = ownerId;
  }
  // One conversation holds one kind of item: the cast is the store's only one.
  const next = update(readOutbox(ownerId, matchId) as readonly T[]);
  const changing = new Map(boxes);
  if (next.length === 0) changing.delete(matchId);
  else changing.set(matchId, next);
  boxes = changing;
  changed();
}

function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

/** Tells the screens, and while anything waits a reload or a closed tab asks first: it would be lost. */
function changed(): void {
  if (boxes.size > 0) window.addEventListener('beforeunload', askBeforeUnload);
  else window.removeEventListener('beforeunload', askBeforeUnload);
  for (const listener of listeners) listener();
}

/** Her outbox in one conversation, and a way to change it; re-renders when it changes. */
export function useOutbox<T extends OutboxItem>(
  ownerId: string,
  matchId: string,
): [readonly T[], (update: (items: readonly T[]) => readonly T[]) => void] {
  const snapshot = useCallback(() => readOutbox(ownerId, matchId) as readonly T[], [ownerId, matchId]);
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  const update = useCallback(
    (change: (items: readonly T[]) => readonly T[]) => updateOutbox(ownerId, matchId, change),
    [ownerId, matchId],
  );
  return [items, update];
}

/** Her outbox in every conversation, by matchId (the chat list marks a failed send); re-renders on any change. */
export function useOutboxes<T extends OutboxItem>(ownerId: string): ReadonlyMap<string, readonly T[]> {
  const snapshot = useCallback(
    () => (owner === ownerId ? boxes : NONE) as ReadonlyMap<string, readonly T[]>,
    [ownerId],
  );
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Drops every conversation's outbox on this tab: she signed out, or her session ended. */
export function forgetOutbox(): void {
  boxes = NONE;
  owner = null;
  changed();
}
