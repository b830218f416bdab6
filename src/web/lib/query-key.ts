import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CallInput, RouteDeclaration } from '../../contract/api/define';

/*
 * Query keys are derived from the route a query reads, never written by hand (a lint rule,
 * eslint-rules/derived-query-keys.js, keeps it so): `[routeId, input]`, where the route id is
 * `METHOD /path` as declared (the server cannot register two routes with the same one, so keys of
 * different routes never collide) and `input` the call's params, query and body. Without input the
 * key is the route's prefix: TanStack matches filters partially, so `queryKeyOf(route)` reaches every
 * cached answer of that route and `queryKeyOf(route, { params })` every query of those params.
 * Type-only imports: this module is part of the landing page and must not carry zod.
 */

/** What a key needs of a declaration. */
type RouteHead = Pick<RouteDeclaration, 'method' | 'path'>;

declare const declaration: unique symbol;

/**
 * A declaration's method and path, typed with the whole declaration: what a first-paint module names
 * a route by when it loads the declaration itself lazily (`lazyDeclarations` in ./api.ts).
 */
type RouteRef<D extends RouteDeclaration> = Pick<D, 'method' | 'path'> & { readonly [declaration]?: D };

/**
 * `routeRef<typeof matchesApi.list>('GET', '/api/matches')` with `import type { matchesApi }`: the
 * compiler checks the method and path against the declaration, so the key cannot drift from it.
 */
export function routeRef<D extends RouteDeclaration = never>(method: D['method'], path: D['path']): RouteRef<D> {
  return { method, path };
}

/** The parts of an input that say something: an absent or empty part would make a second key for the same call. */
const said = (part: unknown) =>
  part !== undefined && (typeof part !== 'object' || !part || Object.values(part).some((v) => v !== undefined));

/**
 * The key of a call to `route` with `input` (a page's cursor is the page param, not part of the key),
 * or without input the prefix of every key of that route.
 */
export function queryKeyOf<D extends RouteDeclaration>(route: D | RouteRef<D>, input?: CallInput<D>): QueryKey;
export function queryKeyOf(route: RouteHead, input?: object): QueryKey {
  const id = `${route.method} ${route.path}`;
  const parts = Object.entries(input ?? {}).filter(([, part]) => said(part));
  return parts.length > 0 ? [id, Object.fromEntries(parts)] : [id];
}

/** Refreshes every cached answer of each route: a feature's reads after a write that changes them all. */
export const invalidateRoutes = (queryClient: QueryClient, routes: readonly RouteRef<RouteDeclaration>[]) =>
  Promise.all(routes.map((route) => queryClient.invalidateQueries({ queryKey: queryKeyOf(route) })));

/** Queries that read this device, not the API. */
type LocalQuery = 'push-state';

/** The key of a query that reads this device (its own namespace: a route id always has a method and a path). */
export const localQueryKey = (name: LocalQuery): QueryKey => ['local', name];
