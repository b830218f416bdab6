import { asc, eq } from 'drizzle-orm';
import { blocksMadeBy } from '../../core';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema/safety';

/**
 * Her blocks and the reports she filed, for her data export. Reports about her are not hers to
 * read: who reported whom stays with the moderators.
 */
export async function blocksAndReportsBy(db: Db, userId: string) {
  const blockRows = (await blocksMadeBy(db, userId)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const reportRows = await db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));
  return {
    blocks: blockRows.map((b) => ({ blockedUserId: b.blockedUserId, at: b.createdAt.toISOString() })),
    reportsFiled: reportRows.map((r) => ({
      reportedUserId: r.reportedUserId,
      reason: r.reason,
      description: r.description,
      at: r.createdAt.toISOString(),
    })),
  };
}
