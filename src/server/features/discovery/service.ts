import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DiscoveryCard, DiscoveryPage, discoveryQuery } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { discoveryFilters, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { limitsFrom, swipeUsage } from '../matches/limits';
import { hasActivePremium, isOnline, photoUrlsOf } from '../profiles/users';
import { findCandidates, type Candidate, type Viewer } from './candidates';
import { decodeCursor, encodeCursor } from './cursor';
import { distanceBand } from './distance-band';
import { presentFilters } from './filters';

/** Her own row's discovery inputs and her saved filters, in one query. */
async function loadViewer(db: Db, userId: string) {
  const [row] = await db
    .select({
      viewer: {
        id: users.id,
        age: users.age,
        location: users.location,
        latitude: users.latitude,
        longitude: users.longitude,
        interests: users.interests,
        teaInterests: users.teaInterests,
      },
      premiumUntil: users.premiumUntil,
      filters: discoveryFilters,
    })
    .from(users)
    .leftJoin(discoveryFilters, eq(discoveryFilters.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  const viewer: Viewer = row.viewer;
  return { viewer, premium: hasActivePremium(row), filters: presentFilters(row.filters) };
}

/** One page of her discovery feed, with what she may still swipe. */
export async function getDiscoveryPage(
  db: Db,
  userId: string,
  query: z.output<typeof discoveryQuery>,
): Promise<DiscoveryPage> {
  const position = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rankedAt = position?.rankedAt ?? new Date();
  const { viewer, premium, filters } = await loadViewer(db, userId);
  const now = new Date();
  // Independent reads: on PostgreSQL they overlap on two pooled connections.
  const [rows, usage] = await Promise.all([
    findCandidates(db, {
      viewer,
      filters,
      scope: query.scope,
      rankedAt,
      rankBy: 'boosted',
      ...(position ? { after: { rank: position.rank, id: position.id } } : {}),
      limit: query.limit + 1,
    }),
    swipeUsage(db, userId, premium, now),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    users: await presentCards(db, viewer, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ rank: last.rank, id: last.id, rankedAt }) : null,
    limits: limitsFrom(usage, now),
  };
}

async function presentCards(db: Db, viewer: Viewer, rows: Candidate[]): Promise<DiscoveryCard[]> {
  const photos = await photoUrlsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    age: r.age,
    bio: r.bio,
    location: r.location,
    pronouns: r.pronouns,
    photos: photos.get(r.id) ?? [],
    interests: r.interests,
    teaInterests: r.teaInterests,
    job: r.job,
    isVerified: r.isVerified,
    isOnline: isOnline(r.lastActiveAt),
    lastActive: r.lastActiveAt?.toISOString() ?? null,
    // The badges feature does not exist yet; cards carry its slot so the screen is ready for it.
    badges: [],
    distance: distanceBand(r.distanceMiles, r.location === viewer.location),
  }));
}

export interface ScoredCandidate extends Candidate {
  /** Her interests that are also the viewer's, in the viewer's order. */
  commonInterests: string[];
}

/**
 * The best-scoring people her feed would show (all areas, her filters), by compatibility alone:
 * the potential-matches list.
 */
export async function bestCandidates(db: Db, userId: string, limit: number): Promise<ScoredCandidate[]> {
  const { viewer, filters } = await loadViewer(db, userId);
  const rows = await findCandidates(db, { viewer, filters, scope: 'all', rankedAt: new Date(), rankBy: 'compatibility', limit });
  return rows.map((r) => ({ ...r, commonInterests: viewer.interests.filter((i) => r.interests.includes(i)) }));
}
