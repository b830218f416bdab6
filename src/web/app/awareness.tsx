import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AnimatePresence } from 'motion/react';
import { MessageCircle, X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { ServerFrame } from '../../contract/realtime';
import { MatchCelebration } from '../features/discovery/match-celebration';
import { formatBadgeCount } from '../features/notifications/notifications-api';
import { celebrateMatch, celebrationGone, closeCelebration, useCelebration } from '../lib/celebration-store';
import { matchListRoute, useMatches } from '../lib/matches';
import { useAppBadge } from '../lib/pwa';
import { invalidateRoutes, queryKeyOf } from '../lib/query-key';
import { useRealtimeEvent } from '../lib/realtime/realtime-provider';
import { useCurrentUser } from '../lib/session';
import { useFollowPreferenceSaves } from '../lib/preferences';
import { BELL_ROUTES } from '../lib/shared-routes';

/** How long the new-message banner stays unless tapped or closed. */
const BANNER_MS = 6_000;

interface Banner {
  matchId: string;
  preview: string;
}

/** Unread messages across her conversations, from the chat list the socket keeps fresh (no polling). */
export function useUnreadMessages(): number {
  const matches = useMatches();
  return (matches.data ?? []).reduce((sum, m) => sum + (m.unreadCount ?? 0), 0);
}

/**
 * Once per signed-in app start, when she has allowed notifications: puts this device's current push
 * subscription on the server if the push service changed it (push-resync.ts). Loaded only then, so
 * nobody else downloads it.
 */
function usePushResync(): void {
  useEffect(() => {
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    import('../features/settings/push-client')
      .then(({ resyncPushOnStart }) => resyncPushOnStart())
      .catch((error: unknown) => {
        // The next start tries again; push for this device is only as stale as it was.
        console.warn('Push re-sync failed.', error);
      });
  }, []);
}

/**
 * Real-time awareness on every signed-in screen: a banner for a message that arrives
 * outside its conversation, the bell count on a new like, the match celebration on both phones, and
 * the unread count in the tab title.
 */
export function AppAwareness() {
  const me = useCurrentUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const [banner, setBanner] = useState<Banner | null>(null);
  const { t } = useLingui();
  const celebration = useCelebration();
  const unread = useUnreadMessages();
  useAppBadge((matches.data ?? []).filter((m) => (m.unreadCount ?? 0) > 0).length);
  usePushResync();
  useFollowPreferenceSaves(me.id);

  useRealtimeEvent('message', (frame: ServerFrame<'message'>) => {
    // Her own messages, and screens that already show it live (that conversation, the chat list), need no banner.
    if (
      frame.senderId === me.id ||
      location.pathname === '/chats' ||
      location.pathname === `/conversation/${frame.matchId}`
    )
      return;
    setBanner({ matchId: frame.matchId, preview: frame.message.content.slice(0, 90) });
  });
  useRealtimeEvent('like_received', () => {
    void invalidateRoutes(queryClient, BELL_ROUTES);
  });
  useRealtimeEvent('match', (frame: ServerFrame<'match'>) => {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
    void invalidateRoutes(queryClient, BELL_ROUTES);
    celebrateMatch({
      id: frame.matchId,
      otherUser: { name: frame.otherName, photos: frame.otherPhoto ? [frame.otherPhoto] : [] },
      mode: frame.mode,
    });
  });

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  // Pages set their own titles; the unread count is put in front of whichever is showing.
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\) /, '');
    const count = formatBadgeCount(unread);
    document.title = count ? `(${count}) ${base}` : base;
  }, [unread, location.pathname]);

  // Named from the chat list when it shows: a first message can come before the list that knows the new match has
  // arrived (the frame refreshes it), and 'A match' is for a list that answered without her.
  const sender = banner
    ? (matches.data?.find((m) => m.id === banner.matchId)?.otherUser.name ?? (matches.isFetching ? null : t`A match`))
    : null;

  return (
    <>
      {banner && sender !== null && (
        <div className="pointer-events-none fixed inset-x-0 top-2 z-50 mx-auto flex w-full max-w-md justify-center px-3">
          <div
            role="status"
            aria-live="polite"
            className="pointer-events-auto flex w-full animate-sheet-up items-center gap-3 rounded-2xl border border-plum-100 bg-white p-3 shadow-float"
          >
            <Link
              to={`/conversation/${banner.matchId}`}
              onClick={() => setBanner(null)}
              className="flex min-h-11 min-w-0 flex-1 items-center gap-3"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-plum-100 text-plum-700">
                <MessageCircle className="size-5" aria-hidden />
              </span>
              <span className="grid min-w-0">
                <span className="truncate text-sm font-semibold text-ink">{t`New message from ${sender}`}</span>
                <span className="truncate text-sm text-ink-soft">{banner.preview}</span>
              </span>
            </Link>
            <button
              type="button"
              aria-label={t`Dismiss message banner`}
              onClick={() => setBanner(null)}
              className="grid size-11 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-cream-100"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      )}
      <AnimatePresence onExitComplete={celebrationGone}>
        {celebration && <MatchCelebration match={celebration} me={me} onClose={closeCelebration} />}
      </AnimatePresence>
    </>
  );
}
