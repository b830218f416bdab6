import { readMessageDraft, readMessageDrafts, saveMessageDraft } from '../../lib/message-drafts';
import { readOutbox, updateOutbox } from '../../lib/outbox';
import type { OutgoingMessage } from './use-send-message';

/*
 * A text that failed to send waits in her outbox, which lives in this tab's memory: a reload would lose it (the
 * outbox asks first, and she may go on anyway). When the page goes, the failed texts are written down, and the
 * conversation (or the chat list) puts them back as they were after the reload: each its own message, not sent,
 * with Retry and Delete and its clientMessageId, so a retry of one the server did store is still stored once.
 * They are kept among her message drafts (lib/message-drafts.ts) under `<matchId>/failed`: sessionStorage with her
 * id, deleted with the drafts when she signs out, never read by another member. Only failed ones: a send still on
 * its way has most likely arrived. A photo or voice note cannot be kept this way; the reload's question is all it has.
 */

const FAILED = '/failed';

type Kept = Pick<OutgoingMessage, 'clientMessageId' | 'content' | 'createdAt'>;

/** The conversations with a send that failed on this tab, and whose outbox it is in. */
const conversations = new Map<string, string>();

/** Remembers that a send failed in this conversation, so her text is kept when the page goes. */
export function keepWhenPageGoes(ownerId: string, matchId: string): void {
  conversations.set(matchId, ownerId);
  // The same listener added again is not added twice.
  window.addEventListener('pagehide', keepFailedSends);
}

/**
 * Writes down her failed texts before the page goes. The outbox decides whose they are: once she signs out it is
 * empty, so nothing of hers is written for the next member on this tab. A page kept whole in the back-forward
 * cache keeps its outbox too, and is left alone.
 */
function keepFailedSends(event: PageTransitionEvent): void {
  if (event.persisted) return;
  for (const [matchId, ownerId] of conversations) {
    const failed = (readOutbox(ownerId, matchId) as readonly OutgoingMessage[])
      .filter((message) => message.status === 'failed' && !message.media)
      .map(({ clientMessageId, content, createdAt }): Kept => ({ clientMessageId, content, createdAt }));
    // None is no reason to write: an empty outbox may be another member's, whose drafts these are not.
    if (failed.length > 0) saveMessageDraft(ownerId, matchId + FAILED, JSON.stringify(failed));
  }
}

function isKept(value: unknown): value is Kept {
  const item = value as Partial<Kept> | null;
  return (
    typeof item?.clientMessageId === 'string' && typeof item.content === 'string' && typeof item.createdAt === 'string'
  );
}

/** Puts the failed texts written down before a reload back in her outbox for this conversation, as not sent. */
export function restoreFailedSends(ownerId: string, matchId: string): void {
  const written = readMessageDraft(ownerId, matchId + FAILED);
  if (!written) return;
  saveMessageDraft(ownerId, matchId + FAILED, '');
  let kept: Kept[];
  try {
    const parsed: unknown = JSON.parse(written);
    kept = Array.isArray(parsed) ? parsed.filter(isKept) : [];
  } catch {
    return;
  }
  if (kept.length === 0) return;
  updateOutbox<OutgoingMessage>(ownerId, matchId, (items) => [
    ...kept
      .filter((item) => !items.some((m) => m.clientMessageId === item.clientMessageId))
      .map((item): OutgoingMessage => ({ ...item, status: 'failed' })),
    ...items,
  ]);
  keepWhenPageGoes(ownerId, matchId);
}

/** Every conversation's failed texts back in her outbox (the chat list marks each with a failed send). */
export function restoreAllFailedSends(ownerId: string): void {
  for (const key of Object.keys(readMessageDrafts(ownerId))) {
    if (key.endsWith(FAILED)) restoreFailedSends(ownerId, key.slice(0, -FAILED.length));
  }
}
