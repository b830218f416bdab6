import { useState, type ReactNode } from 'react';
import { PromptAnswers } from '../../components/prompt-answers';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { TAB_PANEL_CLASS } from '../../components/ui/tab-panel';
import {
  BadgeCheck,
  Briefcase,
  CalendarDays,
  Eye,
  Flame,
  Heart,
  HeartHandshake,
  ImagePlus,
  LogOut,
  MapPin,
  Pencil,
  Settings,
  Shield,
  SlidersHorizontal,
  Star,
  type LucideIcon,
} from 'lucide-react';
import type { ProfileStats } from '../../../contract/profiles';
import type { SelfUser } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth, useCurrentUser } from '../../lib/session';
import { CompletenessBar } from './completeness-bar';
import { formatHeight, formatMonthYear, lifestyleEntries } from '../../lib/profile-format';
import { useUnits } from '../../lib/preferences';
import { interestLabel } from '../../lib/labels/interests';
import { teaNameLabel } from '../../lib/tea-labels';
import { loveLanguageLabel, relationshipGoalLabel } from '../../lib/labels/profile-options';
import { usePhotos, useProfileStats, useStatus } from './queries';
import { AchievementsWidget } from '../../components/achievements-widget';
import { useUserBadges } from '../../lib/badges';
import { StatusCard } from './status-card';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { activeLocale } from '../../lib/i18n';
import { useRealtime } from '../../lib/realtime/realtime-provider';

/** /profile: her own profile (product §2 Profile), all numbers from the server. */
export function ProfilePage() {
  const user = useCurrentUser();
  const stats = useProfileStats(user.id);
  const badges = useUserBadges(user.id);
  const { t } = useLingui();
  useDocumentTitle(t`Your Profile · Steep`);

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <ProfileHeader user={user} dayStreak={stats.data?.dayStreak} />
      <Counters stats={stats.data} isError={stats.isError} />
      {/* Near the top: Settings at the foot of the page sat under every achievement card, screens down. */}
      <QuickActions />
      <StatusCard userId={user.id} />
      <ProfileTabs user={user} stats={stats.data} />
      <AchievementsWidget badges={badges.data} isError={badges.isError} />
    </div>
  );
}

function ProfileHeader({ user, dayStreak }: { user: SelfUser; dayStreak: number | undefined }) {
  const { t } = useLingui();
  // Her last answer said online; with no network she is not, whatever that answer said.
  const { offline } = useRealtime();
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex items-start gap-4">
        <Avatar name={user.name} photos={user.photos} className="size-20 rounded-3xl text-3xl ring-4 ring-white" />
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-[1.6rem] leading-tight font-semibold text-plum-900">
            {user.name}, <span className="font-normal">{user.age}</span>
          </h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-soft">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{user.location}</span>
          </p>
          {user.job && (
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-ink-soft">
              <Briefcase className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{user.job}</span>
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-1.5">
            {user.isVerified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-1 text-xs font-semibold text-sky-800">
                <BadgeCheck className="size-3.5" aria-hidden />
                {t`Verified User`}
              </span>
            )}
            {/* Where she looks for it first (tryout: only Settings led to verification). */}
            {!user.isVerified && (
              <Link
                to="/verification"
                className="inline-flex min-h-8 items-center gap-1 rounded-full border border-sky-800/30 px-2.5 py-1 text-xs font-semibold text-sky-800 hover:bg-sky-100"
              >
                <BadgeCheck className="size-3.5" aria-hidden />
                {t`Get verified`}
              </Link>
            )}
            {user.isOnline && !offline && (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-matcha-100 px-2.5 py-1 text-xs font-semibold text-matcha-700">
                <span aria-hidden className="size-2 rounded-full bg-matcha-500" />
                {t`Online`}
              </span>
            )}
            {dayStreak !== undefined && dayStreak > 0 && (
              <span className="inline-flex items-center gap-1 rounded-full bg-plum-50 px-2.5 py-1 text-xs font-semibold text-plum-700">
                <Flame className="size-3.5" aria-hidden />
                {t`${plural(dayStreak, { one: '#-day streak', other: '#-day streak' })}`}
              </span>
            )}
          </div>
        </div>
      </div>
      <CompletenessBar user={user} />
      <Link to="/profile/edit" className={buttonClasses('outline', 'md', true)}>
        <Pencil className="size-4" aria-hidden />
        {t`Edit Profile`}
      </Link>
    </Card>
  );
}

const COUNTERS: ReadonlyArray<{ key: keyof ProfileStats; label: MessageDescriptor; icon: LucideIcon }> = [
  { key: 'views', label: msg`Views`, icon: Eye },
  { key: 'likes', label: msg`Likes`, icon: Heart },
  { key: 'matches', label: msg`Matches`, icon: HeartHandshake },
  { key: 'superLikes', label: msg`Super Likes`, icon: Star },
];

function Counters({ stats, isError }: { stats: ProfileStats | undefined; isError: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-label={t`Profile numbers`}>
      <dl className="grid grid-cols-4 gap-2">
        {COUNTERS.map(({ key, label, icon: Icon }) => (
          <div
            key={key}
            className="grid justify-items-center gap-1 rounded-2xl border border-plum-100/70 bg-white px-1 py-3 shadow-card"
          >
            <Icon className="size-4 text-plum-500" aria-hidden />
            <dt className="order-3 text-center text-[0.68rem] leading-tight font-semibold text-ink-soft">
              {i18n._(label)}
            </dt>
            <dd className="order-2 font-display text-xl font-semibold text-plum-900 tabular-nums">
              {stats ? (
                i18n.number(stats[key])
              ) : isError ? (
                '–'
              ) : (
                <span className="inline-block h-6 w-6 animate-pulse rounded bg-cream-200" />
              )}
            </dd>
          </div>
        ))}
      </dl>
      {isError && <p className="mt-2 text-center text-xs text-red-700">{t`Your numbers could not be loaded.`}</p>}
    </section>
  );
}

type TabValue = 'overview' | 'details' | 'media' | 'activity';
const TABS: ReadonlyArray<{ value: TabValue; label: MessageDescriptor }> = [
  { value: 'overview', label: msg`Overview` },
  { value: 'details', label: msg`Details` },
  { value: 'media', label: msg`Media` },
  { value: 'activity', label: msg`Activity` },
];

function ProfileTabs({ user, stats }: { user: SelfUser; stats: ProfileStats | undefined }) {
  const [tab, setTab] = useState<TabValue>('overview');
  const { t, i18n } = useLingui();
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabValue)} className="grid gap-3">
      <Tabs.List aria-label={t`Profile sections`} className="grid grid-cols-4 gap-1 rounded-full bg-cream-200/80 p-1">
        {TABS.map(({ value, label }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="min-h-10 rounded-full text-[0.8rem] font-semibold text-ink-soft transition-colors data-[state=active]:bg-white data-[state=active]:text-plum-800 data-[state=active]:shadow-card"
          >
            {i18n._(label)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="overview" className={TAB_PANEL_CLASS}>
        <Overview user={user} />
      </Tabs.Content>
      <Tabs.Content value="details" className={TAB_PANEL_CLASS}>
        <Details user={user} />
      </Tabs.Content>
      <Tabs.Content value="media" className={TAB_PANEL_CLASS}>
        <Media userId={user.id} />
      </Tabs.Content>
      <Tabs.Content value="activity" className={TAB_PANEL_CLASS}>
        <Activity user={user} stats={stats} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Tags({ items, tone }: { items: readonly string[]; tone: 'plum' | 'matcha' }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className={cn(
            'rounded-full px-3 py-1 text-sm font-medium',
            tone === 'plum' ? 'bg-plum-50 text-plum-800' : 'bg-matcha-100 text-matcha-700',
          )}
        >
          {item}
        </li>
      ))}
    </ul>
  );
}

const addLink = (text: string) => (
  <Link to="/profile/edit" className="text-sm font-semibold text-plum-700 underline-offset-4 hover:underline">
    {text}
  </Link>
);

function Overview({ user }: { user: SelfUser }) {
  const { t, i18n } = useLingui();
  return (
    <Card className="grid gap-5 p-4">
      <Section title={t`About`}>
        {user.bio ? (
          <p className="leading-relaxed whitespace-pre-line wrap-anywhere text-ink">{user.bio}</p>
        ) : (
          addLink(t`Write a bio`)
        )}
      </Section>
      <Section title={t`Prompts`}>
        {user.prompts.length > 0 ? <PromptAnswers prompts={user.prompts} /> : addLink(t`Answer a prompt`)}
      </Section>
      <Section title={t`Interests`}>
        {user.interests.length > 0 ? (
          <Tags items={user.interests.map(interestLabel)} tone="plum" />
        ) : (
          addLink(t`Choose interests`)
        )}
      </Section>
      {/* The teas she drinks, not the Tea community (a name kept in every language): its own message, so it is
          translated ("Tea" stayed English on her Spanish profile: tryout). */}
      <Section title={t({ message: 'Tea', context: 'the drinks she likes' })}>
        {user.teaInterests.length > 0 ? (
          <Tags items={user.teaInterests.map((tea) => teaNameLabel(i18n, tea))} tone="matcha" />
        ) : (
          addLink(t`Pick your teas`)
        )}
      </Section>
    </Card>
  );
}

function Details({ user }: { user: SelfUser }) {
  const { t } = useLingui();
  const units = useUnits();
  const rows: Array<[string, string | null]> = [
    [t`Job`, user.job],
    [t`Education`, user.education],
    [t`Height`, user.height === null ? null : formatHeight(user.height, units)],
    [t`Pronouns`, user.pronouns],
    [t`Relationship goals`, user.relationshipGoals && relationshipGoalLabel(user.relationshipGoals)],
    [t`Love language`, user.loveLanguage && loveLanguageLabel(user.loveLanguage)],
    ...lifestyleEntries(user.lifestyle),
  ];
  return (
    <Card className="p-4">
      <dl className="divide-y divide-cream-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2.5 text-sm first:pt-0 last:pb-0">
            <dt className="text-ink-soft">{label}</dt>
            <dd className={cn('text-right font-medium', value ? 'text-ink' : 'text-ink-soft/70')}>
              {value ?? t`Not added yet`}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Media({ userId }: { userId: string }) {
  const { data: photos, isPending, isError } = usePhotos(userId);
  const { t } = useLingui();
  return (
    <Card className="grid gap-3 p-4">
      {isPending ? (
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="aspect-[3/4] animate-pulse rounded-2xl bg-cream-200" />
          ))}
        </div>
      ) : isError ? (
        <p className="text-sm text-red-700">{t`Your photos could not be loaded.`}</p>
      ) : photos.length === 0 ? (
        <p className="text-sm text-ink-soft">{t`No photos yet. Profiles with at least 2 photos get more likes.`}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label={t`Your photos`}>
          {photos.map((photo, index) => {
            const number = index + 1;
            return (
              <li key={photo.id} className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-cream-200">
                <img
                  src={photo.thumbnailUrl}
                  alt={t`Photo ${number}`}
                  className="size-full object-cover"
                  loading="lazy"
                />
                {index === 0 && (
                  <span className="absolute bottom-1.5 left-1.5 rounded-full bg-plum-900/70 px-2 py-0.5 text-[0.65rem] font-semibold text-white">
                    {t`Main`}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/profile/edit" className={buttonClasses('ghost', 'md', true)}>
        <ImagePlus className="size-4" aria-hidden />
        {t`Manage photos`}
      </Link>
    </Card>
  );
}

function Activity({ user, stats }: { user: SelfUser; stats: ProfileStats | undefined }) {
  const { data: status } = useStatus(user.id);
  const { t } = useLingui();
  const posted =
    status && new Date(status.createdAt).toLocaleString(activeLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const rows: Array<{ icon: LucideIcon; label: string; value: string }> = [
    { icon: CalendarDays, label: t`Member since`, value: formatMonthYear(user.createdAt) },
    {
      icon: Flame,
      label: t`Day streak`,
      value: stats ? t`${plural(stats.dayStreak, { one: '# day in a row', other: '# days in a row' })}` : '…',
    },
    {
      icon: Star,
      label: t`Latest status`,
      value: posted ? t`Posted ${posted}` : t`None yet`,
    },
  ];
  return (
    <Card className="p-4">
      <ul className="divide-y divide-cream-200">
        {rows.map(({ icon: Icon, label, value }) => (
          <li key={label} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
            <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-xl bg-plum-50 text-plum-600">
              <Icon className="size-4" />
            </span>
            <span className="flex-1 text-sm text-ink-soft">{label}</span>
            <span className="text-sm font-medium text-ink">{value}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function QuickActions() {
  const { logout } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const { t } = useLingui();
  const tile =
    'flex min-h-14 items-center gap-3 rounded-2xl border border-plum-100/70 bg-white px-4 text-sm font-semibold text-ink shadow-card transition-colors hover:bg-plum-50';
  const links: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
    { to: '/safety', label: t`Privacy`, icon: Shield },
    { to: '/settings', label: t`Settings`, icon: Settings },
    { to: '/preferences', label: t`Preferences`, icon: SlidersHorizontal },
  ];
  return (
    <section aria-labelledby="quick-actions" className="grid gap-2">
      <h2 id="quick-actions" className="px-1 font-semibold text-ink">
        {t`Quick Actions`}
      </h2>
      <div className="grid grid-cols-2 gap-2">
        {links.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={tile}>
            <Icon className="size-4 text-plum-600" aria-hidden />
            {label}
          </Link>
        ))}
        <button
          type="button"
          className={cn(tile, 'text-red-700')}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            // Signed out, the screen is gone; not (offline), the button is back for another try.
            void logout().finally(() => setSigningOut(false));
          }}
        >
          <LogOut className="size-4" aria-hidden />
          {signingOut ? t`Logging out…` : t`Logout`}
        </button>
      </div>
    </section>
  );
}
