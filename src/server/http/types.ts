import 'fastify';
import type { SessionInfo } from '../features/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session guard on every non-public /api route. */
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (register, login). */
    public?: boolean;
    /** The route's `{id}` path parameter is a user id that must be the session user's. */
    idIsUser?: boolean;
  }
}
