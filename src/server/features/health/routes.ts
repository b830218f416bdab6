import { z } from 'zod';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Lifecycle } from '../../http/lifecycle';

/**
 * ok: serve. degraded: serve, but Redis (cross-instance delivery, shared limits) is unreachable —
 * the instance still works alone, so it stays in rotation. unavailable: the database is down.
 * draining: shutting down; send new work elsewhere.
 */
const status = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable', 'draining']),
  redis: z.enum(['ok', 'unavailable']).optional(),
});

const PING_TIMEOUT_MS = 1_000;

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; lifecycle: Lifecycle; redis?: Redis }> = async (
  app,
  { database, lifecycle, redis },
) => {
  app.get('/health', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: { response: { 200: status, 503: status } } }, async (request, reply) => {
    if (lifecycle.draining)
      return reply
        .status(503)
        .header('Retry-After', '1')
        .send({ status: 'draining' as const });
    try {
      await withTimeout(database.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ status: 'unavailable' as const });
    }
    if (!redis) return { status: 'ok' as const };
    try {
      await withTimeout(redis.ping(), PING_TIMEOUT_MS);
      return { status: 'ok' as const, redis: 'ok' as const };
    } catch {
      return { status: 'degraded' as const, redis: 'unavailable' as const };
    }
  });
};
