import type { Db } from '../db/client';
import { findMatchForMember, otherMember } from '../features/matches';

/** A typing signal per keystroke must not cost a query each; membership is remembered this long. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * "Who is the other member of this match, if `userId` may use it" — cached for typing signals.
 * A block or dissolved match clears the pair at once (through the bus on every instance); the TTL
 * only bounds how stale an entry can get if that notice is lost.
 */
export class MembershipCache {
  private readonly entries = new Map<string, { partnerId: string; userId: string; expires: number }>();

  constructor(private readonly db: Db) {}

  async partnerIn(userId: string, matchId: string, now = Date.now()): Promise<string | null> {
    const key = `${userId}:${matchId}`;
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.partnerId;
    const match = await findMatchForMember(this.db, matchId, userId);
    if (!match) {
      // Not remembered: a match made a moment later must work at once.
      this.entries.delete(key);
      return null;
    }
    const partnerId = otherMember(match, userId);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { partnerId, userId, expires: now + TTL_MS });
    return partnerId;
  }

  forgetPair([a, b]: [string, string]): void {
    for (const [key, entry] of this.entries) {
      if ((entry.userId === a && entry.partnerId === b) || (entry.userId === b && entry.partnerId === a))
        this.entries.delete(key);
    }
  }
}
