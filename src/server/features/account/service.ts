import type { AccountExport } from '../../../contract/account';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';
import { deleteSessionsOf, deleteUser, findUser } from '../../core';
import { exportTables } from './personal-data-tables';
import type { DomainEvents } from '../../domain-events';
import { notFound } from '../../http/errors';
import { confirmPassword } from '../auth';
import { earnedBadgesFor } from '../badges';
import { mediaUploadedBy, messagesWrittenBy } from '../chat';
import { getFilters, getFriendsFilters, lookingForOf } from '../preferences';
import { eventsOf, releaseEventsOf } from '../events';
import { swipesAndMatchesOf } from '../matches';
import { noticesOf, pushDevicesOf } from '../notifications';
import type { MediaDeletes, MediaStorage } from '../../media';
import { getSelfUser, photoKeysOf, photosOf, statusVoiceKeysOf, statusVoiceOf } from '../profiles';
import { blocksAndReportsBy, reportMediaKeysOf } from '../safety';
import { selfieKeysOf } from '../verification';
import type { StoryAuthorship } from '../stories';
import { localText } from '../../i18n';

export interface AccountDeps {
  db: Db;
  caches: DbCaches;
  events: DomainEvents;
  jobs: JobQueue;
  mediaDeletes: MediaDeletes;
  /** Her sessions ended: their sockets close on every instance. */
  sessionsEnded: (userId: string, tokenHashes: string[]) => void;
  /** Announced after the rows are gone (realtime forgets her, other features clean up). */
  accountDeleted: (userId: string) => void;
  stories: Pick<StoryAuthorship, 'eraseReplies'>;
}

/**
 * Each feature reports what it holds about her through its index.ts; this only puts the parts together.
 */
export async function exportAccount(
  db: Db,
  caches: DbCaches,
  userId: string,
  stores: { chat: MediaStorage; statuses: MediaStorage; stories: Pick<StoryAuthorship, 'repliesOf'> },
): Promise<AccountExport> {
  const [account, row] = await Promise.all([getSelfUser(db, caches, userId), findUser(db, userId)]);
  if (!account || !row) throw notFound(localText('userNotFound'));
  const [
    photos,
    swiping,
    messages,
    chatMedia,
    safety,
    discoveryFilters,
    meetups,
    notices,
    badges,
    tables,
    pushDevices,
    statusVoice,
    teaReplies,
    lookingFor,
    friendsFilters,
  ] = await Promise.all([
    photosOf(db, userId),
    swipesAndMatchesOf(db, userId),
    messagesWrittenBy(db, userId),
    mediaUploadedBy({ db, store: stores.chat }, userId),
    blocksAndReportsBy(db, userId),
    getFilters(db, userId),
    eventsOf(db, userId),
    noticesOf(db, userId),
    earnedBadgesFor(db, userId),
    exportTables(db, userId),
    pushDevicesOf(db, userId),
    statusVoiceOf(db, stores.statuses, userId),
    stores.stories.repliesOf(db, userId),
    lookingForOf(db, userId),
    getFriendsFilters(db, userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    photos,
    swipes: swiping.swipes,
    matches: swiping.matches,
    messages,
    chatMedia,
    statusVoice,
    blocks: safety.blocks,
    blockedUsernames: safety.blockedUsernames,
    reportsFiled: safety.reportsFiled,
    reportedUsernames: safety.reportedUsernames,
    events: meetups,
    notices,
    teaReplies,
    badges,
    pushDevices,
    preferences: {
      discoveryFilters,
      lookingFor,
      friendsFilters,
      ghostMode: row.ghostMode,
      smsNotifications: row.smsNotifications,
    },
    subscription: { premiumUntil: row.premiumUntil?.toISOString() ?? null },
    payments: tables.payments ?? [],
    tables,
  };
}

/**
 * Deletes her account at once (docs/decisions/0010-account-deletion.md), in one transaction so that a
 * failure leaves everything as it was (her sessions included): her sessions; her places at others'
 * meetups (their counts drop); her row. Every table that names her references users with a deliberate
 * ON DELETE (src/server/db/schema; the deletion test walks them): CASCADE for what is hers, SET NULL
 * for the audit log (a "Deleted member" stays in her place) and a username block that named her.
 * Announcements (sockets closed, meetup guests told) and her media files (photos, a selfie awaiting review,
 * a status voice note, copies frozen with reports she filed)
 * come after the commit: a file the store refuses is retried by the job queue rather than left behind.
 */
export async function deleteAccount(deps: AccountDeps, userId: string, password: string): Promise<void> {
  const { db, caches } = deps;
  const { email, pendingEmail } = await confirmPassword(db, userId, password, 'password');
  const announcements: Array<() => void> = [];
  const afterCommit: DomainEvents = {
    emit: (name, payload) => void announcements.push(() => deps.events.emit(name, payload)),
    on: (name, listener) => deps.events.on(name, listener),
    track: (work) => deps.events.track(work),
    drain: () => deps.events.drain(),
  };
  const { ended, keys, selfieKeys, voiceKeys, reportKeys, existed } = await db.transaction(async (tx) => {
    const ended = await deleteSessionsOf(tx, caches, userId);
    await releaseEventsOf(tx, afterCommit, userId);
    const keys = await photoKeysOf(tx, caches, userId);
    const selfieKeys = await selfieKeysOf(tx, userId);
    const voiceKeys = await statusVoiceKeysOf(tx, userId);
    // Reports she filed go with her (their media copies too); reports about her stay for safety.
    const reportKeys = await reportMediaKeysOf(tx, userId);
    // Her Tea replies carry no user column (decisions/0021), so no ON DELETE reaches them: stories finds them by key.
    await deps.stories.eraseReplies(tx, userId);
    const existed = await deleteUser(tx, caches, userId);
    // Jobs that name her, run or not: a notice about her, a mail to her address or to the new one she asked for
    // (kept with its text once sent).
    await deps.jobs.forgetJobsNaming([userId, ...[email, pendingEmail].filter((a): a is string => Boolean(a))], tx);
    return { ended, keys, selfieKeys, voiceKeys, reportKeys, existed };
  });
  deps.sessionsEnded(userId, ended);
  for (const announce of announcements) announce();
  if (!existed) return;
  deps.accountDeleted(userId);
  await deps.mediaDeletes.now('photos', keys);
  await deps.mediaDeletes.now('selfies', selfieKeys);
  await deps.mediaDeletes.now('statuses', voiceKeys);
  await deps.mediaDeletes.now('reports', reportKeys);
}
