import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import type { ParsedFrame, ServerFrame, ServerFrameType } from '../../../contract/realtime';
import { ACCOUNT_SUSPENDED_REASON, PASSWORD_CHANGED_REASON } from '../../../contract/realtime-protocol';
import { toast } from '../../components/ui/toast';
import { useAuth } from '../session';
import { RealtimeClient, socketUrlFor, type RealtimeSnapshot } from './realtime-client';

/**
 * The frame schemas (and zod) are requested when this module runs, alongside the first signed-in
 * screen rather than inside it; the socket opens once they are here (no frame arrives before that).
 */
let parseServerFrame: ((data: string) => ParsedFrame<ServerFrame>) | undefined;
let frameSchemas: Promise<void> | undefined;
function loadFrameSchemas(): Promise<void> {
  frameSchemas ??= import('../../../contract/realtime').then(
    (contract) => {
      parseServerFrame = contract.parseServerFrame;
    },
    (error: unknown) => {
      frameSchemas = undefined;
      throw error;
    },
  );
  return frameSchemas;
}
loadFrameSchemas().catch(() => undefined);

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * One socket for the signed-in user (product §4): opened when a user exists, closed with 1000 on
 * logout or when the app unmounts. `onFrame` (the app passes chat's cache sync) sees every incoming
 * frame before screen handlers run.
 */
export function RealtimeProvider({
  children,
  onFrame,
}: {
  children: ReactNode;
  onFrame: (frame: ServerFrame) => void;
}) {
  const { user, refreshUser } = useAuth();
  const userId = user?.id ?? null;
  const [client] = useState(
    () =>
      new RealtimeClient({
        url: socketUrlFor(window.location),
        // Only called for frames of an open socket, which opens after loadFrameSchemas().
        parseFrame: (data) =>
          parseServerFrame
            ? parseServerFrame(data)
            : { ok: false, message: 'frame schemas not loaded', code: 'INVALID_FRAME' },
        // The first render's onFrame is kept: the app passes one that never changes.
        onFrame,
      }),
  );

  useEffect(() => {
    // A suspension, a password change or a logout elsewhere ended the session: re-check it; a dead one signs
    // out, saying why when it was not her own logout.
    client.setSessionClosedHandler((reason) => {
      void refreshUser().then((me) => {
        if (me) return;
        if (reason === ACCOUNT_SUSPENDED_REASON) {
          toast({
            title: t`Signed out`,
            description: t`Your account has been suspended by the Steep moderators.`,
            variant: 'destructive',
          });
        } else if (reason === PASSWORD_CHANGED_REASON) {
          toast({
            title: t`Signed out`,
            description: t`Your password was changed. Log in with the new one.`,
            duration: 15_000,
          });
        }
      });
    });
    return () => client.setSessionClosedHandler(undefined);
  }, [client, refreshUser]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void loadFrameSchemas()
      .catch(() => undefined)
      .then(() => {
        // Offline before the schemas arrived: connect anyway; its retries end in the usual error state.
        if (!cancelled) client.connect(userId);
      });
    return () => {
      cancelled = true;
      client.disconnect();
    };
  }, [client, userId]);

  useEffect(() => {
    // The network went: said at once (the socket could look open for minutes). Back from an outage: connect now,
    // the retries may have run out meanwhile, and check her session: one that ended while she was away (a sign-out
    // on her other device) refuses the socket's upgrade, which a browser cannot tell from a network error.
    const offline = () => client.goOffline();
    const online = () => {
      client.retryNow();
      void refreshUser().then((me) => {
        // Signed out here by the server's answer alone, she would not know why (tryout).
        if (userId && !me) {
          toast({ title: t`Signed out`, description: t`Your session ended while you were offline. Log in again.` });
        }
      });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [client, refreshUser, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used within RealtimeProvider');
  return client;
}

/** The connection state (product §4: connected, not connected, error) and the client to send with. */
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
