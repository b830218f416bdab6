import 'fastify';
import type { RouteDeclaration } from '../../contract/api/define';
import type { SessionInfo } from '../core';
import type { JobQueue } from '../jobs';
import type { UserRateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable background job queue (src/server/jobs). */
    jobs: JobQueue;
  }
  interface FastifyRequest {
    /** Set by the session guard on every non-public /api route. */
    session: SessionInfo | null;
  }
  interface FastifyInstance {
    /** Per-user write budgets (src/server/http/rate-limit.ts). */
    userLimits: UserRateLimiter;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (register, login). */
    public?: boolean;
    /** The route's `{id}` path parameter is a user id that must be the session user's. */
    idIsUser?: boolean;
    /** The contract declaration the route was registered from (src/contract/api). */
    declaration?: RouteDeclaration;
  }
}
