import { readMessageDraft, saveMessageDraft } from '../../lib/message-drafts';
import { readOutbox } from '../../lib/outbox';
import type { OutgoingMessage } from './use-send-message';

/*
 * A text that failed to send waits in her outbox, which lives in this tab's memory: a reload would lose it (the
 * outbox asks first, and she may go on anyway). When the page goes, each failed text is put back at the start of
 * her draft in its conversation (sessionStorage), so the composer has it after the reload, and the chat list shows
 * it as a draft. Only failed ones: a send still on its way has most likely arrived, and resending it would say it
 * twice. A photo or voice note cannot be kept this way; the reload's question is all it has.
 */

/** The conversations with a send that failed on this tab, and whose outbox it is in. */
const conversations = new Map<string, string>();

/** Remembers that a send failed in this conversation, so her text is kept when the page goes. */
export function keepWhenPageGoes(ownerId: string, matchId: string): void {
  conversations.set(matchId, ownerId);
  // The same listener added again is not added twice.
  window.addEventListener('pagehide', keepFailedAsDrafts);
}

/**
 * Her failed texts as drafts, before the page goes. The outbox decides whose they are: once she signs out it is
 * empty, so nothing of hers is written for the next member on this tab. A page kept whole in the back-forward
 * cache keeps its outbox too, and is left alone.
 */
export function keepFailedAsDrafts(event?: PageTransitionEvent): void {
  if (event?.persisted) return;
  for (const [matchId, ownerId] of conversations) {
    const failed = (readOutbox(ownerId, matchId) as readonly OutgoingMessage[])
      .filter((message) => message.status === 'failed' && !message.media)
      .map((message) => message.content);
    if (failed.length === 0) continue;
    const draft = readMessageDraft(ownerId, matchId);
    saveMessageDraft(ownerId, matchId, [...failed, draft].filter(Boolean).join('\n'));
  }
}
