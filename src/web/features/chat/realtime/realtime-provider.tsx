import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerFrame, ServerFrameType } from '../../../../contract/realtime';
import { useAuth } from '../../auth/session';
import { syncCacheWithFrame } from '../chat-cache';
import { RealtimeClient, socketUrlFor, type RealtimeSnapshot } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * One socket for the signed-in user (spec 4): opened when a user exists, closed with 1000 on
 * logout or when the app unmounts. Incoming frames update the query cache before screen handlers run.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [client] = useState(
    () =>
      new RealtimeClient({
        url: socketUrlFor(window.location),
        onFrame: (frame) => syncCacheWithFrame(queryClient, frame),
      }),
  );

  useEffect(() => {
    if (!userId) return;
    client.connect(userId);
    return () => client.disconnect();
  }, [client, userId]);

  useEffect(() => {
    // Back from a network outage: the retries may have run out meanwhile.
    const retry = () => client.retryNow();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used within RealtimeProvider');
  return client;
}

/** The connection state (spec 4: connected, not connected, error) and the client to send with. */
export function useRealtime(): RealtimeSnapshot & { isConnected: boolean; client: RealtimeClient } {
  const client = useRealtimeClient();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  return { ...snapshot, isConnected: snapshot.status === 'connected', client };
}

/**
 * Calls `handler` for every incoming frame of `type` while the calling screen is mounted. The
 * latest handler is used, so it may close over fresh state without re-subscribing.
 */
export function useRealtimeEvent<K extends ServerFrameType>(type: K, handler: (frame: ServerFrame<K>) => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.on(type, (frame) => latest.current(frame)), [client, type]);
}
