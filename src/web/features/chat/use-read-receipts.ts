import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Message } from '../../../contract/chat';
import { apiCall } from '../../lib/api';
import { setMessageRead } from './chat-cache';
import { useRealtimeClient, useRealtimeEvent } from '../../lib/realtime/realtime-provider';
import { chatApi } from '../../../contract/api';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isVisible = () => document.visibilityState === 'visible';

/**
 * Product §4: incoming messages are marked read while the conversation is open (and the tab is in
 * view) — over the socket when connected, else PUT /api/messages/{id}/read.
 */
export function useReadReceipts(matchId: string, messages: Message[], myId: string): void {
  const queryClient = useQueryClient();
  const client = useRealtimeClient();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const sent = useRef(new Set<string>());

  // A receipt sent over a socket that then dropped may be lost: allow it again after a reconnect.
  useRealtimeEvent('connected', () => sent.current.clear());

  useEffect(() => {
    if (!visible) return;
    const unread = messages.filter((m) => m.senderId !== myId && !m.readAt && !sent.current.has(m.id));
    if (unread.length === 0) return;
    for (const m of unread) sent.current.add(m.id);
    const readAt = new Date().toISOString();
    void Promise.allSettled(
      unread.map(async (m) => {
        try {
          if (!client.send({ type: 'read_receipt', messageId: m.id })) {
            await apiCall(chatApi.markRead, { params: { id: m.id } });
          }
          setMessageRead(queryClient, matchId, m.id, readAt);
        } catch (error) {
          sent.current.delete(m.id);
          console.warn('Read receipt not sent.', error);
        }
      }),
    ).then(() => queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) }));
  }, [client, matchId, messages, myId, queryClient, visible]);
}
