import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionStatus } from '../../../contract/users';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { grantTestSubscription, subscriptionStatusOf } from './service';

const userParams = z.object({ userId: z.uuid('Invalid user id') });

export const billingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/subscription-status/:userId',
    { schema: { params: userParams, response: { 200: subscriptionStatus } } },
    async (request) => {
      const status = await subscriptionStatusOf(db, request.params.userId);
      if (!status) throw notFound('User not found');
      return status;
    },
  );

  app.post(
    '/api/grant-test-subscription/:userId',
    { schema: { params: userParams, response: { 200: subscriptionStatus } } },
    async (request) => grantTestSubscription(db, request.params.userId),
  );
};
