import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarHeart, Crown, Lock, SlidersHorizontal, Zap } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { BoostTile } from '../../components/boost-tile';
import { BadgeIcon, closestBadge } from '../../components/badges';
import { Meter } from '../../components/ui/meter';
import { badgeNudge, useUserBadges } from '../../lib/badges';
import { useLingui } from '@lingui/react/macro';
import { badgeName } from '../../lib/labels/badges';

const tile =
  'flex min-h-20 flex-col justify-between gap-2 rounded-2xl border p-3 text-left transition-[background-color,transform] active:scale-[0.98]';

function TileText({ title, text }: { title: string; text: string }) {
  return (
    <span className="grid leading-tight">
      <span className="text-sm font-semibold text-ink">{title}</span>
      <span className="text-xs text-ink-soft">{text}</span>
    </span>
  );
}

function TileIcon({ children, className }: { children: ReactNode; className: string }) {
  return (
    <span aria-hidden className={cn('grid size-8 place-items-center rounded-xl', className)}>
      {children}
    </span>
  );
}

/** The badge she is closest to, when she has started on one: '2 more matches to Social Butterfly'. */
function BadgeNudge({ userId }: { userId: string }) {
  const closest = closestBadge(useUserBadges(userId).data);
  const { t } = useLingui();
  if (!closest) return null;
  const badge = badgeName(closest.id);
  return (
    <Link
      to="/profile"
      data-testid="badge-nudge"
      className="flex items-center gap-3 rounded-2xl bg-amber-50 p-3 ring-1 ring-amber-200 transition-colors hover:bg-amber-100"
    >
      <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-xl bg-white text-amber-700">
        <BadgeIcon icon={closest.badge.icon} className="size-4" />
      </span>
      <span className="grid min-w-0 flex-1 gap-1.5">
        <span className="text-sm font-semibold text-ink">{badgeNudge(closest)}</span>
        <Meter percent={Math.round((100 * closest.progress) / closest.maxProgress)} label={t`${badge} progress`} />
      </span>
    </Link>
  );
}

/**
 * Profile Boost, Filters, Events, Go Premium, and a nudge towards her closest badge. Premium members boost from here (the shared BoostTile:
 * 2× rank for 30 minutes, once a day, with the time left).
 */
export function QuickActions({ userId, isPremium }: { userId: string; isPremium: boolean }) {
  const { t } = useLingui();
  return (
    <Card className="grid gap-3">
      <h2 className="font-semibold text-ink">{t`Quick Actions`}</h2>
      <ul className="grid grid-cols-2 gap-2.5">
        <li>
          {isPremium ? (
            <BoostTile className={tile} />
          ) : (
            <Link to="/subscribe" className={cn(tile, 'border-cream-300 bg-cream-50 hover:bg-white')}>
              <span className="flex items-center justify-between">
                <TileIcon className="bg-cream-200 text-ink-soft">
                  <Zap className="size-4" />
                </TileIcon>
                <Lock className="size-4 text-ink-soft" aria-label="Premium" />
              </span>
              <TileText title={t`Profile Boost`} text={t`Premium · 2× visibility`} />
            </Link>
          )}
        </li>
        <li>
          <Link to="/filters" className={cn(tile, 'border-cream-300 bg-cream-50 hover:bg-white')}>
            <TileIcon className="bg-plum-100 text-plum-700">
              <SlidersHorizontal className="size-4" />
            </TileIcon>
            <TileText title={t`Filters`} text={t`Age, distance, tea`} />
          </Link>
        </li>
        <li>
          <Link to="/events" className={cn(tile, 'border-cream-300 bg-cream-50 hover:bg-white')}>
            <TileIcon className="bg-matcha-100 text-matcha-700">
              <CalendarHeart className="size-4" />
            </TileIcon>
            <TileText title={t`Events`} text={t`Tea meetups nearby`} />
          </Link>
        </li>
        <li>
          {isPremium ? (
            <div className={cn(tile, 'border-plum-200 bg-plum-50')}>
              <TileIcon className="bg-plum-700 text-amber-300">
                <Crown className="size-4" />
              </TileIcon>
              <TileText title="Premium" text={t`All features unlocked`} />
            </div>
          ) : (
            <Link to="/subscribe" className={cn(tile, 'border-plum-700 bg-plum-700 hover:bg-plum-800')}>
              <TileIcon className="bg-white/15 text-amber-300">
                <Crown className="size-4" />
              </TileIcon>
              <span className="grid leading-tight">
                <span className="text-sm font-semibold text-white">{t`Go Premium`}</span>
                <span className="text-xs text-plum-100">{t`Unlimited likes`}</span>
              </span>
            </Link>
          )}
        </li>
      </ul>
      <BadgeNudge userId={userId} />
    </Card>
  );
}
