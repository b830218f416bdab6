import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOut, ParamsOut, QueryOut, RouteDeclaration, ResponseIn } from '../../contract/api/define';

/** A request as the handler of declaration `D` sees it: params, query and body already validated. */
type RouteRequest<D extends RouteDeclaration> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOut<D>;
  query: QueryOut<D>;
  body: BodyOut<D>;
};

type RouteHandler<D extends RouteDeclaration> = (
  request: RouteRequest<D>,
  reply: FastifyReply,
) => Promise<ResponseIn<D>>;

/**
 * Registers one declared route: its schemas validate the request and serialise the response (an
 * allowlist), its flags reach the guards. The only way a feature adds an /api route.
 */
export function route<D extends RouteDeclaration>(
  app: FastifyInstance,
  declaration: D,
  handler: RouteHandler<D>,
  /** Server-only route settings, e.g. a per-IP `rateLimit` (@fastify/rate-limit) on sign-up and login. */
  extra?: Pick<FastifyContextConfig, 'rateLimit'>,
): void {
  // A route that does not say who may call it is a hole waiting to happen: refuse to register it.
  if ((declaration as Partial<RouteDeclaration>).access === undefined) {
    throw new Error(`${declaration.method} ${declaration.path} declares no access`);
  }
  const status = declaration.status ?? 200;
  app.route({
    method: declaration.method,
    url: declaration.path,
    config: {
      ...extra,
      declaration,
    },
    schema: {
      ...(declaration.params && { params: declaration.params }),
      ...(declaration.query && { querystring: declaration.query }),
      ...(declaration.body && !declaration.rawBody && !declaration.upload && { body: declaration.body }),
      response: {
        [status]: declaration.response,
        ...(declaration.altStatus !== undefined && { [declaration.altStatus]: declaration.response }),
      },
    },
    handler: async (request, reply) => {
      // The declared status, unless the handler picked the declared alternative.
      void reply.status(status);
      const result = await handler(request as unknown as RouteRequest<D>, reply);
      return reply.status(reply.statusCode === declaration.altStatus ? declaration.altStatus : status).send(result);
    },
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
  declared: boolean;
  /** The request schemas it validates with (the security suite fuzzes every field of them). */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
  config: { declaration?: RouteDeclaration };
}

/** Records every /api route as it is registered (as `app.apiRoutes`), so a test can hold them against the OpenAPI document. */
export function trackApiRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  app.decorate('apiRoutes', list);
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api/')) return;
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      const schema = (options.schema ?? {}) as RegisteredRoute['schema'];
      list.push({
        method,
        url: options.url,
        declared: options.config?.declaration !== undefined,
        schema: { params: schema.params, querystring: schema.querystring, body: schema.body },
        config: { ...options.config },
      });
    }
  });
}

export function registeredApiRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return app.hasDecorator('apiRoutes') ? app.apiRoutes : [];
}
