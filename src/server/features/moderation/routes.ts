import type { FastifyPluginAsync } from 'fastify';
import { moderationApi } from '../../../contract/api/moderation';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { listAudit, presentAudit } from './audit';
import { act, memberCase, reportQueue } from './service';

export const moderationRoutes: FastifyPluginAsync<{ db: Db; events: DomainEvents }> = async (app, { db, events }) => {
  // Moderators only: the shared guard (http/guards.ts) checks every /api/moderation/* route.

  route(app, moderationApi.reportQueue, async () => reportQueue(db));

  route(app, moderationApi.memberCase, async (request) => memberCase(db, request.params.id));

  route(app, moderationApi.act, async (request) =>
    act(db, events, sessionUserId(request), request.params.id, request.body),
  );

  route(app, moderationApi.auditLog, async (request) =>
    presentAudit(db, await listAudit(db, { before: request.query.before })),
  );
};
