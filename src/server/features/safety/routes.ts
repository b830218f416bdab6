import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okBody } from '../../../contract/http';
import { block, blockList, createBlockBody, createReportBody, report, reportList } from '../../../contract/safety';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../http/guards';
import { createBlock, deleteBlock, listBlocks } from './blocks';
import { createReport, listReportsFiledBy } from './reports';

const userParams = z.object({ userId: z.uuid('Invalid user id') });
const idParams = z.object({ id: z.uuid('Invalid block id') });

export const safetyRoutes: FastifyPluginAsyncZod<{ db: Db; events: DomainEvents }> = async (app, { db, events }) => {
  app.post(
    '/api/blocks',
    { schema: { body: createBlockBody, response: { 201: block } } },
    async (request, reply) => {
      const blockerId = sessionUserId(request);
      const created = await createBlock(db, blockerId, request.body.blockedUserId);
      events.emit('user.blocked', { blockerId, blockedUserId: created.blockedUserId });
      return reply.status(201).send(created);
    },
  );

  app.get('/api/blocks/:userId', { schema: { params: userParams, response: { 200: blockList } } }, async (request) =>
    listBlocks(db, sessionUserId(request)),
  );

  app.delete('/api/blocks/:id', { schema: { params: idParams, response: { 200: okBody } } }, async (request) => {
    await deleteBlock(db, sessionUserId(request), request.params.id);
    return { ok: true as const, message: 'You can now see this user again' };
  });

  app.post(
    '/api/reports',
    { schema: { body: createReportBody, response: { 201: report } } },
    async (request, reply) => reply.status(201).send(await createReport(db, sessionUserId(request), request.body)),
  );

  app.get('/api/reports/:userId', { schema: { params: userParams, response: { 200: reportList } } }, async (request) =>
    listReportsFiledBy(db, sessionUserId(request)),
  );
};
