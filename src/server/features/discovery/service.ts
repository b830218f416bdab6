import type { z } from 'zod';
import { presentPublicBadge, type BadgeId } from '../../../contract/badges';
import type { DiscoveryCard, DiscoveryPage, discoveryQuery } from '../../../contract/discovery';
import { modesOf, type DiscoveryMode } from '../../../contract/discovery';
import { distanceBand } from '../../../contract/locations';
import { presentPrompts } from '../../../contract/prompts';
import type { Db } from '../../db/client';
import { hasActivePremium, isOnline } from '../../core';
import { badRequest, fieldError, notFound } from '../../http/errors';
import { localText } from '../../i18n';
import { publicMediaUrl } from '../../media';
import { limitsFrom, swipeUsage } from '../matches';
import {
  DEFAULT_PRIVACY,
  deckNotChosen,
  disclosure,
  lookingForOf,
  searchChoicesOf,
  type Disclosure,
  type MatchingViewer,
  type SearchChoices,
} from '../preferences';
import type { EarnedBadgesOf } from '../profiles';
import { decodeCursor, encodeCursor } from './cursor';
import {
  findCandidates,
  poolEnd,
  type Candidate,
  type CandidateSearch,
  type PoolBoundary,
  type Viewer,
  viewerRow,
} from './repository';

/**
 * Her own row's discovery inputs, the deck's filters and her deal breakers: two reads at once (her row,
 * and her choices in preferences). The Friends deck reads her Friends filters (age, distance,
 * interests; no chips, no deal breakers). A deck she has not chosen in "Looking for" is refused (400),
 * so nobody browses a deck she is not shown in.
 */
async function loadViewer(db: Db, userId: string, mode: DiscoveryMode = 'dating') {
  const friends = mode === 'friends';
  const [row, choices] = await Promise.all([viewerRow(db, userId), searchChoicesOf(db, userId)]);
  if (!row) throw notFound(localText('userNotFound'));
  if (!modesOf(choices.lookingFor).includes(mode)) {
    throw badRequest(deckNotChosen(mode), [fieldError('mode', deckNotChosen(mode))]);
  }
  const viewer: Viewer = row.viewer;
  const matching: MatchingViewer = {
    dealBreakers: friends ? [] : choices.dealBreakers,
    lifestyle: row.lifestyle,
    relationshipGoals: row.relationshipGoals,
    isVerified: row.isVerified,
  };
  const { friendsFilters } = choices;
  return {
    viewer,
    matching,
    premium: hasActivePremium(row),
    mode,
    presence: choices.presence,
    filters: friends
      ? {
          minAge: friendsFilters.minAge,
          maxAge: friendsFilters.maxAge,
          maxDistance: friendsFilters.maxDistance,
          teaPreferences: [],
          lifestylePreferences: [],
        }
      : choices.filters,
    friendsInterests: friends ? friendsFilters.interests : [],
  };
}

/** One page of her discovery feed, with what she may still swipe. */
export async function getDiscoveryPage(
  db: Db,
  userId: string,
  query: z.output<typeof discoveryQuery>,
  earnedBadges: EarnedBadgesOf,
): Promise<DiscoveryPage> {
  const position = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rankedAt = position?.rankedAt ?? new Date();
  const { viewer, matching, premium, filters, mode, friendsInterests, presence } = await loadViewer(
    db,
    userId,
    query.mode,
  );
  const now = new Date();
  // Independent reads: on PostgreSQL they overlap on two pooled connections.
  const [rows, usage] = await Promise.all([
    feedRows(db, {
      viewer,
      filters,
      matching,
      mode,
      friendsInterests,
      scope: query.scope,
      rankedAt,
      rankBy: 'boosted',
      ...(position?.window ? { window: position.window } : {}),
      ...(position ? { after: { rank: position.rank, id: position.id } } : {}),
      limit: query.limit + 1,
    }),
    swipeUsage(db, userId, premium, now),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    users: await presentCards(db, userId, viewer, presence, page, earnedBadges),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ rank: last.rank, id: last.id, rankedAt, ...(last.window && { window: last.window }) })
        : null,
    limits: limitsFrom(usage, now),
  };
}

/**
 * Up to `search.limit` cards from the search's pool window on: when a window runs out before the
 * page is full and it was a full pool, the page goes on from the best of the next window.
 */
async function feedRows(db: Db, search: CandidateSearch): Promise<Array<Candidate & { window?: PoolBoundary }>> {
  const rows: Array<Candidate & { window?: PoolBoundary }> = [];
  let window = search.window;
  let after = search.after;
  for (;;) {
    const current: CandidateSearch = { ...search, limit: search.limit - rows.length };
    if (window) current.window = window;
    else delete current.window;
    if (after) current.after = after;
    else delete current.after;
    const found = await findCandidates(db, current);
    rows.push(...found.map((row) => (window ? { ...row, window } : row)));
    if (rows.length >= search.limit) return rows;
    const next = await poolEnd(db, current);
    if (!next) return rows;
    window = next;
    after = undefined;
  }
}

/** The cards, each with only what its member chose to show (her age, distance, presence) to this viewer. */
async function presentCards(
  db: Db,
  viewerId: string,
  viewer: Viewer,
  presence: SearchChoices['presence'],
  rows: Candidate[],
  earnedBadges: EarnedBadgesOf,
): Promise<DiscoveryCard[]> {
  if (rows.length === 0) return [];
  const badges = await earnedBadges(
    db,
    viewerId,
    rows.map((r) => r.id),
  );
  const mine = { ...DEFAULT_PRIVACY, ...presence };
  return rows.map((r) => ({
    ...presentCard(r, viewer, disclosure({ ...DEFAULT_PRIVACY, ...r.shows }, mine), badges[r.id] ?? []),
    ...(r.visiting && { visiting: true as const }),
  }));
}

function presentCard(r: Candidate, viewer: Viewer, shown: Disclosure, badgeIds: readonly BadgeId[]): DiscoveryCard {
  return {
    id: r.id,
    name: r.name,
    ...(shown.age && { age: r.age }),
    bio: r.bio,
    location: r.location,
    pronouns: r.pronouns,
    photos: r.photoKeys.map(publicMediaUrl),
    interests: r.interests,
    teaInterests: r.teaInterests,
    job: r.job,
    prompts: presentPrompts(r.prompts),
    isVerified: r.isVerified,
    isOnline: shown.online && isOnline(r.lastActiveAt),
    lastActive: shown.lastActive ? (r.lastActiveAt?.toISOString() ?? null) : null,
    badges: badgeIds.map(presentPublicBadge),
    ...(shown.distance && { distance: distanceBand(r.distanceMiles, r.location === viewer.location) }),
  };
}

interface ScoredCandidate extends Candidate {
  /** Her interests that are also the viewer's, in the viewer's order. */
  commonInterests: string[];
}

/**
 * The best-scoring people her nearby feed would show (her distance and filters), by compatibility alone:
 * the potential-matches list.
 */
export async function bestCandidates(db: Db, userId: string, limit: number): Promise<ScoredCandidate[]> {
  // Potential matches are dating ones: none for a member looking only for friends.
  if ((await lookingForOf(db, userId)) === 'friends') return [];
  const { viewer, matching, filters } = await loadViewer(db, userId);
  const rows = await findCandidates(db, {
    viewer,
    filters,
    matching,
    scope: 'nearby',
    rankedAt: new Date(),
    rankBy: 'compatibility',
    limit,
  });
  return rows.map((r) => ({ ...r, commonInterests: viewer.interests.filter((i) => r.interests.includes(i)) }));
}
