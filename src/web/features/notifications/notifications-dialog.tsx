import { useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Dialog, OVERLAY_CLASS } from '../../components/ui/dialog';
import { Crown, Heart, Lock, MapPin, Sparkles, Star, X } from 'lucide-react';
import type {
  LikedItemView,
  LikeEntry,
  LikesReceived,
  LockedItemLike,
  PotentialMatch,
} from '../../../contract/notifications';
import { FriendsLabel } from '../../components/friends-label';
import { Avatar } from '../../components/avatar';
import { usePersonSafety } from '../../components/person-safety';
import { Button } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/session';
import { formatNotificationDate } from './format-date';
import { LikerSheet } from './liker-sheet';
import { useLikesReceived, usePotentialMatches } from './notifications-api';
import { interestLabel } from '../../lib/labels/interests';
import { promptText } from '../../lib/labels/prompts';
import { OfflineNotice } from '../../components/offline-notice';

type PanelTab = 'likes' | 'potential';

/** How many locked placeholders a free user sees before '+N more'. */
const LOCKED_PLACEHOLDERS_SHOWN = 6;

function PremiumBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-[0.7rem] font-bold tracking-wide text-amber-800 uppercase">
      <Crown className="size-3" aria-hidden />
      Premium
    </span>
  );
}

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <div aria-hidden className="mb-4 grid size-16 place-items-center rounded-3xl bg-plum-50 text-plum-500">
        {icon}
      </div>
      <p className="font-display text-lg font-semibold text-plum-900">{title}</p>
      <p className="mt-1 max-w-[16rem] text-sm leading-relaxed text-ink-soft">{text}</p>
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div role="alert" className="grid justify-items-center gap-3 px-6 py-12 text-center">
      <p className="text-sm text-ink-soft">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t`Try again`}
      </Button>
    </div>
  );
}

function RowSkeletons() {
  return (
    <ul aria-hidden className="grid gap-2 p-4">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex items-center gap-3 rounded-2xl bg-white p-3">
          <span className="size-12 animate-pulse rounded-full bg-cream-200" />
          <span className="grid flex-1 gap-2">
            <span className="h-3 w-1/2 animate-pulse rounded-full bg-cream-200" />
            <span className="h-3 w-1/3 animate-pulse rounded-full bg-cream-200" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function UpgradePrompt({ title, text, onNavigate }: { title: string; text: string; onNavigate: () => void }) {
  const { t } = useLingui();
  return (
    <div className="rounded-3xl bg-gradient-to-br from-plum-700 to-plum-900 p-5 text-white shadow-float">
      <div className="flex items-center gap-2">
        <Crown className="size-5 text-amber-300" aria-hidden />
        <p className="font-display text-lg font-semibold">{title}</p>
      </div>
      <p className="mt-1.5 text-sm leading-relaxed text-plum-100">{text}</p>
      <Link
        to="/subscribe"
        onClick={onNavigate}
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-full bg-white px-5 text-sm font-semibold text-plum-800 transition-colors hover:bg-plum-50"
      >
        {t`Upgrade`}
      </Link>
    </div>
  );
}

/** The photo or prompt answer of hers a like was for: a thumbnail, or the prompt and her answer. */
function LikedItem({ item }: { item: LikedItemView }) {
  const { t } = useLingui();
  if (item.kind === 'photo') {
    return <img src={item.photoUrl} alt={t`Your photo`} className="size-12 shrink-0 rounded-xl object-cover" />;
  }
  return (
    <span className="grid min-w-0 gap-0.5 text-xs">
      <span className="font-semibold text-plum-700">{promptText(item.promptId, item.question)}</span>
      <span className="line-clamp-2 text-ink">{item.answer}</span>
    </span>
  );
}

/** What a liker said with her like, as a quote under the row. */
function LikeComment({ text }: { text: string }) {
  return (
    <span className="block rounded-xl rounded-tl-sm bg-plum-50 px-3 py-2 text-sm leading-snug wrap-anywhere text-plum-900">
      “{text}”
    </span>
  );
}

function LikeRow({ entry, onOpen }: { entry: LikeEntry; onOpen: (entry: LikeEntry) => void }) {
  const { t } = useLingui();
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(entry)}
        className="flex w-full items-center gap-3 rounded-2xl bg-white p-3 text-left shadow-[0_1px_2px_rgb(58_19_49/0.05)] transition-colors hover:bg-plum-50"
      >
        <span className="relative">
          <Avatar name={entry.name} photos={entry.photos} className="size-12 text-lg" />
          {entry.isSuperLike && (
            <span
              className="absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full bg-sky-500 text-white ring-2 ring-white"
              title={t`Super like`}
            >
              <Star className="size-3" fill="currentColor" aria-hidden />
              <span className="sr-only">{t`Super like`}</span>
            </span>
          )}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold text-ink">
              {entry.name}, {entry.age}
            </span>
            {entry.mode === 'friends' && <FriendsLabel />}
          </span>
          <span className="flex items-center gap-1 truncate text-xs text-ink-soft">
            <MapPin className="size-3 shrink-0" aria-hidden />
            {entry.location}
          </span>
        </span>
        <time dateTime={entry.createdAt} className="shrink-0 text-xs font-medium text-ink-soft">
          {formatNotificationDate(entry.createdAt)}
        </time>
        <span className="sr-only">{t`: open profile to like back, pass or report`}</span>
      </button>
      {(entry.likedItem ?? entry.comment !== undefined) && (
        <div data-testid="liked-item" className="-mt-2 grid gap-2 rounded-b-2xl bg-white px-3 pt-1 pb-3">
          {entry.likedItem && (
            <span className="flex items-center gap-2.5 rounded-xl bg-cream-100 p-2">
              <span className="shrink-0 text-xs font-semibold text-ink-soft">
                {entry.likedItem.kind === 'photo' ? t`Liked your photo` : t`Liked your prompt`}
              </span>
              <LikedItem item={entry.likedItem} />
            </span>
          )}
          {entry.comment !== undefined && <LikeComment text={entry.comment} />}
        </div>
      )}
    </li>
  );
}

/**
 * A free member's like of one of her photos or prompts: what was liked (hers) and, when one came, a
 * comment she cannot read yet. The server sends neither who nor the comment, so the blur is of
 * placeholder lines, not of the words.
 */
function LockedItemRow({ like, onNavigate }: { like: LockedItemLike; onNavigate: () => void }) {
  const { t } = useLingui();
  return (
    <li
      data-testid="locked-item-like"
      className="grid gap-2.5 rounded-2xl bg-white p-3 shadow-[0_1px_2px_rgb(58_19_49/0.05)]"
    >
      <div className="flex items-center gap-3">
        <span className="relative grid size-10 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-plum-200 via-plum-300 to-matcha-200">
          <Lock className="size-4 text-white drop-shadow" aria-hidden />
        </span>
        <p className="font-semibold text-ink">
          {like.likedItem.kind === 'photo' ? t`Someone liked your photo` : t`Someone liked your prompt`}
        </p>
      </div>
      <span className="flex items-center gap-2.5 rounded-xl bg-cream-100 p-2">
        <LikedItem item={like.likedItem} />
      </span>
      {like.hasComment && (
        <Link
          to="/subscribe"
          onClick={onNavigate}
          className="relative block overflow-hidden rounded-xl rounded-tl-sm bg-plum-50 px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum-500"
        >
          <span aria-hidden className="grid gap-1.5 blur-[3px] select-none">
            <span className="h-2.5 w-11/12 rounded-full bg-plum-300" />
            <span className="h-2.5 w-2/3 rounded-full bg-plum-300" />
          </span>
          <span className="absolute inset-0 grid place-items-center text-xs font-semibold text-plum-800">
            <span className="inline-flex items-center gap-1 rounded-full bg-white/85 px-2.5 py-1">
              <Crown className="size-3 text-amber-600" aria-hidden />
              {t`Upgrade to read their comment`}
            </span>
          </span>
        </Link>
      )}
    </li>
  );
}

function LockedLikes({ data, onNavigate }: { data: LikesReceived; onNavigate: () => void }) {
  // Likes of one of her photos or prompts show as their own rows; the rest stay placeholders.
  const plain = Math.max(0, data.count - data.itemLikes.length);
  const shown = Math.min(plain, LOCKED_PLACEHOLDERS_SHOWN);
  const more = plain - shown;
  const { t } = useLingui();
  return (
    <div className="grid gap-4 p-4">
      <div className="flex items-center justify-between">
        <p className="font-semibold text-ink">
          {t`${plural(data.count, { one: '# person likes you', other: '# people like you' })}`}
        </p>
        <PremiumBadge />
      </div>
      {data.itemLikes.length > 0 && (
        <ul aria-label={t`Likes on your photos and prompts`} className="grid gap-2">
          {data.itemLikes.map((like, i) => (
            <LockedItemRow key={i} like={like} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      <ul className="grid grid-cols-3 gap-2.5">
        {Array.from({ length: shown }, (_, i) => (
          <li
            key={i}
            className="relative grid aspect-[3/4] place-items-center overflow-hidden rounded-2xl bg-gradient-to-br from-plum-200 via-plum-300 to-matcha-200"
          >
            <span aria-hidden className="absolute inset-0 bg-white/20 backdrop-blur-md" />
            <Lock className="relative size-5 text-white drop-shadow" aria-hidden />
            <span className="sr-only">{t`Hidden like`}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-center text-sm text-ink-soft">{t`+${more} more`}</p>}
      <UpgradePrompt
        title={t`See who likes you`}
        text={t`Upgrade to Premium to see everyone who liked you and match with them instantly.`}
        onNavigate={onNavigate}
      />
    </div>
  );
}

function LikesTab({
  isPremium,
  onNavigate,
  onOpen,
}: {
  isPremium: boolean;
  onNavigate: () => void;
  onOpen: (entry: LikeEntry) => void;
}) {
  const { t } = useLingui();
  const query = useLikesReceived(true);
  if (query.isPending) return <RowSkeletons />;
  if (query.isError) return <LoadError message={t`Couldn't load your likes.`} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (data.count === 0) {
    return (
      <EmptyState
        icon={<Heart className="size-8" strokeWidth={1.75} />}
        title={t`No likes yet`}
        text={
          isPremium
            ? t`When someone likes your profile, they will show up here.`
            : t`When someone likes your profile, you'll see it here. Premium members see exactly who.`
        }
      />
    );
  }
  if (data.locked) return <LockedLikes data={data} onNavigate={onNavigate} />;
  return (
    <ul className="grid gap-2 p-4">
      {data.entries.map((entry) => (
        <LikeRow key={`${entry.id}:${entry.mode}`} entry={entry} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function PotentialRow({ match }: { match: PotentialMatch }) {
  const { t } = useLingui();
  return (
    <li className="grid gap-2.5 rounded-2xl bg-white p-4 shadow-[0_1px_2px_rgb(58_19_49/0.05)]">
      <div className="flex items-center gap-3">
        <Avatar name={match.name} photos={match.photos} className="size-12 text-lg" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="truncate font-semibold text-ink">
            {match.name}, {match.age}
          </span>
          <span className="flex items-center gap-1 truncate text-xs text-ink-soft">
            <MapPin className="size-3 shrink-0" aria-hidden />
            {match.location}
          </span>
        </span>
        <span className="shrink-0 rounded-full bg-matcha-100 px-2.5 py-1 text-xs font-bold text-matcha-700">
          {t`${match.matchScore}% match`}
        </span>
      </div>
      {match.bio && <p className="line-clamp-2 text-sm leading-snug wrap-anywhere text-ink-soft">{match.bio}</p>}
      {match.commonInterests.length > 0 && (
        <ul aria-label={t`Interests you share`} className="flex flex-wrap gap-1.5">
          {match.commonInterests.map((interest) => (
            <li key={interest} className="rounded-full bg-plum-50 px-2.5 py-1 text-xs font-medium text-plum-700">
              {interestLabel(interest)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function PotentialTab({ isPremium, onNavigate }: { isPremium: boolean; onNavigate: () => void }) {
  const { t } = useLingui();
  const query = usePotentialMatches(isPremium);
  if (!isPremium) {
    return (
      <div className="grid gap-4 p-4">
        <div className="flex justify-end">
          <PremiumBadge />
        </div>
        <UpgradePrompt
          title={t`Potential matches`}
          text={t`Premium members get a hand-picked list of people you're most compatible with, with shared interests and a match score.`}
          onNavigate={onNavigate}
        />
      </div>
    );
  }
  if (query.isPending) return <RowSkeletons />;
  if (query.isError)
    return <LoadError message={t`Couldn't load potential matches.`} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<Sparkles className="size-8" strokeWidth={1.75} />}
        title={t`No potential matches`}
        text={t`Add interests and tea favourites to your profile to find your most compatible people.`}
      />
    );
  }
  return (
    <ul className="grid gap-2.5 p-4">
      {query.data.map((match) => (
        <PotentialRow key={match.id} match={match} />
      ))}
    </ul>
  );
}

const tabClass =
  'relative flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-full text-sm font-semibold text-ink-soft transition-colors data-[state=active]:bg-white data-[state=active]:text-plum-800 data-[state=active]:shadow-[0_1px_3px_rgb(58_19_49/0.12)]';

/**
 * The bell's slide-in panel: likes received and (premium) potential matches. Loaded on the first tap
 * (NotificationsPanel), with Radix's dialog and tabs.
 */
export function NotificationsDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell: it lives outside this lazily loaded dialog, so focus is handed back by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const [tab, setTab] = useState<PanelTab>('likes');
  const isPremium = user.hasActiveSubscription;
  const close = () => onOpenChange(false);
  /** The liker whose profile is open: the panel closes first, one overlay at a time. */
  const [liker, setLiker] = useState<LikeEntry | null>(null);
  const [likerOpen, setLikerOpen] = useState(false);
  const safety = usePersonSafety();
  const openLiker = (entry: LikeEntry) => {
    close();
    setLiker(entry);
    setLikerOpen(true);
  };

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className={OVERLAY_CLASS} />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            }}
            className="fixed inset-y-0 right-0 z-50 flex w-[min(24rem,92vw)] flex-col bg-cream-100 shadow-float data-[state=open]:animate-slide-in-right focus:outline-none"
          >
            <div className="flex h-16 shrink-0 items-center justify-between border-b border-cream-200 bg-cream-50 px-5">
              <Dialog.Title className="font-display text-xl font-semibold text-plum-900">{t`Notifications`}</Dialog.Title>
              <Dialog.Close
                aria-label={t`Close notifications`}
                className="-mr-2 grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{t`People who liked you and potential matches.`}</Dialog.Description>
            {/* The panel covers the screen's own notice. */}
            <OfflineNotice />
            <Tabs.Root
              value={tab}
              onValueChange={(value) => setTab(value === 'potential' ? 'potential' : 'likes')}
              className="flex min-h-0 flex-1 flex-col"
            >
              <Tabs.List
                aria-label={t`Notification type`}
                className="m-4 mb-0 flex gap-1 rounded-full bg-cream-200 p-1"
              >
                <Tabs.Trigger value="likes" className={tabClass}>
                  <Heart className="size-4" aria-hidden />
                  {t`Likes`}
                  <LikesCountBadge />
                </Tabs.Trigger>
                <Tabs.Trigger value="potential" className={tabClass}>
                  <Sparkles className="size-4" aria-hidden />
                  {t`Potential`}
                  {!isPremium && <Crown className="size-3.5 text-amber-600" aria-label={t`Premium`} />}
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="likes" className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
                <LikesTab isPremium={isPremium} onNavigate={close} onOpen={openLiker} />
              </Tabs.Content>
              <Tabs.Content value="potential" className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
                <PotentialTab isPremium={isPremium} onNavigate={close} />
              </Tabs.Content>
            </Tabs.Root>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {liker && (
        <LikerSheet
          entry={liker}
          open={likerOpen}
          onOpenChange={setLikerOpen}
          onReport={() => safety.report(liker)}
          onBlock={() => safety.block(liker)}
        />
      )}
      {safety.dialogs}
    </>
  );
}

function LikesCountBadge() {
  const { data } = useLikesReceived(true);
  if (!data || data.count === 0) return null;
  return (
    <span className="grid h-5 min-w-5 place-items-center rounded-full bg-plum-600 px-1.5 text-[0.68rem] font-bold text-white">
      {data.count > 99 ? '99+' : data.count}
    </span>
  );
}
