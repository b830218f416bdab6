import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '../lib/lazy-part';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { overlayLeaving, releaseOverlay, requestOverlay, useOverlayTurn } from '../lib/overlay-queue';
import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  BookOpen,
  CalendarCheck,
  CalendarHeart,
  Coffee,
  Crown,
  Ear,
  Flame,
  HandHeart,
  Heart,
  MessageCircle,
  ShieldCheck,
  Snowflake,
  Sparkles,
  Sunrise,
  Trophy,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { CARD_BADGES_SHOWN, badgeById } from '../../contract/badge-catalogue';
import type { UserBadge } from '../../contract/badges';
import { useCheckAchievements, userBadgesRoute } from '../lib/badges';
import { queryKeyOf } from '../lib/query-key';
import { withMessages } from '../lib/i18n';
import { badgeName } from '../lib/labels/badges';
import { cn } from '../lib/cn';
import { useRealtimeEvent } from '../lib/realtime/realtime-provider';

const ICONS: Record<string, LucideIcon> = {
  Heart,
  Sparkles,
  MessageCircle,
  Snowflake,
  Ear,
  Flame,
  CalendarCheck,
  UserCheck,
  Sunrise,
  BadgeCheck,
  Crown,
  CalendarHeart,
  Users,
  BookOpen,
  HandHeart,
  Coffee,
  ShieldCheck,
};

export const BADGE_TONES: Record<string, string> = {
  plum: 'bg-plum-100 text-plum-800',
  matcha: 'bg-matcha-100 text-matcha-700',
  amber: 'bg-amber-100 text-amber-800',
  sky: 'bg-sky-100 text-sky-800',
  rose: 'bg-rose-100 text-rose-800',
};

export function BadgeIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Trophy;
  return <Icon className={className} aria-hidden />;
}

/** A small pill for an earned badge. */
export function BadgeChip({ id, className }: { id: string; className?: string }) {
  const badge = badgeById(id);
  if (!badge) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        BADGE_TONES[badge.color],
        className,
      )}
    >
      <BadgeIcon icon={badge.icon} className="size-3.5" />
      {badgeName(badge.id)}
    </span>
  );
}

/** Product §9: three earned badges on a card, then '+N more'. */
export function CardBadges({ ids, className }: { ids: readonly string[]; className?: string }) {
  const { t } = useLingui();
  if (ids.length === 0) return null;
  const extra = ids.length - CARD_BADGES_SHOWN;
  return (
    <ul aria-label={t`Badges`} className={cn('flex flex-wrap gap-1.5', className)}>
      {ids.slice(0, CARD_BADGES_SHOWN).map((id) => (
        <li key={id}>
          <BadgeChip id={id} />
        </li>
      ))}
      {extra > 0 && (
        <li className="rounded-full bg-white/80 px-2 py-0.5 text-xs font-semibold text-plum-800">{t`+${extra} more`}</li>
      )}
    </ul>
  );
}

/** The badge closest to done, for a nudge on Discover: '2 more matches to Social Butterfly'. */
export function closestBadge(badges: UserBadge[] | undefined): UserBadge | undefined {
  return badges
    ?.filter((b) => !b.earnedAt && b.progress > 0 && b.maxProgress > 1)
    .sort((a, b) => b.progress / b.maxProgress - a.progress / a.maxProgress)[0];
}

const BADGE_OVERLAY_KEY = 'badge-reveal';

const BadgeRevealCard = lazyPart(
  withMessages('rest', () => import('./badge-reveal-card').then((m) => ({ default: m.BadgeRevealCard }))),
);

/**
 * Reveals badges as they are earned, wherever she is: frames arriving together are shown together,
 * one after another 150 ms apart (product §9). Her session-start check's new badges too, whether or not
 * their frames reach her; each badge is revealed once.
 */
export function BadgeReveal({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<UserBadge[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const revealed = useRef(new Set<string>());
  const reveal = (badges: UserBadge[]) => {
    const fresh = badges.filter((badge) => !revealed.current.has(badge.id));
    if (fresh.length === 0) return;
    for (const badge of fresh) revealed.current.add(badge.id);
    setShown((current) => [...current, ...fresh]);
  };

  useCheckAchievements(userId, reveal);
  useRealtimeEvent('badge_earned', ({ badge }) => {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(userBadgesRoute) });
    reveal([badge]);
  });

  // One overlay at a time: the card waits behind the tour, a match celebration and a toast; its 6 s start on screen.
  const hasBadges = shown.length > 0;
  const myTurn = useOverlayTurn(BADGE_OVERLAY_KEY);
  useEffect(() => {
    if (hasBadges) requestOverlay('badge', BADGE_OVERLAY_KEY);
    // A card on screen keeps the screen while it animates out and gives its turn up when the exit ends
    // (onExitComplete), so a celebration arriving meanwhile waits instead of overlapping it.
    else overlayLeaving(BADGE_OVERLAY_KEY);
  }, [hasBadges]);
  useEffect(() => () => releaseOverlay(BADGE_OVERLAY_KEY), []);
  // Also exits when a higher overlay (the tour, a celebration, a toast) takes the screen: then it keeps its place.
  const closed = useRef(!hasBadges);
  useEffect(() => {
    closed.current = !hasBadges;
  }, [hasBadges]);

  // She went on to another screen: the card stays behind (the badge is in her achievements) rather than covering
  // what she came there to do.
  const { pathname } = useLocation();
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    if (hasBadges && myTurn) setShown([]);
  }

  useEffect(() => {
    if (!myTurn) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown([]), 6000);
    return () => clearTimeout(timer.current);
  }, [shown, myTurn]);

  // The card loads on the first badge, then stays mounted so it can animate out.
  const [wanted, setWanted] = useState(false);
  if (hasBadges && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BadgeRevealCard
        shown={shown}
        onScreen={hasBadges && myTurn}
        preempted={hasBadges}
        onClose={() => setShown([])}
        onGone={() => {
          if (closed.current) releaseOverlay(BADGE_OVERLAY_KEY);
        }}
      />
    </Suspense>
  );
}
