import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: { response: { 200: status, 503: status } } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' as const });
    }
  });
};
