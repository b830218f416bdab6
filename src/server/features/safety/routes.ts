import type { FastifyPluginAsync } from 'fastify';
import { safetyApi } from '../../../contract/api/safety';
import { sessionUserId } from '../../core';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { JobQueue } from '../../jobs';
import { route } from '../../http/route';
import { localText, render, say } from '../../i18n';
import { createBlock, deleteBlock, listBlocks } from './blocks';
import {
  createReport,
  fileUsernameReport,
  listReportsFiledBy,
  USERNAME_REPORT_JOB,
  type RecentMessages,
  type ReportMediaStore,
} from './reports';
import { safetySummary } from './summary';

interface SafetyRouteDeps {
  db: Db;
  events: DomainEvents;
  jobs: JobQueue;
  /** Chat's last messages of a conversation, for reports that attach them. */
  recentMessages: RecentMessages;
  /** Where copies of attached photos and voice notes are frozen (moderators only). */
  reportMedia: ReportMediaStore;
}

export const safetyRoutes: FastifyPluginAsync<SafetyRouteDeps> = async (
  app,
  { db, events, jobs, recentMessages, reportMedia },
) => {
  jobs.handle(USERNAME_REPORT_JOB, async (payload) =>
    fileUsernameReport(db, {
      usernameReportId: String(payload.usernameReportId),
      description: typeof payload.description === 'string' ? payload.description : null,
    }),
  );

  route(app, safetyApi.block, async (request) => {
    const blockerId = sessionUserId(request);
    const { block, blocked } = await createBlock(db, blockerId, request.body);
    if (blocked) events.emit('user.blocked', { blockerId, blockedUserId: blocked });
    return block;
  });

  route(app, safetyApi.listBlocks, async (request) => listBlocks(db, sessionUserId(request)));

  route(app, safetyApi.unblock, async (request) => {
    await deleteBlock(db, sessionUserId(request), request.params.id);
    return { ok: true as const, message: say(await request.language(), 'unblocked') };
  });

  route(app, safetyApi.report, async (request) => {
    await createReport(db, jobs, sessionUserId(request), request.body, recentMessages, reportMedia);
    // Accepted, the same answer whether or not the person exists; by username it says so truthfully.
    const { reportedUserId, reportedUsername } = request.body;
    const text =
      !reportedUserId && reportedUsername
        ? localText('reportByUsernameReceived', { username: reportedUsername })
        : localText('reportReceived');
    return { ok: true as const, message: render(await request.language(), text) };
  });

  route(app, safetyApi.listReports, async (request) => listReportsFiledBy(db, sessionUserId(request)));

  route(app, safetyApi.summary, async (request) => safetySummary(db, sessionUserId(request)));
};
