import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DiscoveryMode } from '../../../contract/discovery';
import type { LikedItemInput, LikeResponse, Swipe, UndoLikeResponse } from '../../../contract/matches';
import {
  findUser,
  hasActivePremium,
  isVisibleMember,
  lockUserRow,
  memberTable,
  notBlockedWith,
  premiumSql,
} from '../../core';
import type { Db } from '../../db/client';
import { matches, swipes } from '../../db/schema/matches';
import type { DomainEvents } from '../../domain-events';
import { badRequest, conflict, notFound, premiumRequired } from '../../http/errors';
import { answersPrompt, photoKeyOfUrl, photoOfMember, photoUrlsOf } from '../profiles';
import { budgetWindows, limitReached, limitsFrom, swipeCaps, swipeUsage, usageAfter, usageFrom } from './limits';
import { orderedPair, presentMatch, type MatchRow } from './service';
import { notUnmatchedWith } from './unmatch';
import { deckNotChosen, disclosuresFor, inDeckAt } from '../preferences';
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

type SwipeRow = Pick<
  typeof swipes.$inferSelect,
  'id' | 'userId' | 'targetUserId' | 'isLike' | 'isSuperLike' | 'mode' | 'createdAt'
>;

/**
 * Whether two members have written to each other in this match. Chat owns messages and sits above
 * matches, so it hands this in (app.ts) rather than matches reaching up for it.
 */
export type ConversationStarted = (db: Db, matchId: string) => Promise<boolean>;

/**
 * Two locks, always taken in this order (record_swipe in matches/sql/record_swipe.sql takes them for a swipe):
 * 1. her user row (FOR NO KEY UPDATE: other members' swipes on her only need a key-share lock and
 *    are not held up) serialises her own swipes and undos, so two likes sent at once cannot both
 *    pass the daily limit;
 * 2. an advisory lock on the pair serialises everything that can make or unmake the match of two
 *    people: without it, two people liking each other at the same instant each miss the other's
 *    uncommitted like and no match is made. hashtext collisions only serialise a little more.
 */
const PAIR_LOCK = 41_002;

async function lockActor(tx: Db, userId: string) {
  const actor = await lockUserRow(tx, userId);
  if (!actor) throw notFound(localText('userNotFound'));
  return actor;
}

async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK}::int, hashtext(${orderedPair(a, b).join(':')}))`);
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

interface RecordedSwipe extends Record<string, unknown> {
  outcome: 'no_user' | 'unavailable' | 'bad_item' | 'limit' | 'conflict' | 'recorded';
  premium: boolean;
  /** Whether she herself is in the deck she swiped in (her "Looking for"). */
  in_deck: boolean;
  likes_today: number | null;
  super_likes: number | null;
  oldest_super_like_at: string | Date | null;
  swipe_id: string | null;
  swipe_created_at: string | Date | null;
  match_id: string | null;
  match_created_at: string | Date | null;
}

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The swipe statement: her premium and ghost state, and whether the target is within reach, read
 * with core's rules (and the unmatched pairs), then record_swipe, which locks, counts, inserts and
 * matches in order. Prepared once per database (a named statement on PostgreSQL), so a swipe is
 * one round trip with no parse or plan. Her caps for both premium states come from `swipeCaps`;
 * core's premium rule, evaluated in the statement, picks one.
 */
function prepareRecordSwipe(db: Db) {
  const user = param('user', 'uuid');
  const target = param('target', 'uuid');
  const premium = sql<boolean>`coalesce(${premiumSql(param('now', 'timestamptz'))}, false)`;
  const cap = (kind: 'likes' | 'superLikes') =>
    sql`(case when ${premium} then ${param(`${kind}CapPremium`, 'integer')} else ${param(`${kind}CapFree`, 'integer')} end)`;
  const mode = param('mode', 'text');
  const inDeck = inDeckAt(mode, user);
  // Both must be in the deck (Friends mode): someone looking only for dating cannot be liked as a friend.
  const reachable = sql`(${isVisibleMember(target)} and ${notBlockedWith(user, target)} and ${notUnmatchedWith(user, target)}
    and ${inDeck} and ${inDeckAt(mode, target)})`;
  // The liked item, if any, as the owner's fragments read it: null parameters when there is none, so a
  // plain swipe pays for two null tests.
  const photoKey = param('photoKey', 'text');
  const promptId = param('promptId', 'text');
  const likedPhoto = sql`(case when ${photoKey} is null then null else ${photoOfMember(target, photoKey)} end)`;
  const itemOk = sql`((${photoKey} is null or ${likedPhoto} is not null) and (${promptId} is null or ${answersPrompt(target, promptId)}))`;
  const column = <T>(name: string) => sql<T>`s.${sql.identifier(name)}`;
  return db
    .select({
      outcome: column<RecordedSwipe['outcome']>('outcome'),
      premium,
      in_deck: inDeck,
      likes_today: column<number | null>('likes_today'),
      super_likes: column<number | null>('super_likes'),
      oldest_super_like_at: column<string | Date | null>('oldest_super_like_at'),
      swipe_id: column<string | null>('swipe_id'),
      swipe_created_at: column<string | Date | null>('swipe_created_at'),
      match_id: column<string | null>('match_id'),
      match_created_at: column<string | Date | null>('match_created_at'),
    })
    .from(
      sql`(values (1)) as one (x)
      left join ${memberTable} on ${memberTable.id} = ${user}
      cross join lateral record_swipe(
        ${user}, ${target}, ${param('isLike', 'boolean')}, ${param('superLike', 'boolean')},
        ${reachable}, ${memberTable.ghostMode} is false, ${cap('likes')}, ${cap('superLikes')},
        ${param('dayStart', 'timestamptz')}, ${param('windowStart', 'timestamptz')}, ${PAIR_LOCK}::integer,
        ${itemOk}, ${likedPhoto}, ${promptId}, ${param('comment', 'text')}, ${mode}
      ) s`,
    )
    .prepare('record_swipe');
}

const recordSwipeStatements = new WeakMap<Db, ReturnType<typeof prepareRecordSwipe>>();

async function recordSwipe(db: Db, userId: string, input: SwipeInput, now: Date): Promise<RecordedSwipe> {
  let statement = recordSwipeStatements.get(db);
  if (!statement) {
    statement = prepareRecordSwipe(db);
    recordSwipeStatements.set(db, statement);
  }
  const premiumCaps = swipeCaps(true, input);
  const freeCaps = swipeCaps(false, input);
  const [row] = await statement.execute({
    user: userId,
    target: input.targetUserId,
    now: now.toISOString(),
    isLike: input.isLike,
    superLike: input.superLike,
    mode: input.mode,
    likesCapPremium: premiumCaps.likes,
    likesCapFree: freeCaps.likes,
    superLikesCapPremium: premiumCaps.superLikes,
    superLikesCapFree: freeCaps.superLikes,
    ...budgetWindows(now),
    photoKey: input.likedItem?.kind === 'photo' ? photoKeyOfUrl(input.likedItem.photoUrl) : null,
    promptId: input.likedItem?.kind === 'prompt' ? input.likedItem.promptId : null,
    comment: input.comment ?? null,
  });
  if (!row) throw new Error('record_swipe returned no row');
  return row;
}

/**
 * Records a like, pass or super like, and makes the match when the like is mutual, atomically, in
 * one round trip. Refused: herself (400); an unknown user, a ghost, a suspended member, one she
 * unmatched, or anyone with a block between them (404, the same answer for all so a block or ghost
 * is not revealed); a like over her budget (429); a second swipe on the same person (409). While she
 * is in ghost mode her likes are recorded but make no match; turning ghost mode off makes the
 * matches then (createPendingMatches).
 */
export async function createSwipe(
  db: Db,
  events: DomainEvents,
  userId: string,
  input: SwipeInput,
): Promise<LikeResponse> {
  if (input.targetUserId === userId) throw badRequest(localText('youCannotSwipeOn'));
  if (input.superLike && !input.isLike) throw badRequest(localText('aSuperLikeIs'));
  if (!input.isLike && (input.likedItem || input.comment !== undefined)) {
    throw badRequest(localText('aPassCarriesNo'));
  }
  if (input.comment !== undefined && !input.likedItem) throw badRequest(localText('aCommentGoesWith'));
  const now = new Date();
  const recorded = await recordSwipe(db, userId, input, now).catch((error: unknown) => {
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
  const swipe: SwipeRow = {
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
  const [other, photos, shown] = await Promise.all([
    findUser(db, targetId),
    photoUrlsOf(db, [targetId]),
    disclosuresFor(db, userId, [targetId]),
  ]);
  // Deleted a moment after the match was made: the match went with her account.
  if (!other) throw unavailable();
  return {
    like: presentSwipe(swipe),
    match: presentMatch({ ...match, other }, photos.get(targetId) ?? [], undefined, shown(targetId)),
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
): Promise<UndoLikeResponse> {
  const actor = await findUser(db, userId);
  if (!actor) throw notFound(localText('userNotFound'));
  const premium = hasActivePremium(actor);
  if (!premium) throw premiumRequired(localText('undoIsAPremium'));

  const { swipe, dissolved } = await db.transaction(async (tx) => {
    await lockActor(tx, userId);
    const [latest] = await tx
      .select()
      .from(swipes)
      .where(eq(swipes.userId, userId))
      .orderBy(desc(swipes.createdAt), desc(swipes.id))
      .limit(1);
    if (!latest || latest.id !== swipeId) {
      const [own] = await tx
        .select({ id: swipes.id })
        .from(swipes)
        .where(and(eq(swipes.id, swipeId), eq(swipes.userId, userId)));
      if (!own) throw notFound(localText('swipeNotFound'));
      throw conflict(localText('onlyYourMostRecent'));
    }

    let dissolved: MatchRow | undefined;
    if (latest.isLike) {
      const [userA, userB] = orderedPair(userId, latest.targetUserId);
      await lockPair(tx, userA, userB);
      // FOR UPDATE: a message being written into this match waits for us, then finds no match.
      const [match] = await tx
        .select()
        .from(matches)
        .where(and(eq(matches.userA, userA), eq(matches.userB, userB), eq(matches.mode, latest.mode)))
        .for('update');
      if (match) {
        if (await conversationStarted(tx, match.id)) {
          throw conflict(localText('youveAlreadyStartedChatting'));
        }
        await tx.delete(matches).where(eq(matches.id, match.id));
        dissolved = match;
      }
    }
    await tx.delete(swipes).where(eq(swipes.id, latest.id));
    return { swipe: latest, dissolved };
  });

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

/**
 * Mutual likes that made no match because she was in ghost mode become matches now (called when
 * she leaves ghost mode), each in the deck of its two likes. Partners still in ghost mode, or with a
 * block between them, wait.
 */
export async function createPendingMatches(db: Db, userId: string): Promise<MatchRow[]> {
  const back = alias(swipes, 'back');
  const rows = await db
    .select({ partnerId: swipes.targetUserId, mode: swipes.mode })
    .from(swipes)
    .innerJoin(
      back,
      and(
        eq(back.userId, swipes.targetUserId),
        eq(back.targetUserId, userId),
        eq(back.isLike, true),
        eq(back.mode, swipes.mode),
      ),
    )
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.isLike, true),
        isVisibleMember(swipes.targetUserId),
        notBlockedWith(userId, swipes.targetUserId),
        notUnmatchedWith(userId, swipes.targetUserId),
      ),
    );
  if (rows.length === 0) return [];
  return db
    .insert(matches)
    .values(
      rows.map((r) => {
        const [userA, userB] = orderedPair(userId, r.partnerId);
        return { userA, userB, mode: r.mode };
      }),
    )
    .onConflictDoNothing()
    .returning();
}

function presentSwipe(row: SwipeRow): Swipe {
  return {
    id: row.id,
    targetUserId: row.targetUserId,
    isLike: row.isLike,
    isSuperLike: row.isSuperLike,
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
  };
}
