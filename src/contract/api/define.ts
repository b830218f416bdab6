import type { z } from 'zod';

/**
 * The per-user budgets a write can take from (sizes in src/server/http/rate-limit.ts; how to pick
 * one: docs/decisions/0012-hardening.md). HTTP and the socket share them.
 */
export const RATE_LIMIT_BUCKETS = [
  'messages',
  'swipes',
  'reports',
  'replies',
  'blocks',
  'uploads',
  'codes',
  'profile',
  'writes',
  'reads',
] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];

/**
 * Who may call a route:
 * - `public`: anyone, no session (sign-up, login, signed webhooks);
 * - `member`: a live session of a member who is not suspended;
 * - `moderator`: a member whose role is moderator (read fresh on every request, so a revoked role is out at once);
 * - `{ self: 'params.x' }`: a member, and path parameter `x` must be her own user id;
 * - `{ self: 'body.x' }`: a member, and body field `x`, when sent (the product's clients name the acting user), must be
 *   her own user id.
 */
export type RouteAccess = 'public' | 'member' | 'moderator' | { self: `params.${string}` | `body.${string}` };

/** The access of a route as one word (OpenAPI, tests). */
export function accessLevel(access: RouteAccess): 'public' | 'member' | 'moderator' | 'self' {
  return typeof access === 'string' ? access : 'self';
}

/**
 * One HTTP route, declared once: the server registers it from this declaration (`route()` in
 * src/server/http/route.ts), the web client is typed from it (`apiCall()` in src/web/lib/api.ts), and
 * GET /api/openapi.json is generated from the list of all declarations (src/contract/api/index.ts).
 */
export interface RouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify syntax: `/api/users/:userId/filters`. */
  path: `/api/${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The request is multipart/form-data with one file in this field (the web sends FormData). */
  upload?: { field: string };
  /** The request body is taken raw (signed webhooks); `body` then only documents it. */
  rawBody?: true;
  /** Success status; 200 unless given. */
  status?: 200 | 201 | 202;
  /**
   * A second success status the handler may pick with `reply.status()`, for routes that answer a
   * retry which created nothing with 200 instead of 201. Same response schema.
   */
  altStatus?: 200 | 201;
  /** An allowlist: the server serialises through it, the web parses with it. */
  response: z.ZodType;
  /** The answer is a file (bytes with their own content type), not JSON: no JSON serializer applies. */
  binary?: true;
  /** Who may call it; the server's one guard reads this from the route that matched, never from the URL. */
  access: RouteAccess;
  /**
   * The per-user budget a write takes from; every POST/PUT/PATCH/DELETE by a signed-in user takes
   * from `writes` unless it names another (or `false`: none, e.g. logout). A GET takes from nothing
   * unless it names `reads`: reads of other members' data, which polling could mine.
   */
  limit?: RateLimitBucket | false;
}

/** Keeps the literal types of a declaration so the server handler and the web call are typed from it. */
export function defineRoute<const D extends RouteDeclaration>(declaration: D): D {
  return declaration;
}

/** A feature's routes, by name. */
export type RouteGroup = Record<string, RouteDeclaration>;

type SchemaOf<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What the server handler receives after validation. */
export type ParamsOut<D> =
  SchemaOf<D, 'params'> extends z.ZodType ? z.output<SchemaOf<D, 'params'>> : Record<string, never>;
export type QueryOut<D> =
  SchemaOf<D, 'query'> extends z.ZodType ? z.output<SchemaOf<D, 'query'>> : Record<string, never>;
export type BodyOut<D> = SchemaOf<D, 'body'> extends z.ZodType ? z.output<SchemaOf<D, 'body'>> : undefined;
/** What the server handler returns (serialised through the response allowlist). */
export type ResponseIn<D extends RouteDeclaration> = z.input<D['response']>;
/** What the web receives (parsed with the response schema). */
export type ResponseOut<D extends RouteDeclaration> = z.output<D['response']>;

/** What a web call passes: exactly the parts the route declares. */
export type CallInput<D> = (SchemaOf<D, 'params'> extends z.ZodType
  ? { params: z.input<SchemaOf<D, 'params'>> }
  : { params?: never }) &
  (SchemaOf<D, 'query'> extends z.ZodType ? { query?: z.input<SchemaOf<D, 'query'>> } : { query?: never }) &
  (D extends { rawBody: true }
    ? { body?: never }
    : SchemaOf<D, 'body'> extends z.ZodType
      ? { body: z.input<SchemaOf<D, 'body'>> }
      : { body?: never });

/** `/api/users/:userId/filters` + `{ userId: 'u1' }` → `/api/users/u1/filters`. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
