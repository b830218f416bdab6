import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { DiscoveryMode } from '../../../contract/discovery';
import type { LastMessagePreview, Match } from '../../../contract/matches';
import { findUsers, isOnline, notBlockedWith, notSuspended } from '../../core';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema/matches';
import { disclosuresFor, type Disclosure } from '../preferences';
import { photoUrlsOf } from '../profiles';

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

export function otherMember(match: MatchRow, userId: string): string {
  return match.userA === userId ? match.userB : match.userA;
}

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

/** Ids of everyone `userId` is matched with (and not blocked with): who should hear her presence. */
export async function matchPartnerIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ userA: matches.userA, userB: matches.userB })
    .from(matches)
    .where(
      or(
        and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB)),
        and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA)),
      ),
    );
  // A pair can be matched in both decks: each partner once.
  return [...new Set(rows.map((r) => (r.userA === userId ? r.userB : r.userA)))];
}

/** How many matches she has (blocked ones excluded, like matchPartnerIds): the profile's Matches counter. */
export async function countMatches(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(matches)
    .where(
      or(
        and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB)),
        and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA)),
      ),
    );
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
    .where(
      or(
        and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB)),
        and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA)),
      ),
    );
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
 * Last-message preview and unread count per match, supplied by chat (it owns messages). Absent until
 * chat registers one; the match list then simply has no preview fields.
 */
export type MatchSummaries = (
  db: Db,
  viewerId: string,
  matchIds: string[],
) => Promise<Map<string, { lastMessage: LastMessagePreview | null; unreadCount: number }>>;

/** Which of these users have a live socket on any instance (the real-time layer knows). */
export type OnlineAmong = (userIds: readonly string[]) => Promise<Set<string>>;

interface MatchListProviders {
  summaries?: MatchSummaries | undefined;
  onlineAmong?: OnlineAmong | undefined;
  /** One deck's matches only; undefined: both (the chat list, where friends matches are labelled). */
  mode?: DiscoveryMode | undefined;
}

/** Her matches, newest first; a pair with a block between them is left out (the match row stays). */
export async function listMatches(db: Db, userId: string, providers: MatchListProviders = {}): Promise<Match[]> {
  const { summaries, onlineAmong, mode } = providers;
  const other = sql`case when ${matches.userA} = ${userId} then ${matches.userB} else ${matches.userA} end`;
  const pairs = await db
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
  // The partners' rows in one more query (core owns them), not one per match.
  const members = await findUsers(
    db,
    pairs.map((p) => p.otherId),
  );
  const rows = pairs.flatMap((p) => {
    const member = members.get(p.otherId);
    return member ? [{ id: p.id, mode: p.mode, createdAt: p.createdAt, other: member }] : [];
  });
  const photos = await photoUrlsOf(
    db,
    rows.map((r) => r.other.id),
  );
  const extra =
    summaries && rows.length > 0
      ? await summaries(
          db,
          userId,
          rows.map((r) => r.id),
        )
      : undefined;
  const online = onlineAmong && rows.length > 0 ? await onlineAmong(rows.map((r) => r.other.id)) : undefined;
  const disclose = await disclosuresFor(
    db,
    userId,
    rows.map((r) => r.other.id),
  );
  return rows.map((r) => ({
    ...presentMatch(r, photos.get(r.other.id) ?? [], online, disclose(r.other.id)),
    ...(extra?.get(r.id) ?? {}),
  }));
}

interface MatchPartner {
  id: string;
  name: string;
  interests: string[];
  lastActiveAt: Date | null;
  ghostMode: boolean;
  isVerified: boolean;
}

/**
 * A ghost's presence is hidden, as on her public profile; her matches still see her name and photos.
 * `online` is live socket presence when the real-time layer supplied it, else the recent-activity window.
 */
export function presentMatch(
  row: { id: string; mode: DiscoveryMode; createdAt: Date; other: MatchPartner },
  photos: string[],
  online?: Set<string>,
  shown?: Disclosure,
): Match {
  // Presence and last-active also follow both members' privacy settings (preferences' `disclosure`).
  const showPresence = !row.other.ghostMode;
  const live = (shown?.online ?? true) && (online ? online.has(row.other.id) : isOnline(row.other.lastActiveAt));
  return {
    id: row.id,
    mode: row.mode,
    createdAt: row.createdAt.toISOString(),
    otherUser: {
      id: row.other.id,
      name: row.other.name,
      photos,
      interests: row.other.interests,
      isVerified: row.other.isVerified,
      isOnline: showPresence && live,
      lastActive: showPresence && (shown?.lastActive ?? true) ? (row.other.lastActiveAt?.toISOString() ?? null) : null,
    },
  };
}
