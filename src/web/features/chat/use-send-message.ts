import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/session';
import { useOutbox } from '../../lib/outbox';
import type { MediaJob } from './use-send-media';
import { useQueryClient } from '@tanstack/react-query';
import { type Message } from '../../../contract/chat';
import { apiCall, isApiError } from '../../lib/api';
import { toast, toastFailed } from '../../components/ui/toast';
import { upsertMessage } from './chat-cache';
import { newClientMessageId } from './client-message-id';
import { focusMessageBox } from './composer';
import { keepWhenPageGoes, restoreFailedSends } from './failed-sends';
import { useRealtimeClient } from '../../lib/realtime/realtime-provider';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { chatApi } from '../../../contract/api';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { t } from '@lingui/core/macro';

/** A message the user sent that the server has not confirmed yet (or refused). */
export interface OutgoingMessage {
  clientMessageId: string;
  content: string;
  createdAt: string;
  status: 'sending' | 'failed';
  /** A photo or voice message that failed, kept with what a retry needs (`content` says which, as in the chat list). */
  media?: MediaJob;
}

/**
 * A send that failed because her device is offline: the conversation's notice says so already, and the send waits
 * there as not sent, so no toast goes over them (for any other reason one says why).
 */
export function failedOffline(error: unknown): boolean {
  return error instanceof TypeError && !navigator.onLine;
}

/** Why a message did not go: the server's reason, or that Steep could not be reached. */
export function sendFailedToast(error: unknown): void {
  toastFailed(t`Failed to send message`, error, t`Please try again`);
}

/**
 * Product §4: over the socket when it works, else HTTP. Both carry the same clientMessageId, so a
 * socket send whose echo never came and the HTTP retry that follows still store one message.
 */
async function deliver(
  client: RealtimeClient,
  input: { matchId: string; content: string; clientMessageId: string },
): Promise<Message> {
  if (client.getSnapshot().status === 'connected') {
    try {
      return await client.sendMessage(input);
    } catch (error) {
      console.info('Socket send did not complete; sending over HTTP.', error);
    }
  }
  return apiCall(chatApi.sendMessage, { body: { ...input, messageType: 'text' } });
}

/**
 * The server's answer when the conversation is gone for her: a block (either way), an unmatch or a
 * deleted account all end in the same 404 (src/server/features/chat/access.ts), and no retry can
 * change that.
 */
export function isConversationGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.body?.code === 'NOT_FOUND';
}

/**
 * Sending for one conversation. One send is in flight at a time so messages keep their order;
 * a failed one stays on screen to retry (with its original clientMessageId) or discard, unless the
 * conversation itself is gone: then `onConversationGone` runs and nothing is left to retry.
 */
export function useSendMessage(matchId: string, onConversationGone: () => void) {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const me = useCurrentUser();
  // Kept when she leaves the conversation: a send still on its way, or one that failed, is there when she is back.
  const [outbox, setOutbox] = useOutbox<OutgoingMessage>(me.id, matchId);
  const [isSending, setIsSending] = useState(false);
  // What failed here before a reload is back as it was.
  useEffect(() => {
    restoreFailedSends(me.id, matchId);
  }, [me.id, matchId]);

  const run = useCallback(
    async (item: OutgoingMessage): Promise<boolean> => {
      setIsSending(true);
      setOutbox((list) =>
        list.map((m) => (m.clientMessageId === item.clientMessageId ? { ...m, status: 'sending' } : m)),
      );
      try {
        const stored = await deliver(client, { matchId, content: item.content, clientMessageId: item.clientMessageId });
        upsertMessage(queryClient, stored);
        setOutbox((list) => list.filter((m) => m.clientMessageId !== item.clientMessageId));
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
        return true;
      } catch (error) {
        if (isConversationGone(error)) {
          setOutbox((list) => list.filter((m) => m.clientMessageId !== item.clientMessageId));
          onConversationGone();
          return false;
        }
        console.warn('Message not sent.', error);
        setOutbox((list) =>
          list.map((m) => (m.clientMessageId === item.clientMessageId ? { ...m, status: 'failed' } : m)),
        );
        keepWhenPageGoes(me.id, matchId);
        if (!failedOffline(error)) sendFailedToast(error);
        return false;
      } finally {
        setIsSending(false);
      }
    },
    [client, matchId, me.id, queryClient, onConversationGone, setOutbox],
  );

  const send = useCallback(
    (content: string): Promise<boolean> => {
      const item: OutgoingMessage = {
        clientMessageId: newClientMessageId(),
        content: content.trim(),
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      setOutbox((list) => [...list, item]);
      return run(item);
    },
    [run, setOutbox],
  );

  const retry = useCallback((item: OutgoingMessage) => run(item), [run]);

  // One tap deletes what she may not be able to type again (a photo, a voice note): a toast offers it back.
  const discard = useCallback(
    (clientMessageId: string) => {
      const at = outbox.findIndex((m) => m.clientMessageId === clientMessageId);
      const item = outbox[at];
      if (!item) return;
      setOutbox((list) => list.filter((m) => m.clientMessageId !== clientMessageId));
      toast({
        title: t`Unsent message deleted`,
        action: {
          label: t`Undo`,
          onClick: (event) => {
            setOutbox((list) =>
              list.some((m) => m.clientMessageId === clientMessageId)
                ? list
                : [...list.slice(0, at), item, ...list.slice(at)],
            );
            // From the keyboard her focus was on Undo, which goes with the toast (a tap leaves the keyboard closed).
            if (event.detail === 0) focusMessageBox();
          },
        },
      });
    },
    [outbox, setOutbox],
  );

  return { outbox, isSending, send, retry, discard };
}
