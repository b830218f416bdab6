import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_STOP_AFTER_MS } from '../../../contract/realtime';
import { useRealtime, useRealtimeClient, useRealtimeEvent } from '../../lib/realtime/realtime-provider';

/** While she keeps typing, `typing` is repeated this often so the other side's indicator stays on. */
const TYPING_REPEAT_MS = 3_000;
/** The indicator turns itself off if no signal came for this long (a lost stop_typing must not stick). */
const TYPING_SHOWN_FOR_MS = 6_000;

/**
 * Outgoing typing signals (product §4 Chat): `typing` on input, `stop_typing` after 2 s without typing,
 * when the input becomes empty, after sending and when the conversation closes.
 */
export function useTypingSignal(matchId: string) {
  const client = useRealtimeClient();
  const isTyping = useRef(false);
  const lastSentAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (idleTimer.current !== null) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (!isTyping.current) return;
    isTyping.current = false;
    client.send({ type: 'stop_typing', matchId });
  }, [client, matchId]);

  const onInput = useCallback(
    (value: string) => {
      if (!value.trim()) {
        stop();
        return;
      }
      const now = Date.now();
      if (
        (!isTyping.current || now - lastSentAt.current >= TYPING_REPEAT_MS) &&
        client.send({ type: 'typing', matchId })
      ) {
        isTyping.current = true;
        lastSentAt.current = now;
      }
      if (idleTimer.current !== null) clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(stop, TYPING_STOP_AFTER_MS);
    },
    [client, matchId, stop],
  );

  useEffect(() => stop, [stop]);

  return { onInput, stop };
}

/** Whether someone else is typing in this conversation, from incoming typing / stop_typing frames. */
export function usePartnerTyping(matchId: string, myId: string): boolean {
  const { isConnected } = useRealtime();
  const [typing, setTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hide = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setTyping(false);
  }, []);

  useRealtimeEvent('typing', (frame) => {
    if (frame.matchId !== matchId || frame.userId === myId) return;
    setTyping(true);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(hide, TYPING_SHOWN_FOR_MS);
  });
  useRealtimeEvent('stop_typing', (frame) => {
    if (frame.matchId === matchId && frame.userId !== myId) hide();
  });
  useRealtimeEvent('message', (frame) => {
    if (frame.matchId === matchId && frame.senderId !== myId) hide();
  });

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return typing && isConnected;
}
