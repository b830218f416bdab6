import { useLingui } from '@lingui/react/macro';
import { Lock, Trophy } from 'lucide-react';
import type { UserBadge } from '../../contract/badges';
import { cn } from '../lib/cn';
import { activeLocale } from '../lib/i18n';
import { badgeDetails } from '../lib/labels/badge-details';
import { badgeName } from '../lib/labels/badges';
import { BADGE_TONES, BadgeIcon } from './badges';
import { Card } from './ui/card';
import { Meter } from './ui/meter';

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
            <li key={b.id} className={cn('grid gap-1 rounded-2xl p-3', BADGE_TONES[b.badge.color])}>
              <BadgeIcon icon={b.badge.icon} className="size-5" />
              <span className="text-sm font-semibold">{badgeName(b.id)}</span>
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
                    <span className="truncate text-sm font-semibold text-ink">{badgeName(b.id)}</span>
                    <span className="shrink-0 text-xs text-ink-soft">
                      {b.progress}/{b.maxProgress}
                    </span>
                  </div>
                  <span className="text-xs text-ink-soft">{badgeDetails(b.id).rule}</span>
                  {started && (
                    <Meter
                      percent={Math.round((100 * b.progress) / b.maxProgress)}
                      label={t`${badgeName(b.id)} progress`}
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
