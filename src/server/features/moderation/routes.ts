import type { FastifyPluginAsync } from 'fastify';
import { moderationApi } from '../../../contract/api/moderation';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import type { MediaStorage } from '../../media';
import { frozenReportMedia } from '../safety';
import { presentAudit } from './audit';
import { listAudit } from './repository';
import { act, memberCase, reportQueue } from './service';

interface ModerationRouteDeps {
  db: Db;
  caches: DbCaches;
  events: DomainEvents;
  /** The private space of media frozen with reports. */
  reportMedia: MediaStorage;
}

export const moderationRoutes: FastifyPluginAsync<ModerationRouteDeps> = async (
  app,
  { db, caches, events, reportMedia },
) => {
  // Moderators only: the shared guard (http/guards.ts) checks every /api/moderation/* route.

  route(app, moderationApi.reportQueue, async () => reportQueue(db));

  route(app, moderationApi.memberCase, async (request) => memberCase(db, request.params.id));

  route(app, moderationApi.act, async (request) =>
    act(db, caches, events, sessionUserId(request), request.params.id, request.body),
  );

  route(app, moderationApi.reportMedia, async (request, reply) => {
    const file = await frozenReportMedia(db, reportMedia, request.params.id);
    // Evidence for moderators: never cached beyond this browser, never rendered as a page of this origin.
    void reply
      .type(file.contentType)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline');
    return file.data;
  });

  route(app, moderationApi.auditLog, async (request) =>
    presentAudit(db, await listAudit(db, { before: request.query.before })),
  );
};
