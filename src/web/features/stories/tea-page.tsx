import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { Tabs } from 'radix-ui';
import { CalendarDays, HeartHandshake, Loader2, MessageSquareText, RefreshCw, Coffee } from 'lucide-react';
import { TEA_CATEGORIES, type TeaCategory } from '../../../contract/stories';
import { TAB_PANEL_CLASS } from '../../components/ui/tab-panel';
import { Button } from '../../components/ui/button';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { TeaPaywall } from './paywall';
import { ShareStoryDialog } from './share-story-dialog';
import { StoryCard } from './story-card';
import { useStories, useTeaStats } from './stories-api';
import { teaCategoryLabel } from '../../lib/tea-labels';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/**
 * /tea (product §2): the paywall for non-members; stories and teas for members. The tea tab is the teas
 * feature's, handed in by the app (app/tea-route.tsx) so features never import each other's components.
 */
export function TeaPage({ teasTab }: { teasTab: ReactNode }) {
  const { t } = useLingui();
  useDocumentTitle(t`Tea`);
  const user = useCurrentUser();
  const stats = useTeaStats(user.hasActiveSubscription);
  // The server has the last word: a subscription that lapsed since sign-in answers 403 PREMIUM_REQUIRED.
  const refused = isApiError(stats.error) && stats.error.body?.code === 'PREMIUM_REQUIRED';
  if (!user.hasActiveSubscription || refused) return <TeaPaywall />;
  return <TeaCommunity teasTab={teasTab} />;
}

function TeaCommunity({ teasTab }: { teasTab: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 px-4 py-5">
      <header className="grid gap-1">
        <h1 className="flex items-center gap-2 font-display text-3xl font-semibold text-plum-900">
          <Coffee className="size-7 text-plum-700" aria-hidden /> Tea
        </h1>
        <p className="text-sm text-ink-soft">{t`Anonymous stories from people who have been there.`}</p>
      </header>
      <Tabs.Root defaultValue="stories" className="grid gap-4">
        <Tabs.List aria-label={t`Tea sections`} className="grid grid-cols-2 rounded-full bg-cream-200 p-1">
          {[
            ['stories', t`Stories`],
            ['teas', t`Teas`],
          ].map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value!}
              className="min-h-10 rounded-full text-sm font-semibold text-ink-soft transition-colors data-[state=active]:bg-white data-[state=active]:text-plum-800 data-[state=active]:shadow-card"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="stories" className={cn(TAB_PANEL_CLASS, 'grid gap-4')}>
          <StoriesSection />
        </Tabs.Content>
        <Tabs.Content value="teas" className={TAB_PANEL_CLASS}>
          {teasTab}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function StatTiles() {
  const { data } = useTeaStats();
  const { t } = useLingui();
  // `id` names the tile for tests in every language.
  const tiles = [
    { id: 'Stories Shared', label: t`Stories Shared`, value: data?.storiesShared, icon: MessageSquareText },
    { id: 'Support Given', label: t`Support Given`, value: data?.supportGiven, icon: HeartHandshake },
    { id: 'This Week', label: t`This Week`, value: data?.storiesThisWeek, icon: CalendarDays },
  ];
  return (
    <>
      {/* Said on screen: without it the community's totals read as hers beside her own line (tryout). */}
      <p id="tea-community-numbers" className="-mb-2 text-center text-xs font-semibold text-ink-soft">
        {t`Across the Tea community`}
      </p>
      <ul className="grid grid-cols-3 gap-2" aria-labelledby="tea-community-numbers">
        {tiles.map(({ id, label, value, icon: Icon }) => (
          <li
            key={id}
            className="grid justify-items-center gap-0.5 rounded-2xl border border-plum-100/70 bg-white px-2 py-3 text-center shadow-card"
          >
            <Icon className="size-4 text-plum-600" aria-hidden />
            <span className="font-display text-2xl font-semibold text-plum-900" data-testid={`stat-${id}`}>
              {value ?? '–'}
            </span>
            <span className="text-[0.7rem] font-semibold tracking-wide text-ink-soft uppercase">{label}</span>
          </li>
        ))}
      </ul>
      {data && (
        // Her own counts: how many, never which stories (the server counts them with the author key).
        <p className="-mt-1 text-center text-xs text-ink-soft" data-testid="my-tea-stats">
          {t`You’ve shared ${plural(data.mine.storiesShared, { one: '# story', other: '# stories' })} and written ${plural(
            data.mine.repliesWritten,
            { one: '# reply', other: '# replies' },
          )}. Only you can see this.`}
        </p>
      )}
    </>
  );
}

function CategoryChips({
  selected,
  onSelect,
}: {
  selected: TeaCategory | null;
  onSelect: (category: TeaCategory | null) => void;
}) {
  const { data } = useTeaStats();
  const { t, i18n } = useLingui();
  const chips: Array<{ value: TeaCategory | null; label: string; count: number | undefined }> = [
    { value: null, label: t`All`, count: data?.storiesShared },
    ...TEA_CATEGORIES.map((c) => ({ value: c, label: teaCategoryLabel(i18n, c), count: data?.categories[c] })),
  ];
  return (
    <div role="group" aria-label={t`Filter by category`} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
      {chips.map(({ value, label, count }) => {
        const pressed = selected === value;
        return (
          <button
            key={value ?? 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(value)}
            className={cn(
              'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
              pressed
                ? 'border-plum-700 bg-plum-700 text-white'
                : 'border-cream-300 bg-white text-ink hover:border-plum-200 hover:bg-plum-50',
            )}
          >
            {label}
            <span
              className={cn(
                'rounded-full px-1.5 text-xs font-semibold',
                pressed ? 'bg-white/20 text-white' : 'bg-cream-200 text-ink-soft',
              )}
            >
              {count ?? 0}
            </span>
          </button>
        );
      })}
    </div>
  );
}

function StoriesSection() {
  const [category, setCategory] = useState<TeaCategory | null>(null);
  const { t, i18n } = useLingui();
  const now = useMinuteClock();
  const stories = useStories(category);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = stories;

  // Infinite scroll: the next page loads as the end of the list comes into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const list = stories.data?.pages.flatMap((p) => p.stories) ?? [];

  return (
    <>
      <StatTiles />
      <ShareStoryDialog />
      <CategoryChips selected={category} onSelect={setCategory} />
      <section aria-label={t`Stories`} aria-busy={stories.isPending} className="grid gap-3">
        {stories.isPending && (
          <p className="flex items-center justify-center gap-2 py-10 text-sm text-ink-soft">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t`Loading stories…`}
          </p>
        )}
        {stories.isError && list.length === 0 && (
          <div className="grid justify-items-center gap-3 rounded-(--radius-card) bg-white p-6 text-center shadow-card">
            <h2 className="font-display text-lg font-semibold text-plum-900">{t`Couldn’t load stories`}</h2>
            <p className="text-sm text-ink-soft">{t`Check your connection and try again.`}</p>
            <Button variant="outline" onClick={() => void stories.refetch()}>
              <RefreshCw className="size-4" aria-hidden /> {t`Try again`}
            </Button>
          </div>
        )}
        {stories.isSuccess && list.length === 0 && (
          <div className="grid justify-items-center gap-2 rounded-(--radius-card) bg-white p-6 text-center shadow-card">
            <h2 className="font-display text-lg font-semibold text-plum-900">
              {category ? t`No ${teaCategoryLabel(i18n, category)} stories yet` : t`No stories yet`}
            </h2>
            <p className="text-sm text-ink-soft">{t`Be the first to share your experience.`}</p>
          </div>
        )}
        {list.map((story) => (
          <StoryCard key={story.id} story={story} now={now} />
        ))}
        <div ref={sentinel} aria-hidden className="h-1" />
        {isFetchingNextPage && (
          <p className="flex items-center justify-center gap-2 py-3 text-sm text-ink-soft">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t`Loading more…`}
          </p>
        )}
        {stories.isFetchNextPageError && (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            {t`Couldn’t load more. Try again`}
          </Button>
        )}
      </section>
    </>
  );
}
