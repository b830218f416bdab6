import { and, asc, count, desc, eq, gte, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DiscoveryMode } from '../../../contract/discovery';
import { isVisibleMember, lockUserRow, memberTable, notBlockedWith, notSuspended, premiumSql } from '../../core';
import type { Db } from '../../db/client';
import { matches, swipes, unmatchedPairs } from '../../db/schema/matches';
import { answersPrompt, photoKeysOfMember, photoOfMember } from '../profiles';
import { inDeckAt, privacyChoicesOf } from '../preferences';

/**
 * Every statement of matches: swipes, matches and the pairs that unmatched. Services decide and answer;
 * what is read and written, and the rules the database keeps (record_swipe and swipe_usage, whose source
 * is `sql/*.sql`, applied at every boot by db/repeatable.ts after the migrations), are here.
 *
 * Plain functions take the handle to run on (the database, or a transaction); the prepared swipe
 * statement belongs to the one `MatchesRepository` app.ts makes for its database.
 */

export interface MatchRow {
  id: string;
  userA: string;
  userB: string;
  /** The deck the match was made in (Friends mode). */
  mode: DiscoveryMode;
  createdAt: Date;
}

/** Matches store their pair ordered so that (a, b) and (b, a) are the same row. */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

// ---------------------------------------------------------------------------------------------------
// The swipe

/**
 * Two locks, always taken in this order (record_swipe in sql/record_swipe.sql takes them for a swipe):
 * 1. her user row (FOR NO KEY UPDATE: other members' swipes on her only need a key-share lock and
 *    are not held up) serialises her own swipes and undos, so two likes sent at once cannot both
 *    pass the daily limit;
 * 2. an advisory lock on the pair serialises everything that can make or unmake the match of two
 *    people: without it, two people liking each other at the same instant each miss the other's
 *    uncommitted like and no match is made. hashtext collisions only serialise a little more.
 */
const PAIR_LOCK = 41_002;

async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK}::int, hashtext(${orderedPair(a, b).join(':')}))`);
}

/** Her caps for one swipe, one per budget; null: no cap (limits.ts `swipeCaps`). */
export interface SwipeCaps {
  likes: number | null;
  superLikes: number | null;
}

export interface SwipeToRecord {
  userId: string;
  targetUserId: string;
  isLike: boolean;
  superLike: boolean;
  /** The deck (Friends mode): a like makes a match only with a like back in the same deck. */
  mode: DiscoveryMode;
  /** Her caps with and without Premium: the statement picks one by core's premium rule at `now`. */
  caps: { premium: SwipeCaps; free: SwipeCaps };
  /** The windows her budget is counted over (limits.ts `budgetWindows`). */
  dayStart: string;
  windowStart: string;
  now: Date;
  /** The liked photo (its storage key) or prompt of hers, and the comment sent with it; null for none. */
  likedPhotoKey: string | null;
  likedPromptId: string | null;
  comment: string | null;
}

export interface RecordedSwipe extends Record<string, unknown> {
  outcome: 'no_user' | 'unavailable' | 'bad_item' | 'limit' | 'conflict' | 'recorded';
  premium: boolean;
  /** Whether she herself is in the deck she swiped in (her "Looking for"). */
  in_deck: boolean;
  /** Her usage before this swipe (swipe_usage). */
  likes_today: number | null;
  super_likes: number | null;
  oldest_super_like_at: string | Date | null;
  swipe_id: string | null;
  swipe_created_at: string | Date | null;
  match_id: string | null;
  match_created_at: string | Date | null;
  /** With a match, what the answer shows of her (else null): read in the same statement, no second round trip. */
  other_name: string | null;
  other_interests: string[] | null;
  other_is_verified: boolean | null;
  other_ghost_mode: boolean | null;
  other_last_active_at: string | Date | null;
  other_photo_keys: string[] | null;
  other_shows_online: boolean | null;
  other_shows_last_active: boolean | null;
  my_shows_online: boolean | null;
  my_shows_last_active: boolean | null;
}

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The swipe statement: her premium and ghost state, and whether the target is within reach, read
 * with core's rules (and the unmatched pairs), then record_swipe, which locks, counts, inserts and
 * matches in order. Prepared once per repository (a named statement on PostgreSQL), so a swipe is
 * one round trip with no parse or plan. Core's premium rule, evaluated in the statement, picks her caps.
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
  const shown = (name: string) => sql`o.${sql.identifier(name)}`;
  const theirs = privacyChoicesOf(target);
  const mine = privacyChoicesOf(user);
  // With a match, the answer's presentation of her as of this statement's start (the function's own
  // statements see later snapshots; her row, photos and privacy are not what the swipe changes).
  const other = sql`left join lateral (
      select other.name, other.interests, other.is_verified, other.ghost_mode, other.last_active_at,
        ${photoKeysOfMember(target)} as photo_keys,
        ${theirs.showOnlineStatus} as shows_online, ${theirs.showLastActive} as shows_last_active,
        ${mine.showOnlineStatus} as my_shows_online, ${mine.showLastActive} as my_shows_last_active
      from ${memberTable} as other where other.id = ${target} and s.match_id is not null
    ) o on true`;
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
      other_name: sql<string | null>`${shown('name')}`,
      other_interests: sql<string[] | null>`${shown('interests')}`,
      other_is_verified: sql<boolean | null>`${shown('is_verified')}`,
      other_ghost_mode: sql<boolean | null>`${shown('ghost_mode')}`,
      other_last_active_at: sql<string | Date | null>`${shown('last_active_at')}`,
      other_photo_keys: sql<string[] | null>`${shown('photo_keys')}`,
      other_shows_online: sql<boolean | null>`${shown('shows_online')}`,
      other_shows_last_active: sql<boolean | null>`${shown('shows_last_active')}`,
      my_shows_online: sql<boolean | null>`${shown('my_shows_online')}`,
      my_shows_last_active: sql<boolean | null>`${shown('my_shows_last_active')}`,
    })
    .from(
      sql`(values (1)) as one (x)
      left join ${memberTable} on ${memberTable.id} = ${user}
      cross join lateral record_swipe(
        ${user}, ${target}, ${param('isLike', 'boolean')}, ${param('superLike', 'boolean')},
        ${reachable}, ${memberTable.ghostMode} is false, ${cap('likes')}, ${cap('superLikes')},
        ${param('dayStart', 'timestamptz')}, ${param('windowStart', 'timestamptz')}, ${PAIR_LOCK}::integer,
        ${itemOk}, ${likedPhoto}, ${promptId}, ${param('comment', 'text')}, ${mode}
      ) s
      ${other}`,
    )
    .prepare('record_swipe');
}

/** What matches keeps per database: its prepared statements. Made once, by app.ts. */
export interface MatchesRepository {
  /**
   * The swipe rule, in one round trip: refused when she is unknown (`no_user`), the target out of her
   * reach (`unavailable`: ghost, suspended, blocked either way, unmatched, or either of them not in the
   * deck), the liked item not the target's (`bad_item`), her budget spent (`limit`: likes today and super
   * likes in the window, counted under her row lock), or she already swiped the target in this deck
   * (`conflict`); else recorded, with the match when the target liked her back in this deck and she is
   * not in ghost mode.
   */
  recordSwipe(swipe: SwipeToRecord): Promise<RecordedSwipe>;
}

export function createMatchesRepository(db: Db): MatchesRepository {
  const recordSwipeStatement = prepareRecordSwipe(db);
  return {
    async recordSwipe(swipe) {
      const [row] = await recordSwipeStatement.execute({
        user: swipe.userId,
        target: swipe.targetUserId,
        now: swipe.now.toISOString(),
        isLike: swipe.isLike,
        superLike: swipe.superLike,
        mode: swipe.mode,
        likesCapPremium: swipe.caps.premium.likes,
        likesCapFree: swipe.caps.free.likes,
        superLikesCapPremium: swipe.caps.premium.superLikes,
        superLikesCapFree: swipe.caps.free.superLikes,
        dayStart: swipe.dayStart,
        windowStart: swipe.windowStart,
        photoKey: swipe.likedPhotoKey,
        promptId: swipe.likedPromptId,
        comment: swipe.comment,
      });
      if (!row) throw new Error('record_swipe returned no row');
      return row;
    },
  };
}

export interface UsageRow extends Record<string, unknown> {
  likes_today: number | null;
  super_likes: number | null;
  oldest_super_like_at: string | Date | null;
}

/** Her budget's usage in these windows: swipe_usage (sql/swipe_usage.sql), the one definition record_swipe counts with. */
export async function readSwipeUsage(
  db: Db,
  userId: string,
  windows: { dayStart: string; windowStart: string },
): Promise<UsageRow | undefined> {
  const result = await db.execute<UsageRow>(
    sql`select likes_today, super_likes, oldest_super_like_at from swipe_usage(${userId}::uuid, ${windows.dayStart}::timestamptz, ${windows.windowStart}::timestamptz)`,
  );
  return (result as { rows: UsageRow[] }).rows[0];
}

export type SwipeRow = typeof swipes.$inferSelect;

type UndoneSwipe =
  | { outcome: 'no_user' }
  | { outcome: 'not_found' }
  | { outcome: 'not_latest' }
  | { outcome: 'conversation_started' }
  | { outcome: 'undone'; swipe: SwipeRow; dissolved: MatchRow | undefined };

/**
 * Deletes her most recent swipe if it is `swipeId`, under her row lock (and, for a like, the pair's
 * lock), with the match it made unless the two have written to each other (`conversationStarted`,
 * asked inside the transaction while the match row is locked).
 */
export async function undoLatestSwipe(
  db: Db,
  userId: string,
  swipeId: string,
  conversationStarted: (tx: Db, matchId: string) => Promise<boolean>,
): Promise<UndoneSwipe> {
  return db.transaction(async (tx): Promise<UndoneSwipe> => {
    if (!(await lockUserRow(tx, userId))) return { outcome: 'no_user' };
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
      return own ? { outcome: 'not_latest' } : { outcome: 'not_found' };
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
        // Nothing is written yet: ending the transaction here undoes nothing.
        if (await conversationStarted(tx, match.id)) return { outcome: 'conversation_started' };
        await tx.delete(matches).where(eq(matches.id, match.id));
        dissolved = match;
      }
    }
    await tx.delete(swipes).where(eq(swipes.id, latest.id));
    return { outcome: 'undone', swipe: latest, dissolved };
  });
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

// ---------------------------------------------------------------------------------------------------
// Matches

/**
 * The match, only if `userId` is one of its two members, no block stands between them and the other
 * member is not suspended.
 * Everything a member can do in a match (read, write, react) starts here.
 */
export async function findMatchForMember(db: Db, matchId: string, userId: string): Promise<MatchRow | undefined> {
  const [row] = await db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.id, matchId),
        or(eq(matches.userA, userId), eq(matches.userB, userId)),
        or(
          and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB), notSuspended(matches.userB)),
          and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA), notSuspended(matches.userA)),
        ),
      ),
    );
  return row;
}

/** Her matches where no block stands between the two (the match rows stay): the condition of the counts below. */
const unblockedMatchOf = (userId: string) =>
  or(
    and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB)),
    and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA)),
  );

/** Ids of everyone `userId` is matched with (and not blocked with): who should hear her presence. */
export async function matchPartnerIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ userA: matches.userA, userB: matches.userB })
    .from(matches)
    .where(unblockedMatchOf(userId));
  // A pair can be matched in both decks: each partner once.
  return [...new Set(rows.map((r) => (r.userA === userId ? r.userB : r.userA)))];
}

/** How many matches she has (blocked ones excluded, like matchPartnerIds): the profile's Matches counter. */
export async function countMatches(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(matches).where(unblockedMatchOf(userId));
  return row?.n ?? 0;
}

/** Her matches (blocked ones excluded), all time and since `since`, in one statement: preference stats. */
export async function matchCounts(db: Db, userId: string, since: Date): Promise<{ total: number; since: number }> {
  const [row] = await db
    .select({
      total: count(),
      since: sql<number>`count(*) filter (where ${matches.createdAt} >= ${since})`.mapWith(Number),
    })
    .from(matches)
    .where(unblockedMatchOf(userId));
  return { total: row?.total ?? 0, since: row?.since ?? 0 };
}

/** Whether the two are matched (a block dissolves the match): who may read a 'matches only' profile. */
export async function areMatched(db: Db, a: string, b: string): Promise<boolean> {
  const [userA, userB] = orderedPair(a, b);
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.userA, userA), eq(matches.userB, userB), notBlockedWith(a, sql`${b}::uuid`)))
    .limit(1);
  return row !== undefined;
}

/**
 * Her matches with the other member's id, newest first, in one deck or both; a pair with a block
 * between them, or whose other member is suspended, is left out (the match row stays).
 */
export async function matchesOf(
  db: Db,
  userId: string,
  mode: DiscoveryMode | undefined,
): Promise<Array<{ id: string; mode: DiscoveryMode; createdAt: Date; otherId: string }>> {
  const other = sql`case when ${matches.userA} = ${userId} then ${matches.userB} else ${matches.userA} end`;
  return db
    .select({ id: matches.id, mode: matches.mode, createdAt: matches.createdAt, otherId: sql<string>`${other}` })
    .from(matches)
    .where(
      and(
        or(eq(matches.userA, userId), eq(matches.userB, userId)),
        mode ? eq(matches.mode, mode) : undefined,
        notBlockedWith(userId, other),
        // A suspended member is hidden from everyone's matches until the suspension ends.
        notSuspended(other),
      ),
    )
    .orderBy(desc(matches.createdAt), desc(matches.id));
}

/** Her matches with the other member's id, newest first; a block either way hides one (as matchPartnerIds). */
export async function matchesWithPartner(
  db: Db,
  userId: string,
): Promise<Array<{ matchId: string; partnerId: string }>> {
  const rows = await db
    .select({ id: matches.id, userA: matches.userA, userB: matches.userB })
    .from(matches)
    .where(unblockedMatchOf(userId))
    .orderBy(desc(matches.createdAt));
  return rows.map((r) => ({ matchId: r.id, partnerId: r.userA === userId ? r.userB : r.userA }));
}

/** Her match ids as a subquery, for another feature's one-statement count (chat's unread conversations). */
export function matchIdsOfMember(userId: string): SQL {
  return sql`(select ${matches.id} from ${matches} where ${matches.userA} = ${userId} or ${matches.userB} = ${userId})`;
}

/**
 * Either member ends the match: the row goes (its messages with it) and the pair is remembered so they
 * never meet again in discovery. False when it was already gone.
 */
export async function deleteMatchRemembered(db: Db, match: MatchRow): Promise<boolean> {
  const [userA, userB] = orderedPair(match.userA, match.userB);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(matches).where(eq(matches.id, match.id)).returning({ id: matches.id });
    if (!row) return false;
    await tx.insert(unmatchedPairs).values({ userA, userB }).onConflictDoNothing();
    return true;
  });
}

/** A condition for discovery and matching: `viewerId` and `other` were never unmatched. */
export function notUnmatchedWith(viewerId: string | SQL, other: AnyPgColumn | SQL): SQL {
  // Two NOT EXISTS, each an anti-join on an index (see notBlockedWith for why not one OR).
  return sql`(not exists (
    select 1 from ${unmatchedPairs} where ${unmatchedPairs.userA} = ${viewerId} and ${unmatchedPairs.userB} = ${other}
  ) and not exists (
    select 1 from ${unmatchedPairs} where ${unmatchedPairs.userB} = ${viewerId} and ${unmatchedPairs.userA} = ${other}
  ))`;
}

// ---------------------------------------------------------------------------------------------------
// Likes and swipes as others read them

/** Likes she has received, super likes included (the profile's Likes counter). */
export async function countLikesReceived(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .where(and(eq(swipes.targetUserId, userId), eq(swipes.isLike, true)));
  return row?.n ?? 0;
}

export async function countSuperLikesReceived(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .where(and(eq(swipes.targetUserId, userId), eq(swipes.isLike, true), eq(swipes.isSuperLike, true)));
  return row?.n ?? 0;
}

/**
 * SQL for other features' list queries: the ids `viewerId` has already swiped on in this deck
 * (discovery skips them; someone she passed on for dating can still be in her Friends deck).
 */
export function swipedBy(viewerId: string, mode: DiscoveryMode = 'dating'): SQL {
  return sql`(select ${swipes.targetUserId} from ${swipes} where ${swipes.userId} = ${viewerId} and ${swipes.mode} = ${mode})`;
}

/** Whom she swiped on (like or pass) since `since`, newest first; a block either way hides one. */
export async function swipedOnSince(db: Db, userId: string, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: swipes.targetUserId })
    .from(swipes)
    .where(and(eq(swipes.userId, userId), gte(swipes.createdAt, since), notBlockedWith(userId, swipes.targetUserId)))
    .orderBy(desc(swipes.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Likes waiting for her: someone liked her and she has not swiped that person yet in that deck (a
 * friends like waits for her Friends swipe), only in the decks she is looking in now. Likers in ghost
 * mode are left out (a ghost is invisible), and so is anyone with a block between them. Swiping on
 * the liker — back or away — is what clears an entry, so this is also the bell's unread count.
 */
function pendingLikes(userId: string, mode?: DiscoveryMode) {
  return and(
    eq(swipes.targetUserId, userId),
    eq(swipes.isLike, true),
    mode ? eq(swipes.mode, mode) : undefined,
    // Both are still in the like's deck: a liker who has since left it (a dating like from someone now
    // looking only for friends) could not be liked back there, so her like waits for nobody.
    inDeckAt(sql`${swipes.mode}`, sql`${userId}::uuid`),
    inDeckAt(sql`${swipes.mode}`, sql`${swipes.userId}`),
    isVisibleMember(swipes.userId),
    notBlockedWith(userId, swipes.userId),
    // Inside, "swipes" (aliased mine there) names the outer row: the like.
    sql`not exists (select 1 from ${swipes} mine where mine.user_id = ${userId} and mine.target_user_id = ${swipes.userId} and mine.mode = ${swipes.mode})`,
  );
}

export interface PendingLikeRow {
  /** The liker. */
  id: string;
  isSuperLike: boolean;
  mode: DiscoveryMode;
  createdAt: Date;
  likedPhotoId: string | null;
  likedPromptId: string | null;
  comment: string | null;
}

/** Newest first. */
export async function pendingLikeRows(
  db: Db,
  userId: string,
  limit: number,
  mode?: DiscoveryMode,
): Promise<PendingLikeRow[]> {
  return db
    .select({
      id: swipes.userId,
      isSuperLike: swipes.isSuperLike,
      mode: swipes.mode,
      createdAt: swipes.createdAt,
      likedPhotoId: swipes.likedPhotoId,
      likedPromptId: swipes.likedPromptId,
      comment: swipes.comment,
    })
    .from(swipes)
    .where(pendingLikes(userId, mode))
    .orderBy(desc(swipes.createdAt), desc(swipes.id))
    .limit(limit);
}

export async function countPendingLikes(db: Db, userId: string, mode?: DiscoveryMode): Promise<number> {
  const [row] = await db.select({ n: count() }).from(swipes).where(pendingLikes(userId, mode));
  return row?.n ?? 0;
}

/** A pending like on one of her photos or prompts, without who sent it or what they wrote. */
interface PendingItemLike {
  likedPhotoId: string | null;
  likedPromptId: string | null;
  hasComment: boolean;
}

/**
 * The pending likes that point at one of her photos or prompts, newest first, for a free member's
 * list: the liker and the comment are not read at all, so they cannot reach her.
 */
export async function listPendingItemLikes(
  db: Db,
  userId: string,
  limit: number,
  mode?: DiscoveryMode,
): Promise<PendingItemLike[]> {
  return db
    .select({
      likedPhotoId: swipes.likedPhotoId,
      likedPromptId: swipes.likedPromptId,
      hasComment: sql<boolean>`${swipes.comment} is not null`,
    })
    .from(swipes)
    .where(and(pendingLikes(userId, mode), or(isNotNull(swipes.likedPhotoId), isNotNull(swipes.likedPromptId))))
    .orderBy(desc(swipes.createdAt), desc(swipes.id))
    .limit(limit);
}

/** A comment sent with a like, to open the chat once the pair has matched. */
interface LikeComment {
  swipeId: string;
  senderId: string;
  comment: string;
}

/**
 * The comments the two members sent with their likes of each other in one deck, oldest first (chat posts
 * them as the first messages when `match.created` says they matched in that deck).
 */
export async function likeCommentsBetween(
  db: Db,
  [a, b]: readonly [string, string],
  mode: DiscoveryMode,
): Promise<LikeComment[]> {
  const rows = await db
    .select({ swipeId: swipes.id, senderId: swipes.userId, comment: swipes.comment })
    .from(swipes)
    .where(
      and(
        or(
          and(eq(swipes.userId, a), eq(swipes.targetUserId, b)),
          and(eq(swipes.userId, b), eq(swipes.targetUserId, a)),
        ),
        eq(swipes.isLike, true),
        eq(swipes.mode, mode),
        isNotNull(swipes.comment),
      ),
    )
    .orderBy(asc(swipes.createdAt), asc(swipes.id));
  return rows.flatMap((r) =>
    r.comment === null ? [] : [{ swipeId: r.swipeId, senderId: r.senderId, comment: r.comment }],
  );
}

/** Her swipes and matches, oldest first, for her data export. */
export async function swipesAndMatchRowsOf(db: Db, userId: string) {
  const swipeRows = await db.select().from(swipes).where(eq(swipes.userId, userId)).orderBy(asc(swipes.createdAt));
  const matchRows = await db
    .select()
    .from(matches)
    .where(or(eq(matches.userA, userId), eq(matches.userB, userId)))
    .orderBy(asc(matches.createdAt));
  return { swipeRows, matchRows };
}
