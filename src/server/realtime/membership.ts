import type { Db } from '../db/client';
import { findMatchForMember, otherMember } from '../features/matches';
import { Lru } from '../lib/lru';

/** A typing signal per keystroke must not cost a query each; membership is remembered this long. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * "Who is the other member of this match, if `userId` may use it" — cached for typing signals.
 * A block or dissolved match clears the pair at once (through the bus on every instance); the TTL
 * only bounds how stale an entry can get if that notice is lost.
 */
export class MembershipCache {
  private readonly entries = new Lru<{ partnerId: string; userId: string }>({ max: MAX_ENTRIES, ttlMs: TTL_MS });

  constructor(private readonly db: Db) {}

  async partnerIn(userId: string, matchId: string): Promise<string | null> {
    const key = `${userId}:${matchId}`;
    const cached = this.entries.get(key);
    if (cached) return cached.partnerId;
    const readToken = this.entries.readToken();
    const match = await findMatchForMember(this.db, matchId, userId);
    // Not remembered: a match made a moment later must work at once.
    if (!match) return null;
    const partnerId = otherMember(match, userId);
    this.entries.set(key, { partnerId, userId }, readToken);
    return partnerId;
  }

  forgetPair([a, b]: readonly [string, string]): void {
    this.entries.deleteWhere(
      (entry) => (entry.userId === a && entry.partnerId === b) || (entry.userId === b && entry.partnerId === a),
    );
  }
}
