import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  discoveryFilters,
  discoveryPage,
  discoveryQuery,
  ghostModeBody,
  ghostModeResponse,
  updateFiltersBody,
} from '../../../contract/discovery';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../http/guards';
import { getFilters, saveFilters } from './filters';
import { setGhost } from './ghost';
import { getDiscoveryPage } from './service';

const userParams = z.object({ userId: z.uuid('Invalid user id') });
const idParams = z.object({ id: z.uuid('Invalid user id') });

export const discoveryRoutes: FastifyPluginAsyncZod<{ db: Db; events: DomainEvents }> = async (app, { db, events }) => {
  app.get(
    '/api/users/discovery/:userId',
    { schema: { params: userParams, querystring: discoveryQuery, response: { 200: discoveryPage } } },
    async (request) => getDiscoveryPage(db, sessionUserId(request), request.query),
  );

  app.get('/api/users/:userId/filters', { schema: { params: userParams, response: { 200: discoveryFilters } } }, async (request) =>
    getFilters(db, sessionUserId(request)),
  );

  app.put(
    '/api/users/:userId/filters',
    { schema: { params: userParams, body: updateFiltersBody, response: { 200: discoveryFilters } } },
    async (request) => saveFilters(db, sessionUserId(request), request.body),
  );

  app.post(
    '/api/users/:id/ghost-mode',
    { config: { idIsUser: true }, schema: { params: idParams, body: ghostModeBody, response: { 200: ghostModeResponse } } },
    async (request) => setGhost(db, events, sessionUserId(request), request.body.ghostMode),
  );
};
