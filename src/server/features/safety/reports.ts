import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createReportBody, Report } from '../../../contract/safety';
import type { Db } from '../../db/client';
import { reports, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findUser, findUserByUsername } from '../profiles/users';

type ReportInput = z.output<typeof createReportBody>;
type ReportRow = typeof reports.$inferSelect;

/**
 * Files a report. The same open report twice (same person, same reason) is refused: it adds nothing
 * for the reviewers and would let one member inflate another's report count.
 */
export async function createReport(db: Db, reporterId: string, input: ReportInput): Promise<Report> {
  const reported = input.reportedUserId
    ? await findUser(db, input.reportedUserId)
    : await findUserByUsername(db, input.reportedUsername ?? '');
  if (!reported) throw notFound('User not found');
  if (reported.id === reporterId) throw badRequest('You cannot report yourself');
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.reportedUserId, reported.id),
        eq(reports.reason, input.reason),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  if (open) throw conflict('You have already reported this user for this reason; we are reviewing it');
  const [row] = await db
    .insert(reports)
    .values({ reporterId, reportedUserId: reported.id, reason: input.reason, description: input.description })
    .returning();
  if (!row) throw new Error('report insert returned nothing');
  return presentReport(row, reported.name);
}

/** Reports she filed, newest first. Reports about her are never listed to her. */
export async function listReportsFiledBy(db: Db, reporterId: string): Promise<Report[]> {
  const rows = await db
    .select({ report: reports, name: users.name })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reportedUserId))
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return rows.map((r) => presentReport(r.report, r.name));
}

function presentReport(row: ReportRow, reportedName: string): Report {
  return {
    id: row.id,
    reportedUserId: row.reportedUserId,
    reportedUser: { id: row.reportedUserId, name: reportedName },
    reason: row.reason as Report['reason'],
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
