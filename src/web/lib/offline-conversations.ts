import type { Message } from '../../contract/chat';
import { messageText } from './message-text';

/*
 * Her recent conversations, kept on this device so the offline page (public/offline.js) can show them
 * read-only when there is no connection. Private data, so it lives only as long as her sign-in here:
 * deleted when she signs out (here, and by the service worker when it sees the sign-out request), when
 * the app finds the session gone, and when another member signs in on this device. Only what the
 * offline page shows is kept: the other member's first name and the last messages' text.
 * The database's name and shape are shared with public/offline.js and pwa/service-worker.js.
 */

const OFFLINE_DB = 'steep-offline-conversations';
const STORE = 'conversations';
/** Conversations kept (the most recently opened) and messages per conversation (the newest). */
export const KEEP_CONVERSATIONS = 20;
export const KEEP_MESSAGES = 50;

interface OfflineMessage {
  mine: boolean;
  text: string;
  at: string;
}

interface OfflineConversation {
  matchId: string;
  ownerId: string;
  name: string;
  savedAt: string;
  messages: OfflineMessage[];
}

/** What is kept of one conversation: its newest messages, oldest first, as the offline page shows them. */
export function toOfflineConversation(
  ownerId: string,
  matchId: string,
  name: string,
  messages: readonly Message[],
  savedAt: Date,
): OfflineConversation {
  return {
    matchId,
    ownerId,
    name,
    savedAt: savedAt.toISOString(),
    messages: messages
      .slice(-KEEP_MESSAGES)
      // A photo or voice note is kept as a word, in her language when it was saved (the offline page shows it as is).
      .map((m) => ({
        mine: m.senderId === ownerId,
        text: messageText(m, m.media?.viewOnce ?? false),
        at: m.createdAt,
      })),
  };
}

/** The match ids to delete so only her `KEEP_CONVERSATIONS` most recently saved conversations stay. */
export function overflow(saved: readonly Pick<OfflineConversation, 'matchId' | 'savedAt'>[]): string[] {
  return [...saved]
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))
    .slice(KEEP_CONVERSATIONS)
    .map((c) => c.matchId);
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OFFLINE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'matchId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });

/** Saves one conversation for her; another member's copies on this device are deleted first. */
export async function saveOfflineConversation(conversation: OfflineConversation): Promise<void> {
  if (!('indexedDB' in window)) return;
  const db = await open();
  try {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const all = store.getAll();
    all.onsuccess = () => {
      const saved = all.result as OfflineConversation[];
      if (saved.some((c) => c.ownerId !== conversation.ownerId)) store.clear();
      const hers = saved.filter((c) => c.ownerId === conversation.ownerId && c.matchId !== conversation.matchId);
      store.put(conversation);
      for (const matchId of overflow([...hers, conversation])) store.delete(matchId);
    };
    await done(tx);
  } finally {
    db.close();
  }
}

/**
 * Deletes every copy unless it is this signed-in member's: null (signed out, session gone) deletes the
 * whole database; a member id deletes only when someone else's copies are there (an account switch).
 */
export async function forgetOfflineConversations(signedIn: string | null): Promise<void> {
  if (!('indexedDB' in window)) return;
  if (signedIn !== null) {
    const known = await indexedDB.databases?.();
    if (known && !known.some((d) => d.name === OFFLINE_DB)) return;
    const db = await open();
    let foreign = false;
    try {
      const tx = db.transaction(STORE, 'readonly');
      const all = tx.objectStore(STORE).getAll();
      all.onsuccess = () => {
        foreign = (all.result as OfflineConversation[]).some((c) => c.ownerId !== signedIn);
      };
      await done(tx);
    } finally {
      db.close();
    }
    if (!foreign) return;
  }
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
