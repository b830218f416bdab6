import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionStatus } from '../../../contract/users';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { grantTestSubscription, subscriptionStatusOf } from './service';

const userParams = z.object({ userId: z.uuid('Invalid user id') });

export const billingRoutes: FastifyPluginAsyncZod<{ db: Db; allowTestSubscriptions: boolean }> = async (
  app,
  { db, allowTestSubscriptions },
) => {
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
    async (request) => {
      // Free Premium is for demos and tests; a production deployment answers as if the route did not exist.
      if (!allowTestSubscriptions) throw notFound('No route for this request');
      return grantTestSubscription(db, request.params.userId);
    },
  );
};
