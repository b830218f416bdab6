import type { DiscoveryMode } from '../../../contract/discovery';
import type { LikedItemInput, SwipeResponse, Swipe, UndoSwipeResponse } from '../../../contract/matches';
import { findUser, hasActivePremium } from '../../core';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { badRequest, conflict, notFound, premiumRequired } from '../../http/errors';
import { publicMediaUrl } from '../../media';
import { photoKeyOfUrl } from '../profiles';
import { budgetWindows, limitReached, limitsFrom, swipeCaps, swipeUsage, usageAfter, usageFrom } from './limits';
import { orderedPair, undoLatestSwipe, type MatchesRepository, type MatchRow, type SwipeRow } from './repository';
import { presentMatch } from './service';
import { DEFAULT_PRIVACY, deckNotChosen, disclosure } from '../preferences';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

interface SwipeInput {
  targetUserId: string;
  isLike: boolean;
  superLike: boolean;
  /** A like of one photo or prompt answer of hers (contract-checked: only on a like). */
  likedItem?: LikedItemInput | undefined;
  /** Trimmed, 1–140 (the contract's likeComment); only with likedItem. */
  comment?: string | undefined;
  /** The deck (Friends mode): a like makes a match only with a like back in the same deck. */
  mode: DiscoveryMode;
}

type PresentedSwipe = Pick<
  SwipeRow,
  'id' | 'userId' | 'targetUserId' | 'isLike' | 'isSuperLike' | 'mode' | 'createdAt'
>;

/**
 * Whether two members have written to each other in this match. Chat owns messages and sits above
 * matches, so it hands this in (app.ts) rather than matches reaching up for it.
 */
export type ConversationStarted = (db: Db, matchId: string) => Promise<boolean>;

/** What a swipe needs: its prepared swipe statement (one round trip, the match's presentation included) and the events it announces. */
interface SwipeDeps {
  repository: MatchesRepository;
  events: DomainEvents;
}

const unavailable = () => notFound(localText('thisProfileIsNot'));

/** A liked photo or prompt that is not (or no longer) on her profile: nothing is saved. */
function likedItemGone(item: LikedItemInput | undefined) {
  const message = item?.kind === 'prompt' ? localText('promptNotOnProfile') : localText('photoNotOnProfile');
  return badRequest(message, [fieldError('likedItem', message)]);
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(error) === '23503' || code((error as { cause?: unknown } | undefined)?.cause) === '23503';
}

/**
 * Records a like, pass or super like, and makes the match when the like is mutual, atomically, in
 * one round trip (the repository's `recordSwipe`). Refused: herself (400); an unknown user, a ghost, a
 * suspended member, one she unmatched, or anyone with a block between them (404, the same answer for
 * all so a block or ghost is not revealed); a like over her budget (429); a second swipe on the same
 * person (409). While she is in ghost mode her likes are recorded but make no match; turning ghost
 * mode off makes the matches then (createPendingMatches).
 */
export async function createSwipe(deps: SwipeDeps, userId: string, input: SwipeInput): Promise<SwipeResponse> {
  const { events } = deps;
  if (input.targetUserId === userId) throw badRequest(localText('youCannotSwipeOn'));
  if (input.superLike && !input.isLike) throw badRequest(localText('aSuperLikeIs'));
  if (!input.isLike && (input.likedItem || input.comment !== undefined)) {
    throw badRequest(localText('aPassCarriesNo'));
  }
  if (input.comment !== undefined && !input.likedItem) throw badRequest(localText('aCommentGoesWith'));
  const now = new Date();
  const recorded = await deps.repository
    .recordSwipe({
      userId,
      targetUserId: input.targetUserId,
      isLike: input.isLike,
      superLike: input.superLike,
      mode: input.mode,
      caps: { premium: swipeCaps(true, input), free: swipeCaps(false, input) },
      ...budgetWindows(now),
      now,
      likedPhotoKey: input.likedItem?.kind === 'photo' ? photoKeyOfUrl(input.likedItem.photoUrl) : null,
      likedPromptId: input.likedItem?.kind === 'prompt' ? input.likedItem.promptId : null,
      comment: input.comment ?? null,
    })
    .catch((error: unknown) => {
      // The photo was deleted between the statement's read and its insert (its foreign key).
      if (isForeignKeyViolation(error)) throw likedItemGone(input.likedItem);
      throw error;
    });
  if (recorded.outcome === 'no_user') throw notFound(localText('userNotFound'));
  if (recorded.outcome === 'unavailable') {
    if (!recorded.in_deck) throw badRequest(deckNotChosen(input.mode), [fieldError('mode', deckNotChosen(input.mode))]);
    throw unavailable();
  }
  if (recorded.outcome === 'bad_item') throw likedItemGone(input.likedItem);
  const usage = usageFrom(recorded.premium, recorded);
  if (recorded.outcome === 'limit') throw limitReached(usage, input, now);
  if (recorded.outcome === 'conflict' || !recorded.swipe_id || !recorded.swipe_created_at) {
    throw conflict(localText('youHaveAlreadySwiped'));
  }

  // The id as the database spells it (lower case), for the events and the answer.
  const targetId = input.targetUserId.toLowerCase();
  const swipe: PresentedSwipe = {
    id: recorded.swipe_id,
    userId,
    targetUserId: targetId,
    isLike: input.isLike,
    isSuperLike: input.superLike,
    mode: input.mode,
    createdAt: new Date(recorded.swipe_created_at),
  };
  const limits = limitsFrom(usageAfter(usage, input, swipe.createdAt), now);
  if (!recorded.match_id || !recorded.match_created_at) {
    if (swipe.isLike) {
      events.emit('like.created', { userId, targetUserId: targetId, superLike: swipe.isSuperLike, mode: swipe.mode });
    }
    return { like: presentSwipe(swipe), match: null, limits };
  }

  const [userA, userB] = orderedPair(userId, targetId);
  const match: MatchRow = {
    id: recorded.match_id,
    userA,
    userB,
    mode: input.mode,
    createdAt: new Date(recorded.match_created_at),
  };
  events.emit('match.created', {
    matchId: match.id,
    userIds: [match.userA, match.userB],
    mode: match.mode,
    createdAt: match.createdAt.toISOString(),
  });
  // Her row is read in the statement's snapshot, where the reachability check found her: absent only if that
  // ever stops holding, and then she is as unavailable as a member deleted a moment later.
  if (recorded.other_name === null) throw unavailable();
  const other = {
    id: targetId,
    name: recorded.other_name,
    interests: recorded.other_interests ?? [],
    isVerified: recorded.other_is_verified ?? false,
    ghostMode: recorded.other_ghost_mode ?? false,
    lastActiveAt: recorded.other_last_active_at === null ? null : new Date(recorded.other_last_active_at),
  };
  // Never null once her row was read (the statement coalesces to the defaults); typed nullable for the no-match row.
  const choices = (online: boolean | null, lastActive: boolean | null) => ({
    ...DEFAULT_PRIVACY,
    showOnlineStatus: online ?? DEFAULT_PRIVACY.showOnlineStatus,
    showLastActive: lastActive ?? DEFAULT_PRIVACY.showLastActive,
  });
  const shown = disclosure(
    choices(recorded.other_shows_online, recorded.other_shows_last_active),
    choices(recorded.my_shows_online, recorded.my_shows_last_active),
  );
  return {
    like: presentSwipe(swipe),
    match: presentMatch({ ...match, other }, (recorded.other_photo_keys ?? []).map(publicMediaUrl), undefined, shown),
    limits,
  };
}

/**
 * Undo (premium): only her own most recent swipe. Undoing a like that made a match dissolves the
 * match, unless they have already written to each other: then the undo is refused (409), because a
 * conversation cannot be taken back by un-liking.
 */
export async function undoSwipe(
  db: Db,
  events: DomainEvents,
  userId: string,
  swipeId: string,
  conversationStarted: ConversationStarted,
): Promise<UndoSwipeResponse> {
  const actor = await findUser(db, userId);
  if (!actor) throw notFound(localText('userNotFound'));
  const premium = hasActivePremium(actor);
  if (!premium) throw premiumRequired(localText('undoIsAPremium'));

  const undone = await undoLatestSwipe(db, userId, swipeId, conversationStarted);
  if (undone.outcome === 'no_user') throw notFound(localText('userNotFound'));
  if (undone.outcome === 'not_found') throw notFound(localText('swipeNotFound'));
  if (undone.outcome === 'not_latest') throw conflict(localText('onlyYourMostRecent'));
  if (undone.outcome === 'conversation_started') throw conflict(localText('youveAlreadyStartedChatting'));
  const { swipe, dissolved } = undone;

  if (dissolved) {
    events.emit('match.dissolved', { matchId: dissolved.id, userIds: [dissolved.userA, dissolved.userB] });
  }
  const now = new Date();
  return {
    undone: presentSwipe(swipe),
    matchDissolved: dissolved !== undefined,
    limits: limitsFrom(await swipeUsage(db, userId, premium, now), now),
  };
}

function presentSwipe(row: PresentedSwipe): Swipe {
  return {
    id: row.id,
    targetUserId: row.targetUserId,
    isLike: row.isLike,
    isSuperLike: row.isSuperLike,
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
  };
}
