import 'fastify';
import type { RouteDeclaration } from '../../contract/api/define';
import type { SessionInfo } from '../core';
import type { JobQueue } from '../jobs';
import type { DomainEvents } from '../domain-events';
import type { UserRateLimiter } from './rate-limit';
import type { RegisteredRoute } from './route';
import type { Language } from '../i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable background job queue (src/server/jobs). */
    jobs: JobQueue;
    /** Domain events; tests await `events.drain()` instead of sleeping. */
    events: DomainEvents;
  }
  interface FastifyRequest {
    /** Set by the access guard on every route whose declared access is not `public`. */
    session: SessionInfo | null;
    /** The language to answer in (src/server/http/language.ts): saved setting > Accept-Language > English. */
    language: () => Promise<Language>;
    /** `language()`'s answer once worked out for this request (null until first asked). */
    resolvedLanguage: Promise<Language> | null;
  }
  interface FastifyInstance {
    /** Per-user write budgets (src/server/http/rate-limit.ts). */
    userLimits: UserRateLimiter;
    /** Every /api route registered so far (`trackApiRoutes`, src/server/http/route.ts). */
    apiRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** The contract declaration the route was registered from (src/contract/api). */
    declaration?: RouteDeclaration;
  }
}
