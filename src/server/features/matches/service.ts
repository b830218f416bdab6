import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema';
import { notBlockedWith } from '../safety/blocks';

export interface MatchRow {
  id: string;
  userA: string;
  userB: string;
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
 * The match, only if `userId` is one of its two members and no block stands between them.
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
          and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB)),
          and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA)),
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
  return rows.map((r) => (r.userA === userId ? r.userB : r.userA));
}
