import type { DiscoveryMode } from '../../../contract/discovery';
import type { LastMessagePreview, Match } from '../../../contract/matches';
import { findUsers, isOnline } from '../../core';
import type { Db } from '../../db/client';
import { disclosuresFor, type Disclosure } from '../preferences';
import { photoUrlsOf } from '../profiles';
import { matchesOf, type MatchRow } from './repository';

export function otherMember(match: MatchRow, userId: string): string {
  return match.userA === userId ? match.userB : match.userA;
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
  const pairs = await matchesOf(db, userId, mode);
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
