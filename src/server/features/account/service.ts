import type { AccountExport } from '../../../contract/account';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';
import { deleteSessionsOf, deleteUser, findUser } from '../../core';
import type { DomainEvents } from '../../domain-events';
import { notFound } from '../../http/errors';
import { confirmPassword } from '../auth';
import { earnedBadgesFor } from '../badges';
import { messagesWrittenBy } from '../chat';
import { getFilters } from '../preferences';
import { eventsOf, releaseEventsOf } from '../events';
import { swipesAndMatchesOf } from '../matches';
import { noticesOf } from '../notifications';
import type { MediaDeletes } from '../../media';
import { getSelfUser, photoKeysOf, photosOf } from '../profiles';
import { blocksAndReportsBy } from '../safety';
import { selfieKeysOf } from '../verification';

export interface AccountDeps {
  db: Db;
  events: DomainEvents;
  jobs: JobQueue;
  mediaDeletes: MediaDeletes;
  /** Her sessions ended: their sockets close on every instance. */
  sessionsEnded: (userId: string, tokenHashes: string[]) => void;
  /** Announced after the rows are gone (realtime forgets her, other features clean up). */
  accountDeleted: (userId: string) => void;
}

/**
 * Each feature reports what it holds about her through its index.ts; this only puts the parts together.
 */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport> {
  const [account, row] = await Promise.all([getSelfUser(db, userId), findUser(db, userId)]);
  if (!account || !row) throw notFound('User not found');
  const [photos, swiping, messages, safety, discoveryFilters, meetups, notices, badges] = await Promise.all([
    photosOf(db, userId),
    swipesAndMatchesOf(db, userId),
    messagesWrittenBy(db, userId),
    blocksAndReportsBy(db, userId),
    getFilters(db, userId),
    eventsOf(db, userId),
    noticesOf(db, userId),
    earnedBadgesFor(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    photos,
    swipes: swiping.swipes,
    matches: swiping.matches,
    messages,
    blocks: safety.blocks,
    reportsFiled: safety.reportsFiled,
    events: meetups,
    notices,
    badges,
    preferences: { discoveryFilters, ghostMode: row.ghostMode, smsNotifications: row.smsNotifications },
    subscription: { premiumUntil: row.premiumUntil?.toISOString() ?? null },
    // Premium is granted without a stored payment until the billing feature records them.
    payments: [],
  };
}

/**
 * Deletes her account at once (docs/decisions/0010-account-deletion.md): sessions (and their sockets on
 * every instance); her places at others' meetups (their counts drop) and her upcoming meetups' guests
 * told; then her row. Every table holding her data (profile, photos, swipes, matches and messages,
 * blocks, reports she filed, filters, event_attendees, the events she hosted, notices, user_badges…)
 * references it with ON DELETE CASCADE, so those rows go in the same statement. Then her media files
 * (photos, a selfie awaiting review): a file the store refuses is retried by the job queue rather than
 * left behind.
 */
export async function deleteAccount(deps: AccountDeps, userId: string, password: string): Promise<void> {
  const { db } = deps;
  await confirmPassword(db, userId, password, 'password');
  const ended = await deleteSessionsOf(db, userId);
  await releaseEventsOf(db, deps.events, userId);
  const keys = await photoKeysOf(db, userId);
  const selfieKeys = await selfieKeysOf(db, userId);
  const existed = await deleteUser(db, userId);
  await deps.jobs.forgetUser(userId);
  deps.sessionsEnded(userId, ended);
  if (!existed) return;
  deps.accountDeleted(userId);
  await deps.mediaDeletes.now('photos', keys);
  await deps.mediaDeletes.now('selfies', selfieKeys);
}
