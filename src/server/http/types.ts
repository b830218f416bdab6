import 'fastify';
import type { RouteDeclaration } from '../../contract/api/define';
import type { SessionInfo } from '../core';
import type { JobQueue } from '../jobs';
import type { DomainEvents } from '../domain-events';
import type { UserRateLimiter } from './rate-limit';

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
  }
  interface FastifyInstance {
    /** Per-user write budgets (src/server/http/rate-limit.ts). */
    userLimits: UserRateLimiter;
  }
  interface FastifyContextConfig {
    /** The contract declaration the route was registered from (src/contract/api). */
    declaration?: RouteDeclaration;
  }
}
