import {
  BADGES,
  badgeById,
  describedBadge,
  type BadgeId,
  type EarnedBadges,
  type UserBadge,
} from '../../../contract/badges';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { blockedEitherWay, findUser } from '../../core';
import { notFound } from '../../http/errors';
import { earnedBy, earnedByMembers, insertEarned, type BadgesRepository } from './repository';
import { progressOf, RULED_BADGES, type RuleContext } from './rules';
import { localText } from '../../i18n';

function present(id: BadgeId, earnedAt: Date | null, progress: number): UserBadge {
  const badge = describedBadge(id);
  return {
    id,
    badge,
    earnedAt: earnedAt?.toISOString() ?? null,
    progress: Math.min(progress, badge.maxProgress),
    maxProgress: badge.maxProgress,
  };
}

/** What badges' services use: the rules' context, the events they announce with, and the repository. */
export interface BadgeDeps extends RuleContext {
  events: DomainEvents;
  repository: BadgesRepository;
}

/**
 * Awards every badge among `ids` whose progress has reached its goal. Idempotent: the (user, badge) key
 * lets only one of any number of concurrent evaluations insert, and only that one announces it.
 */
export async function evaluateBadges(
  deps: BadgeDeps,
  userId: string,
  ids: readonly BadgeId[] = RULED_BADGES,
  now = new Date(),
): Promise<UserBadge[]> {
  const { db, events } = deps;
  const cache = deps.repository.knownEarned.on(db);
  let earned = cache.get(userId);
  if (!earned) {
    const readToken = cache.readToken();
    earned = new Set((await deps.repository.earnedRows(userId)).map((r) => r.badgeId));
    cache.set(userId, earned, readToken);
  }
  const open = ids.filter((id) => !earned.has(id));
  if (open.length === 0) return [];
  const progress = await progressOf(deps, userId, open, now);
  const reached = open.filter((id) => (progress.get(id) ?? 0) >= badgeById(id)!.maxProgress);
  if (reached.length === 0) return [];
  const inserted = await insertEarned(db, userId, reached, now);
  // Earned now, by this run or (a conflict) by another.
  for (const id of reached) earned.add(id);
  const fresh = inserted.map((row) =>
    present(row.badgeId as BadgeId, row.earnedAt, progress.get(row.badgeId as BadgeId) ?? 0),
  );
  for (const badge of fresh) events.emit('badge.earned', { userId, badge });
  return fresh;
}

/** Her own list: every badge, earned ones with the date, the rest with progress. */
async function ownBadges(deps: BadgeDeps, userId: string, now = new Date()): Promise<UserBadge[]> {
  const earned = new Map((await deps.repository.earnedRows(userId)).map((r) => [r.badgeId, r.earnedAt]));
  const progress = await progressOf(
    deps,
    userId,
    RULED_BADGES.filter((id) => !earned.has(id)),
    now,
  );
  return BADGES.map((b) => {
    const earnedAt = earned.get(b.id) ?? null;
    return present(b.id, earnedAt, earnedAt ? b.maxProgress : (progress.get(b.id) ?? 0));
  }).sort((a, b) => Number(b.earnedAt !== null) - Number(a.earnedAt !== null));
}

/** Another member's earned badges only; hidden (404) across a block like her profile. */
export async function badgesOf(
  deps: BadgeDeps,
  viewerId: string,
  userId: string,
  now = new Date(),
): Promise<UserBadge[]> {
  const { db } = deps;
  if (viewerId === userId) return ownBadges(deps, userId, now);
  const user = /^[0-9a-f-]{36}$/i.test(userId) ? await findUser(db, userId) : undefined;
  if (!user || (await blockedEitherWay(db, viewerId, userId))) throw notFound(localText('userNotFound'));
  const rows = await earnedBy(db, userId);
  return rows
    .filter((r) => badgeById(r.badgeId) && !PRIVATE_BADGES.has(r.badgeId))
    .map((r) => ({ id: r.badgeId as BadgeId, earnedAt: r.earnedAt }))
    .sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime())
    .map((r) => present(r.id, r.earnedAt, badgeById(r.id)!.maxProgress));
}

/**
 * Badges earned by anonymous activity (a Tea story, support of stories): seen only by her. Shown to
 * anyone else, the moment one appears would point at the story that earned it (polling
 * members' badges named a first story's author within 0.25 s).
 */
const PRIVATE_BADGES: ReadonlySet<string> = new Set<BadgeId>(['storyteller', 'supportive']);

/** Earned badge ids per member, oldest first (cards show the first three). */
export async function earnedBadgesOf(db: Db, viewerId: string, userIds: string[]): Promise<EarnedBadges> {
  const earned: Record<string, BadgeId[]> = Object.fromEntries(userIds.map((id) => [id, []]));
  const rows = await earnedByMembers(db, viewerId, userIds);
  for (const row of rows) {
    if (!badgeById(row.badgeId)) continue;
    if (row.userId !== viewerId && PRIVATE_BADGES.has(row.badgeId)) continue;
    earned[row.userId]?.push(row.badgeId as BadgeId);
  }
  return { earned };
}

/** Earned badge ids per member as `viewerId` may see them (cards, public profiles; injected from app.ts). */
export async function earnedBadgeIds(db: Db, viewerId: string, userIds: string[]): Promise<Record<string, BadgeId[]>> {
  if (userIds.length === 0) return {};
  return (await earnedBadgesOf(db, viewerId, userIds)).earned;
}

/** The badges she earned, for her data export (her rows go with her account by ON DELETE CASCADE). */
export async function earnedBadgesFor(db: Db, userId: string): Promise<{ badgeId: string; earnedAt: string }[]> {
  const rows = await earnedBy(db, userId);
  return rows
    .sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime())
    .map((r) => ({ badgeId: r.badgeId, earnedAt: r.earnedAt.toISOString() }));
}
