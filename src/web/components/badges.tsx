import { useEffect, useRef, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { releaseOverlay, requestOverlay, useOverlayTurn } from '../lib/overlay-queue';
import { AnimatePresence, m, useReducedMotion } from 'motion/react';
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
  Lock,
  MessageCircle,
  ShieldCheck,
  Snowflake,
  Sparkles,
  Sunrise,
  Trophy,
  UserCheck,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { BADGE_REVEAL_STAGGER_MS, CARD_BADGES_SHOWN, badgeById } from '../../contract/badge-catalogue';
import type { UserBadge } from '../../contract/badges';
import { BADGES_QUERY_PREFIX } from '../lib/badges';
import { activeLocale } from '../lib/i18n';
import { badgeText } from '../lib/labels/badges';
import { cn } from '../lib/cn';
import { useRealtimeEvent } from '../lib/realtime/realtime-provider';
import { Card } from './ui/card';
import { Meter } from './ui/meter';

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

const TONES: Record<string, string> = {
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
        TONES[badge.color],
        className,
      )}
    >
      <BadgeIcon icon={badge.icon} className="size-3.5" />
      {badgeText(badge.id).name}
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

const earnedDate = (iso: string) =>
  new Date(iso).toLocaleDateString(activeLocale(), { month: 'short', day: 'numeric', year: 'numeric' });

/** /profile's widget: earned with dates, in progress with bars, the rest greyed out. */
export function AchievementsWidget({ badges, isError }: { badges: UserBadge[] | undefined; isError: boolean }) {
  const { t } = useLingui();
  const earned = badges?.filter((b) => b.earnedAt) ?? [];
  const rest = badges?.filter((b) => !b.earnedAt) ?? [];
  return (
    <Card className="grid gap-4 p-4" aria-labelledby="achievements-title" role="region">
      <div className="flex items-center gap-3">
        <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-plum-50 text-plum-600">
          <Trophy className="size-5" />
        </span>
        <div>
          <h2 id="achievements-title" className="font-semibold text-ink">
            {t`Achievements`}
          </h2>
          <p className="text-sm text-ink-soft">
            {badges
              ? t`${earned.length} of ${badges.length} earned`
              : isError
                ? t`Couldn't load your badges`
                : t`Loading…`}
          </p>
        </div>
      </div>
      {earned.length > 0 && (
        <ul className="grid grid-cols-2 gap-2" aria-label={t`Earned badges`}>
          {earned.map((b) => (
            <li key={b.id} className={cn('grid gap-1 rounded-2xl p-3', TONES[b.badge.color])}>
              <BadgeIcon icon={b.badge.icon} className="size-5" />
              <span className="text-sm font-semibold">{badgeText(b.id).name}</span>
              <span className="text-xs">{earnedDate(b.earnedAt!)}</span>
            </li>
          ))}
        </ul>
      )}
      {rest.length > 0 && (
        <ul className="grid gap-2" aria-label={t`Badges to earn`}>
          {rest.map((b) => {
            const started = b.progress > 0;
            return (
              <li
                key={b.id}
                // Not started: a dashed outline says so; fading the row would fade its text below 4.5:1.
                className={cn(
                  'flex items-center gap-3 rounded-2xl bg-cream-100 p-3',
                  !started && 'border border-dashed border-cream-300',
                )}
              >
                <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-xl bg-white text-ink-soft">
                  {started ? <BadgeIcon icon={b.badge.icon} className="size-4" /> : <Lock className="size-4" />}
                </span>
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="truncate text-sm font-semibold text-ink">{badgeText(b.id).name}</span>
                    <span className="shrink-0 text-xs text-ink-soft">
                      {b.progress}/{b.maxProgress}
                    </span>
                  </div>
                  <span className="text-xs text-ink-soft">{badgeText(b.id).rule}</span>
                  {started && (
                    <Meter
                      percent={Math.round((100 * b.progress) / b.maxProgress)}
                      label={t`${badgeText(b.id).name} progress`}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The badge closest to done, for a nudge on Discover: '2 more matches to Social Butterfly'. */
export function closestBadge(badges: UserBadge[] | undefined): UserBadge | undefined {
  return badges
    ?.filter((b) => !b.earnedAt && b.progress > 0 && b.maxProgress > 1)
    .sort((a, b) => b.progress / b.maxProgress - a.progress / a.maxProgress)[0];
}

const BADGE_OVERLAY_KEY = 'badge-reveal';

/**
 * Reveals badges as they are earned, wherever she is: frames arriving together are shown together,
 * one after another 150 ms apart (product §9).
 */
export function BadgeReveal() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const reduceMotion = useReducedMotion();
  const [shown, setShown] = useState<UserBadge[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useRealtimeEvent('badge_earned', ({ badge }) => {
    void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_PREFIX });
    setShown((current) => (current.some((b) => b.id === badge.id) ? current : [...current, badge]));
  });

  // One overlay at a time: the card waits behind the tour, a match celebration and a toast; its 6 s start on screen.
  const hasBadges = shown.length > 0;
  const myTurn = useOverlayTurn(BADGE_OVERLAY_KEY);
  useEffect(() => {
    if (hasBadges) requestOverlay('badge', BADGE_OVERLAY_KEY);
    // A card on screen gives its turn up when its exit animation ends (onExitComplete), so nothing overlaps.
    else if (!myTurn) releaseOverlay(BADGE_OVERLAY_KEY);
  }, [hasBadges, myTurn]);
  useEffect(() => () => releaseOverlay(BADGE_OVERLAY_KEY), []);
  // Also exits when a higher overlay (the tour, a celebration, a toast) takes the screen: then it keeps its place.
  const closed = useRef(!hasBadges);
  useEffect(() => {
    closed.current = !hasBadges;
  }, [hasBadges]);

  useEffect(() => {
    if (!myTurn) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown([]), 6000);
    return () => clearTimeout(timer.current);
  }, [shown, myTurn]);

  return (
    <AnimatePresence
      // Taken off screen by a higher overlay: gone at once, so the two are never drawn together.
      custom={hasBadges}
      onExitComplete={() => {
        if (closed.current) releaseOverlay(BADGE_OVERLAY_KEY);
      }}
    >
      {hasBadges && myTurn && (
        <m.div
          role="status"
          aria-label={t`New badge`}
          initial={{ opacity: 0, y: -16 }}
          animate={{ opacity: 1, y: 0 }}
          variants={{
            exit: (preempted: boolean) =>
              preempted ? { opacity: 0, transition: { duration: 0 } } : { opacity: 0, y: -16 },
          }}
          exit="exit"
          className="fixed inset-x-4 top-20 z-50 mx-auto max-w-sm rounded-(--radius-card) bg-white p-4 shadow-float"
        >
          <div className="mb-2 flex items-center justify-between">
            <p className="font-display text-lg font-semibold text-plum-900">
              {t`${plural(shown.length, { one: 'Badge earned!', other: '# badges earned!' })}`}
            </p>
            <button
              type="button"
              aria-label={t`Close`}
              onClick={() => setShown([])}
              className="grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <ul className="grid gap-2">
            {shown.map((b, index) => (
              <m.li
                key={b.id}
                initial={reduceMotion ? false : { opacity: 0, scale: 0.6 }}
                animate={{ opacity: 1, scale: 1 }}
                transition={{
                  delay: (index * BADGE_REVEAL_STAGGER_MS) / 1000,
                  type: 'spring',
                  stiffness: 320,
                  damping: 18,
                }}
                className={cn('flex items-center gap-3 rounded-2xl p-3', TONES[b.badge.color])}
              >
                <BadgeIcon icon={b.badge.icon} className="size-6" />
                <span>
                  <span className="block font-semibold">{badgeText(b.id).name}</span>
                  <span className="text-sm">{badgeText(b.id).description}</span>
                </span>
              </m.li>
            ))}
          </ul>
        </m.div>
      )}
    </AnimatePresence>
  );
}
