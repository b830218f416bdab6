import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AnimatePresence } from 'motion/react';
import { Compass, MapPinOff, RefreshCw } from 'lucide-react';
import type { DiscoveryCard, DiscoveryMode, DiscoveryScope, SwipeLimits } from '../../../contract/discovery';
import type { SwipeBody, Match } from '../../../contract/matches';
import type { LikeTarget } from '../../components/like-item-button';
import type { SelfUser } from '../../../contract/users';
import { PersonSafetyMenu, usePersonSafety } from '../../components/person-safety';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-key';
import { discoveryFeedRoute } from '../../lib/shared-routes';
import { fireMicroInteraction, fireMicroInteractionAt } from '../../lib/micro-interactions';
import { buildDeck, likesExhausted, withId, withoutId } from './deck';
import { recordProfileView, useDiscoveryFeed, useSwipeMutation, useUndoSwipeMutation } from './discovery-api';
import { celebrateMatch } from '../../lib/celebration-store';
import { SwipeActions, SwipeCounters } from './swipe-actions';
import { SwipeCard } from './swipe-card';
import { CardProfileSheet } from './card-profile-sheet';
import type { SwipeAction } from './swipe-gesture';
import { useLingui } from '@lingui/react/macro';
import { withMessages } from '../../lib/i18n';

/**
 * The card's height: 27rem where the phone has room, less on a short one, so the swipe buttons under it stay above
 * the tab bar. `--deck-chrome` is what else shares the screen (where the deck starts as measured: the top bar, a
 * date-plan banner, the page's own banners; then the buttons and the tab bar), set by the Discover page. Never under 12rem, her name and place (a short card's face drops its other lines:
 * profile-card-content.tsx); a 375 × 667 phone with both the ghost and the travel banner leaves it about 12.5rem.
 */
export const DECK_HEIGHT = 'h-[clamp(12rem,calc(100dvh-var(--deck-chrome,18.75rem)),27rem)]';

// The like-one-thing sheet (and the comment rule's zod schema) loads on the first heart tapped.
const LikeItemDialog = lazyPart(
  withMessages('rest', () => import('./like-item-dialog').then((m) => ({ default: m.LikeItemDialog }))),
);

/** What a like of one photo or prompt sends besides the swipe. */
type LikedExtras = Pick<SwipeBody, 'likedItem' | 'comment'>;

/** Fetch the next page while this many cards are still left. */
const PREFETCH_WHEN_LEFT = 3;

/**
 * Read only from event handlers and promise callbacks. The React Compiler lint cannot tell that
 * handlers passed down as props never run during render, so the clock read lives out here.
 */
function clockNow(): number {
  return Date.now();
}

interface SwipeRecord {
  card: DiscoveryCard;
  swipeId: string;
}

function DeckMessage({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    // In the flow, not over the deck's box: on a short phone the message is taller than a card and grows the box
    // downwards rather than spilling over the scope chips above it.
    <div className="flex min-h-full flex-col items-center justify-center rounded-[1.75rem] border border-dashed border-plum-200 bg-white/70 px-8 py-6 text-center">
      <div aria-hidden className="relative mb-5">
        <div className="absolute inset-0 scale-125 rounded-full bg-matcha-200/60 blur-2xl" />
        <div className="relative grid size-20 place-items-center rounded-[1.75rem] bg-white text-plum-600 shadow-card">
          {icon}
        </div>
      </div>
      <h2 className="font-display text-2xl font-semibold text-plum-900">{title}</h2>
      <p className="mt-2 max-w-[17rem] text-sm leading-relaxed text-ink-soft">{text}</p>
      {children && <div className="mt-6 grid w-full max-w-[15rem] gap-2.5">{children}</div>}
    </div>
  );
}

function SkeletonCard() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      aria-label={t`Loading profiles`}
      className="absolute inset-0 animate-pulse rounded-[1.75rem] bg-gradient-to-b from-cream-200 to-cream-300"
    >
      <div className="absolute inset-x-5 bottom-6 grid gap-2.5">
        <span className="h-7 w-1/2 rounded-full bg-white/60" />
        <span className="h-4 w-1/3 rounded-full bg-white/60" />
        <span className="h-4 w-2/3 rounded-full bg-white/50" />
      </div>
    </div>
  );
}

interface SwipeDeckProps {
  user: SelfUser;
  scope: DiscoveryScope;
  /** The deck (Friends mode): its own feed, swipes and matches. */
  mode: DiscoveryMode;
  onShowAllAreas: () => void;
}

/** The card stack, its buttons and counters, and everything a swipe can lead to. */
export function SwipeDeck({ user, scope, mode, onShowAllAreas }: SwipeDeckProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feed = useDiscoveryFeed(user.id, scope, mode);
  const swipeMutation = useSwipeMutation();
  const undoMutation = useUndoSwipeMutation();
  const { t } = useLingui();

  const [swiped, setSwiped] = useState<ReadonlySet<string>>(() => new Set());
  const [returned, setReturned] = useState<readonly DiscoveryCard[]>([]);
  const [history, setHistory] = useState<readonly SwipeRecord[]>([]);
  const [pendingSwipes, setPendingSwipes] = useState(0);
  const [latestLimits, setLatestLimits] = useState<{ value: SwipeLimits; at: number } | null>(null);
  const [preview, setPreview] = useState<SwipeAction | null>(null);
  const [exitAction, setExitAction] = useState<SwipeAction | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  /** The photo or prompt she is liking on its own (one overlay: the profile sheet has closed). */
  const [liking, setLiking] = useState<{ card: DiscoveryCard; target: LikeTarget } | null>(null);
  const [likingOpen, setLikingOpen] = useState(false);
  // One swipe at a time: a second tap while the first is saving or its card is still flying away would
  // otherwise land on the next card, which she has not seen yet. Refs, because both taps can arrive
  // before React renders again.
  const swipeSaving = useRef(false);
  const cardLeaving = useRef(false);

  const pages = feed.data?.pages;
  const deck = useMemo(
    () => buildDeck(returned, pages?.flatMap((page) => page.users) ?? [], swiped),
    [returned, pages, swiped],
  );
  const top = deck[0];
  const next = deck[1];

  // The freshest of: the feed's own count, or what the last swipe answered.
  const feedLimits = pages?.at(-1)?.limits;
  const limits =
    latestLimits && (!feedLimits || latestLimits.at >= feed.dataUpdatedAt) ? latestLimits.value : feedLimits;
  const canSuperLike = (limits?.superLikesRemaining ?? 0) > 0;

  const topId = top?.id;
  useEffect(() => {
    if (topId) recordProfileView(topId);
  }, [topId]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    if (deck.length <= PREFETCH_WHEN_LEFT && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [deck.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const putBack = (card: DiscoveryCard) => {
    setSwiped((current) => withoutId(current, card.id));
    setReturned((current) => [card, ...current.filter((c) => c.id !== card.id)]);
  };

  const patchLimits = (patch: Partial<SwipeLimits>) => {
    if (!limits) return;
    setLatestLimits({ value: { ...limits, ...patch }, at: clockNow() });
  };

  const showDailyLimit = () =>
    toast({
      title: t`Daily limit reached`,
      description: t`Upgrade to Premium for unlimited likes!`,
      action: { label: t`Upgrade`, onClick: () => void navigate('/premium') },
    });

  const celebrate = (match: Match) => {
    // The socket's `match` frame may have opened the celebration already (it reaches both members). No toast:
    // the celebration already says it, with its own Send a Message (one overlay at a time).
    if (celebrateMatch(match)) fireMicroInteraction('match', window.innerWidth / 2, window.innerHeight * 0.3);
  };

  const onSwipeFailed = (card: DiscoveryCard, action: SwipeAction, error: unknown) => {
    if (isApiError(error) && error.status === 429) {
      putBack(card);
      if (action === 'super_like') {
        patchLimits({ superLikesRemaining: 0 });
        toast({ title: t`Super Like used this week`, description: error.serverMessage });
      } else {
        patchLimits({ likesRemaining: 0 });
        showDailyLimit();
      }
      return;
    }
    // Already swiped elsewhere: nothing to put back.
    if (isApiError(error) && error.status === 409) return;
    // The photo or prompt she liked is no longer on the profile, or the comment was refused: say why.
    if (isApiError(error) && error.status === 400) {
      putBack(card);
      toast({
        title: t`Like not sent`,
        description: error.serverMessage ?? t`Please try again`,
        variant: 'destructive',
      });
      return;
    }
    // Gone meanwhile (hidden, blocked or deleted): drop the card and say so.
    if (isApiError(error) && error.status === 404) {
      toast({
        title: t`Profile unavailable`,
        description: error.serverMessage ?? t`This profile is no longer available`,
      });
      return;
    }
    putBack(card);
    toast({ title: t`Couldn't save your swipe`, description: t`Please try again`, variant: 'destructive' });
  };

  /** Returns false when the swipe is refused here, so a dragged card springs back. */
  const swipe = (
    card: DiscoveryCard,
    action: SwipeAction,
    origin: Element | null,
    extras: LikedExtras = {},
  ): boolean => {
    if (swipeSaving.current || cardLeaving.current || card.id !== top?.id) return false;
    if (action === 'super_like' && !canSuperLike) return false;
    if (action === 'like' && likesExhausted(limits, clockNow())) {
      showDailyLimit();
      return false;
    }
    swipeSaving.current = true;
    // With no card behind it the deck unmounts and no exit completes, so only wait when one is there.
    cardLeaving.current = next !== undefined;
    setExitAction(action);
    setPreview(null);
    fireMicroInteractionAt(action, origin);
    setSwiped((current) => withId(current, card.id));
    setReturned((current) => current.filter((c) => c.id !== card.id));
    setPendingSwipes((n) => n + 1);
    swipeMutation
      .mutateAsync({
        targetUserId: card.id,
        isLike: action !== 'pass',
        superLike: action === 'super_like',
        mode,
        ...extras,
      })
      .then((result) => {
        setLatestLimits({ value: result.limits, at: clockNow() });
        setHistory((current) => [...current, { card, swipeId: result.like.id }]);
        if (result.match) celebrate(result.match);
      })
      .catch((error: unknown) => {
        // A card put back re-enters instead of finishing its exit.
        cardLeaving.current = false;
        onSwipeFailed(card, action, error);
      })
      .finally(() => {
        swipeSaving.current = false;
        setPendingSwipes((n) => n - 1);
      });
    return true;
  };

  /** Reported or blocked: the card leaves the deck (the server never shows her to this member again). */
  const drop = (id: string) => {
    setExitAction(null);
    setSwiped((current) => withId(current, id));
    setReturned((current) => current.filter((c) => c.id !== id));
    setHistory((current) => current.filter((record) => record.card.id !== id));
  };
  // Blocked from the card's ⋮ menu, the menu leaves with her card: her focus goes on to the next card's ⋮ (or the
  // deck's next control, or the deck itself while more load), not to the page's body (tryout).
  const stageRef = useRef<HTMLDivElement>(null);
  const focusAfterBlock = () => {
    const stage = stageRef.current;
    if (!stage) return null;
    const next =
      stage.querySelector<HTMLElement>('button[aria-haspopup="menu"]') ??
      stage.parentElement?.querySelector<HTMLElement>('button:not(:disabled)');
    if (next) return next;
    // Focusable only for this: a tap on a card must not focus the deck around it.
    stage.tabIndex = -1;
    return stage;
  };
  const safety = usePersonSafety({
    onReported: (person) => drop(person.id),
    onBlocked: (person) => drop(person.id),
    focusAfterBlock,
  });

  const likeItem = (card: DiscoveryCard, target: LikeTarget) => {
    setLiking({ card, target });
    setLikingOpen(true);
  };
  const sendItemLike = (action: 'like' | 'super_like', comment: string | undefined) => {
    if (!liking) return;
    const likedItem: NonNullable<LikedExtras['likedItem']> =
      liking.target.kind === 'photo'
        ? { kind: 'photo', photoUrl: liking.target.photoUrl }
        : { kind: 'prompt', promptId: liking.target.prompt.promptId };
    swipe(liking.card, action, null, { likedItem, ...(comment !== undefined && { comment }) });
  };

  const lastSwipe = history.at(-1);
  const undo = () => {
    if (!lastSwipe || pendingSwipes > 0 || undoMutation.isPending) return;
    undoMutation
      .mutateAsync(lastSwipe.swipeId)
      .then((result) => {
        setHistory((current) => current.filter((record) => record.swipeId !== lastSwipe.swipeId));
        setExitAction(null);
        putBack(lastSwipe.card);
        setLatestLimits({ value: result.limits, at: clockNow() });
        if (result.matchDissolved) {
          const name = lastSwipe.card.name;
          toast({ title: t`Match undone`, description: t`Your like for ${name} was taken back.` });
        }
      })
      .catch((error: unknown) =>
        toast({
          title: t`Couldn't undo`,
          description: (isApiError(error) && error.serverMessage) || t`Please try again`,
          variant: 'destructive',
        }),
      );
  };

  const refresh = () => {
    setReturned([]);
    void queryClient.resetQueries({
      queryKey: queryKeyOf(discoveryFeedRoute, { params: { userId: user.id }, query: { scope, mode } }),
    });
  };

  const topName = top?.name;
  const topAge = top?.age;
  const waitingForCards = feed.isPending || (deck.length === 0 && (hasNextPage || isFetchingNextPage));
  const local = scope !== 'all';

  let stage: ReactNode;
  if (top) {
    stage = (
      <AnimatePresence
        custom={exitAction}
        initial={false}
        onExitComplete={() => {
          cardLeaving.current = false;
        }}
      >
        {[next, top]
          .filter((card): card is DiscoveryCard => card !== undefined)
          .map((card) => (
            <SwipeCard
              key={card.id}
              card={card}
              isTop={card.id === top.id}
              canSuperLike={canSuperLike}
              onPreview={setPreview}
              onSwipe={(action, element) => swipe(card, action, element)}
              onOpenProfile={() => setProfileOpen(true)}
              onLikeItem={(target) => likeItem(card, target)}
              menu={
                <PersonSafetyMenu
                  person={card}
                  onReport={() => safety.report(card)}
                  onBlock={() => safety.block(card)}
                  className="bg-photo-shade/60 text-photo-ink ring-1 ring-photo-ink/40 backdrop-blur-sm transition-colors hover:bg-photo-shade/80"
                />
              }
            />
          ))}
      </AnimatePresence>
    );
  } else if (waitingForCards) {
    stage = <SkeletonCard />;
  } else if (feed.isError) {
    stage = (
      <DeckMessage
        icon={<RefreshCw className="size-9" strokeWidth={1.75} />}
        title={t`Couldn't load profiles`}
        text={t`Check your connection and try again.`}
      >
        <Button onClick={refresh}>{t`Try Again`}</Button>
      </DeckMessage>
    );
  } else {
    stage = (
      <DeckMessage
        icon={
          local ? (
            <MapPinOff className="size-9" strokeWidth={1.75} />
          ) : (
            <Compass className="size-9" strokeWidth={1.75} />
          )
        }
        title={local ? t`No Local Profiles` : t`No More Profiles`}
        text={
          !local
            ? t`You've seen everyone who fits your filters for now. Check back soon, or widen your filters.`
            : scope === 'city'
              ? t`Nobody new in your city right now. Look further afield or check back soon.`
              : scope === 'state'
                ? t`Nobody new in your state right now. Look further afield or check back soon.`
                : t`Nobody new near you right now. Look further afield or check back soon.`
        }
      >
        {local && <Button onClick={onShowAllAreas}>{t`Show All Areas`}</Button>}
        <Button variant="outline" onClick={refresh}>
          <RefreshCw className="size-4" aria-hidden />
          {t`Refresh`}
        </Button>
      </DeckMessage>
    );
  }

  return (
    <section aria-label={mode === 'friends' ? t`Friends to discover` : t`Profiles to discover`} className="grid gap-4">
      <div ref={stageRef} className={`relative min-h-fit rounded-[1.75rem] ${DECK_HEIGHT}`}>
        {stage}
      </div>
      {top && (
        <p className="sr-only" aria-live="polite">
          {top.age === undefined ? t`Showing ${topName}` : t`Showing ${topName}, ${topAge}`}
        </p>
      )}
      {/* Undo stays while the deck's last swipe can still be taken back. */}
      {(top || (user.hasActiveSubscription && lastSwipe)) && (
        <SwipeActions
          hasCard={top !== undefined}
          canSuperLike={canSuperLike}
          canLike={!likesExhausted(limits, clockNow())}
          preview={preview}
          onAction={(action, button) => top && swipe(top, action, button)}
          {...(user.hasActiveSubscription
            ? { undo: { onUndo: undo, disabled: !lastSwipe || pendingSwipes > 0 || undoMutation.isPending } }
            : {})}
        />
      )}
      <SwipeCounters limits={limits} />
      {top && (
        <CardProfileSheet
          card={top}
          open={profileOpen}
          onOpenChange={setProfileOpen}
          canSuperLike={canSuperLike}
          canLike={!likesExhausted(limits, clockNow())}
          onAction={(action, button) => swipe(top, action, button)}
          onReport={() => safety.report(top)}
          onBlock={() => safety.block(top)}
          onLikeItem={(target) => likeItem(top, target)}
        />
      )}
      {liking && (
        <Suspense fallback={null}>
          <LikeItemDialog
            key={`${liking.card.id}:${liking.target.kind === 'photo' ? liking.target.photoUrl : liking.target.prompt.promptId}`}
            name={liking.card.name}
            target={liking.target}
            open={likingOpen}
            onOpenChange={setLikingOpen}
            canSuperLike={canSuperLike}
            onSend={sendItemLike}
          />
        </Suspense>
      )}
      {safety.dialogs}
    </section>
  );
}
