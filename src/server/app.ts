import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { enableProcessCaches } from './db/process-cache';
import { createDomainEvents } from './domain-events';
import { authRoutes } from './features/auth/routes';
import { DEFAULT_SCRYPT_LOG_N } from './features/auth/password';
import { billingRoutes } from './features/billing/routes';
import { chatRoutes } from './features/chat/routes';
import { discoveryRoutes } from './features/discovery/routes';
import { matchRoutes } from './features/matches/routes';
import { conversationSummaries } from './features/chat/queries';
import { notificationRoutes } from './features/notifications/routes';
import { safetyRoutes } from './features/safety/routes';
import { healthRoutes } from './features/health/routes';
import { MEDIA_PREFIX } from './features/profiles/media';
import { profileRoutes } from './features/profiles/routes';
import { localDiskStorage } from './features/profiles/storage';
import { installErrorHandler } from './http/errors';
import { installGuards } from './http/guards';
import './http/types';
import { createLocalBackend, type RealtimeBackend } from './realtime/backend';
import { realtimeRoutes } from './realtime/routes';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Lower only in tests: scrypt at full cost makes every sign-up take ~0.3 s. */
  scryptLogN?: number;
  /**
   * The real-time bus and presence shared with other instances (main.ts passes the Redis one when
   * REDIS_URL is set; tests may inject one). Default: this process alone. The caller closes it.
   */
  realtime?: RealtimeBackend;
}

const WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/web');

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { db } = database;
  // Embedded mode: this process is the only writer (the data-directory lock), so reads may be cached.
  if (database.kind === 'pglite') enableProcessCaches(db);
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(cookie);
  installGuards(app, { db, config });

  const events = createDomainEvents((error, name) => app.log.error({ err: error, event: name }, 'event listener failed'));
  const scryptLogN = options.scryptLogN ?? DEFAULT_SCRYPT_LOG_N;
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    db,
    config,
    scryptLogN,
    onLogout: (userId, tokenHash) => events.emit('session.ended', { userId, tokenHash }),
  });
  await app.register(billingRoutes, { db, allowTestSubscriptions: config.allowTestSubscriptions });
  const realtime = options.realtime ?? createLocalBackend();
  await app.register(chatRoutes, { db, events });
  await app.register(realtimeRoutes, { db, config, events, backend: realtime });
  await app.register(discoveryRoutes, { db, events });
  await app.register(matchRoutes, {
    db,
    events,
    summaries: conversationSummaries,
    onlineAmong: (ids) => realtime.presence.onlineAmong(ids),
  });
  await app.register(safetyRoutes, { db, events });
  await app.register(notificationRoutes, { db });

  const mediaRoot = path.resolve(config.DATA_DIR, 'media');
  mkdirSync(mediaRoot, { recursive: true });
  await app.register(profileRoutes, { db, storage: localDiskStorage(mediaRoot) });
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      void res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  if (config.SERVE_WEB && existsSync(WEB_ROOT)) await serveWeb(app);
  return app;
}

/** The SPA: hashed assets cached for a year, every other non-API GET answered with index.html. */
async function serveWeb(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: WEB_ROOT,
    wildcard: false,
    setHeaders: (res, filePath) => {
      void res.header('X-Content-Type-Options', 'nosniff');
      void res.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith(MEDIA_PREFIX)) {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', WEB_ROOT);
  });
}
