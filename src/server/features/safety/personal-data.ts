import { blocksMadeBy, usernameBlocksMadeBy } from '../../core';
import type { Db } from '../../db/client';
import { reportsFiledOldestFirst, usernameReportsFiledBy } from './repository';

/**
 * Her blocks and the reports she filed, for her data export. Reports about her are not hers to
 * read: who reported whom stays with the moderators.
 */
export async function blocksAndReportsBy(db: Db, userId: string) {
  // A block made through a username shows as the name she typed, as in her block list: never who it was.
  const blockRows = (await blocksMadeBy(db, userId))
    .filter((b) => !b.byUsernameOnly)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const nameRows = (await usernameBlocksMadeBy(db, userId)).reverse();
  const reportRows = await reportsFiledOldestFirst(db, userId);
  // A report by username, likewise: the name she typed, never whom it was filed against.
  const nameReportRows = (await usernameReportsFiledBy(db, userId)).reverse();
  return {
    blocks: blockRows.map((b) => ({ blockedUserId: b.blockedUserId, at: b.createdAt.toISOString() })),
    blockedUsernames: nameRows.map((b) => ({ username: b.username, at: b.createdAt.toISOString() })),
    reportsFiled: reportRows.map((r) => ({
      reportedUserId: r.reportedUserId,
      reason: r.reason,
      description: r.description,
      at: r.createdAt.toISOString(),
    })),
    reportedUsernames: nameReportRows.map((r) => ({
      username: r.username,
      reason: r.reason,
      description: r.description,
      at: r.createdAt.toISOString(),
    })),
  };
}
