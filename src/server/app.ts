import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createCaches, type DbCaches, type EvictionChannel } from './db/caches';
import type { Database, Db } from './db/client';
import { createDomainEvents } from './domain-events';
import { accountRoutes } from './features/account';
import { authRoutes, DEFAULT_SCRYPT_LOG_N, hashSlots } from './features/auth';
import { billingRoutes, createPaymentProcessor, type PaymentProcessor } from './features/billing';
import {
  chatMediaRoutes,
  chatRoutes,
  chatSubscriptions,
  conversationSummaries,
  createChatRepository,
  createNsfwClassifier,
  matchHasMessages,
  recentMessagesForReport,
  twoWayConversations,
  type ChatDeps,
  type ChatRepository,
  type NudityClassifier,
} from './features/chat';
import { discoveryRoutes, popularInterestsNear } from './features/discovery';
import {
  areMatched,
  createMatchesRepository,
  matchCounts,
  matchRoutes,
  type MatchesRepository,
} from './features/matches';
import {
  notificationDelivery,
  notificationRoutes,
  notificationsSubscriptions,
  smsDepsFrom,
} from './features/notifications';
import { dateSafetyRoutes } from './features/datesafety';
import { safetyRoutes } from './features/safety';
import { healthRoutes } from './features/health';
import { appLanguageOf, preferencesRoutes } from './features/preferences';
import { countProfileViews, profileRoutes } from './features/profiles';
import { eventRoutes } from './features/events';
import {
  badgeRoutes,
  badgesSubscriptions,
  createBadgesRepository,
  earnedBadgeIds,
  type BadgesRepository,
} from './features/badges';
import { verificationRoutes, verificationSubscriptions } from './features/verification';
import { moderationRoutes } from './features/moderation';
import { loadAuthorKey, storiesModerationRoutes, storiesRoutes, storyAuthorship } from './features/stories';
import { teasRoutes } from './features/teas';
import { compiledSerializerCompiler } from './http/serializer';
import { installErrorHandler, tooManyRequests } from './http/errors';
import { localText } from './i18n';
import { installLanguage } from './http/language';
import { installGuards } from './http/guards';
import { createLifecycle, type Lifecycle } from './http/lifecycle';
import {
  createMemoryLimitStore,
  createRedisLimitStore,
  installUserRateLimits,
  UserRateLimiter,
} from './http/rate-limit';
import { installCompression } from './http/compression';
import { installSecurityHeaders } from './http/security-headers';
import { serveWeb } from './http/web';
import { buildOpenApiDocument } from './http/openapi';
import { route, trackApiRoutes } from './http/route';
import { metaApi } from '../contract/api/meta';
import './http/types';
import { trustProxyOption } from './http/trust-proxy';
import { createJobQueue, FINISHED_JOBS_SWEEP } from './jobs';
import {
  configurePublicMediaUrls,
  createMediaDeletes,
  MEDIA_PREFIX,
  openMediaSpaces,
  servePublicMedia,
  type MediaSpaces,
} from './media';
import { createLocalBackend, type RealtimeBackend } from './realtime/backend';
import type { RealtimeBus } from './realtime/bus';
import { realtimeRoutes, releaseAnsweredUpgrades } from './realtime/routes';
import { createSocketHub } from './realtime/socket-hub';
import { realtimeSubscriptions } from './realtime/subscriptions';

export interface AppOptions {
  config: Config;
  database: Database;
  /** What the app keeps of `database`; made here unless given (a test that reaches its caches makes it first). */
  context?: AppContext;
  /** Lower only in tests: scrypt at full cost makes every sign-up take ~0.3 s. */
  scryptLogN?: number;
  /**
   * The real-time bus and presence shared with other instances (main.ts passes the Redis one when
   * REDIS_URL is set; tests may inject one). Default: this process alone. The caller closes it.
   */
  realtime?: RealtimeBackend;
  /**
   * A Redis connection for state all instances share (rate-limit buckets; /ready reports it).
   * main.ts passes one when REDIS_URL is set; the caller closes it.
   */
  redis?: Redis;
  /** Drain state, flipped by main.ts on SIGTERM. */
  lifecycle?: Lifecycle;
  /** The card processor; default from PAYMENTS (tests inject Stripe pointed at a local fake API). */
  payments?: PaymentProcessor;
  /** Where logs go (default stdout); tests capture them to prove what is never logged. */
  logStream?: { write(line: string): void };
  /** Labels likely-explicit message photos (default: nsfwjs on the WASM backend, loaded on first use). */
  nudityClassifier?: NudityClassifier;
  /** Media storage (default: from MEDIA_STORE); tests may inject a store. */
  media?: MediaSpaces;
  /** The built web app (default dist/web); tests serve a small fixture. */
  webRoot?: string;
  /** The clock Share My Date's routes read (default: the system's); tests move it to see a link expire. */
  clock?: () => Date;
}

const WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * What the app keeps of its database, made once and handed to the code that uses it the way `db`
 * is (deps, registration options): the caches (db/caches.ts) and the repositories that own prepared
 * statements and in-memory state. Nothing of it is reached through a module global or patched onto
 * the database handle.
 */
export interface AppContext {
  db: Db;
  caches: DbCaches;
  /** Matches' statements: the prepared swipe (`recordSwipe`). */
  matches: MatchesRepository;
  /** Chat's statements and state: the prepared message insert, remembered pairs, activity tallies. */
  chat: ChatRepository;
  /** Badges' prepared earned-badges read and its cache of what members have earned. */
  badges: BadgesRepository;
}

export function createAppContext(database: Database): AppContext {
  const { db } = database;
  // Embedded mode: this process is the only writer (the data-directory lock), so rows may be cached.
  const caches = createCaches({ singleWriter: database.kind === 'pglite' });
  return {
    db,
    caches,
    matches: createMatchesRepository(db),
    chat: createChatRepository(db, caches),
    badges: createBadgesRepository(db, caches),
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const context = options.context ?? createAppContext(database);
  const { db, caches } = context;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, ...(options.logStream && { stream: options.logStream }) },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, config);
  installCompression(app);
  if (!caches.singleWriter) holdUntilEvictionsDelivered(app, caches);
  trackApiRoutes(app);
  await app.register(cookie);
  installGuards(app, { db, caches, config });
  installLanguage(app, { db, caches, savedLanguage: (userId) => appLanguageOf(db, userId) });
  const lifecycle = options.lifecycle ?? createLifecycle();
  hashSlots.configure(config.SCRYPT_CONCURRENCY);
  const { redis } = options;
  let lastRedisWarning = 0;
  const limitStore = redis
    ? createRedisLimitStore(redis, (error) => {
        if (Date.now() - lastRedisWarning < 10_000) return;
        lastRedisWarning = Date.now();
        app.log.warn({ err: error }, 'rate limits: Redis unreachable, counting per instance');
      })
    : createMemoryLimitStore();
  installUserRateLimits(app, new UserRateLimiter(limitStore, config.RATE_LIMIT_SCALE));
  // Per-address limits on the unauthenticated, expensive routes (sign-up, login): routes opt in with
  // `config.rateLimit`. With Redis the counts are shared; if Redis fails, requests are let through.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'steep:ip-limit:', skipOnError: true } : {}),
    // Thrown to the error handler, which puts it in the caller's language (the builder cannot await it).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return tooManyRequests(localText('tooManyAttemptsFromNetwork', { seconds }), seconds);
    },
  });

  let openApiDocument: Record<string, unknown> | undefined;
  route(app, metaApi.openapi, async () => (openApiDocument ??= buildOpenApiDocument()));

  const jobs = createJobQueue({ db, log: app.log.child({ component: 'jobs' }) });
  app.decorate('jobs', jobs);
  jobs.every(FINISHED_JOBS_SWEEP, 3_600_000, async (now) => {
    await jobs.sweepFinished(now);
  });
  if (config.runJobs) app.addHook('onReady', async () => jobs.start(config.JOBS_POLL_MS));
  app.addHook('onClose', async () => jobs.stop());

  const events = createDomainEvents((error, name) =>
    app.log.error({ err: error, event: name }, 'event listener failed'),
  );
  app.decorate('events', events);
  // Listeners' work (notices, badges, queued texts) finishes before the database closes.
  app.addHook('onClose', async () => events.drain());
  // Tea's stories and replies carry only HMAC tags: its author key is loaded once, for the stories' routes and
  // for the features that ask stories about her (badges count her stories, account exports and erases her replies).
  const teaAuthorKey = loadAuthorKey(config);
  const stories = storyAuthorship(teaAuthorKey);
  const badgeSources = { stories, chat: context.chat };
  const badgeDeps = { db, caches, events, sources: badgeSources, repository: context.badges };
  const chat: ChatDeps = { db, repository: context.chat, events };
  const scryptLogN = options.scryptLogN ?? DEFAULT_SCRYPT_LOG_N;
  await app.register(healthRoutes, { database, lifecycle, ...(redis ? { redis } : {}) });
  await app.register(authRoutes, {
    db,
    caches,
    config,
    jobs,
    scryptLogN,
    onLogout: (userId, tokenHash) => events.emit('session.ended', { userId, tokenHash }),
  });
  await app.register(billingRoutes, {
    db,
    caches,
    jobs,
    config,
    processor: options.payments ?? createPaymentProcessor(config),
    events,
    allowTestSubscriptions: config.allowTestSubscriptions,
  });
  const realtime = options.realtime ?? createLocalBackend();
  // The row caches hear other instances' writes over the bus, and tell them theirs (db/caches.ts).
  const stopSharingEvictions = caches.shareEvictions(evictionChannel(realtime.bus));
  app.addHook('onClose', async () => stopSharingEvictions());
  const onlineAmong = (ids: readonly string[]) => realtime.presence.onlineAmong(ids);
  const socketHub = createSocketHub({ db, caches, chat: context.chat, events, backend: realtime, log: app.log });
  const delivery = notificationDelivery({ db, jobs, config, onlineAmong, log: app.log });
  const sms = smsDepsFrom({ db, jobs, config, log: app.log });
  // Every domain-event listener, in one place and in this order (docs/architecture.md, "Who listens to
  // what"): each feature's subscriptions.ts lists its own. `events.drain()` awaits the work they start.
  const subscriptions = [
    realtimeSubscriptions({ db, events, hub: socketHub.hub, log: app.log }),
    notificationsSubscriptions({ events, delivery, sms, onlineAmong }),
    badgesSubscriptions({ ...badgeDeps, log: app.log }),
    verificationSubscriptions({ db, caches, events, jobs, log: app.log }),
    chatSubscriptions({ ...chat, jobs, log: app.log.child({ component: 'chat' }) }),
  ];
  app.addHook('onClose', async () => {
    await events.drain();
    for (const unsubscribe of subscriptions) unsubscribe();
  });
  await app.register(chatRoutes, chat);
  releaseAnsweredUpgrades(app);
  await app.register(realtimeRoutes, { db, caches, config, chat, socketHub, lifecycle, ...(redis ? { redis } : {}) });
  await app.register(discoveryRoutes, { db, caches, events, jobs, earnedBadges: earnedBadgeIds });
  await app.register(matchRoutes, {
    db,
    caches,
    repository: context.matches,
    events,
    summaries: conversationSummaries,
    conversationStarted: matchHasMessages,
    onlineAmong,
  });
  const media = options.media ?? (await openMediaSpaces(config));
  configurePublicMediaUrls(config.MEDIA_PUBLIC_BASE_URL);
  const mediaDeletes = createMediaDeletes(jobs, media);
  await app.register(safetyRoutes, {
    db,
    events,
    jobs,
    recentMessages: recentMessagesForReport(media.chat),
    reportMedia: { store: media.reports, deletes: mediaDeletes },
  });
  await app.register(moderationRoutes, { db, caches, events, reportMedia: media.reports });
  await app.register(notificationRoutes, { db, config, delivery, sms });
  await app.register(eventRoutes, { db, caches, events });
  await app.register(dateSafetyRoutes, {
    db,
    jobs,
    countries: config.SMS_COUNTRIES,
    appUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    ...(options.clock ? { now: options.clock } : {}),
  });
  await app.register(badgeRoutes, badgeDeps);
  await app.register(preferencesRoutes, {
    db,
    events,
    stats: { matchCounts, twoWayConversations, profileViews: countProfileViews, popularInterestsNear },
  });

  await app.register(storiesRoutes, { db, events, authorKey: teaAuthorKey });
  await app.register(teasRoutes, { db, events });
  await app.register(storiesModerationRoutes, { db });

  await app.register(profileRoutes, {
    db,
    caches,
    storage: media.photos,
    statusVoices: media.statuses,
    deletes: mediaDeletes,
    jobs,
    events,
    areMatched,
    earnedBadges: earnedBadgeIds,
  });
  // Pose selfies live in a private space: no URL can ever reach them.
  await app.register(verificationRoutes, {
    db,
    caches,
    media: media.photos,
    selfies: media.selfies,
    mediaDeletes,
    jobs,
    events,
  });
  // Message photos and voice notes: private, served only through the guarded /api/media routes.
  await app.register(chatMediaRoutes, {
    db,
    events,
    jobs,
    store: media.chat,
    log: app.log.child({ component: 'chat-media' }),
    classifier: options.nudityClassifier ?? createNsfwClassifier(),
  });
  await app.register(accountRoutes, {
    db,
    caches,
    config,
    events,
    jobs,
    mediaDeletes,
    chatMediaStore: media.chat,
    statusVoiceStore: media.statuses,
    scryptLogN,
    stories,
  });
  servePublicMedia(app, media.photos);

  const webRoot = options.webRoot ?? WEB_ROOT;
  if (config.SERVE_WEB && existsSync(path.join(webRoot, 'index.html'))) await serveWeb(app, webRoot, MEDIA_PREFIX);
  return app;
}

/**
 * On PostgreSQL the answer to a write leaves once the other instances have the evictions published so far: a
 * member who sees her logout or her edit answered finds it on every instance (decision 0007). Reads never
 * wait: what they evict (her last-active time) is bookkeeping no one needs to see at once elsewhere.
 */
function holdUntilEvictionsDelivered(app: FastifyInstance, caches: DbCaches): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    const inFlight = caches.evictionsInFlight();
    if (!inFlight) return done(null, payload);
    inFlight.then(() => done(null, payload), done);
  });
}

/** The real-time bus as the row caches' way to other instances. */
function evictionChannel(bus: RealtimeBus): EvictionChannel {
  return {
    publish: (cache, keys) => bus.publish({ kind: 'evict', cache, keys }),
    subscribe: (listener) =>
      bus.subscribe((message) => {
        if (message.kind === 'evict') listener(message.cache, message.keys);
      }),
    onGap: (listener) => bus.onGap(listener),
    connected: () => bus.connected(),
    delivered: () => bus.delivered(),
  };
}
