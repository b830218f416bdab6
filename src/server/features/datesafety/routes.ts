import type { FastifyPluginAsync } from 'fastify';
import { datesafetyApi } from '../../../contract/api/datesafety';
import type { Db } from '../../db/client';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import type { JobQueue } from '../../jobs';
import { registerCheckInJobs } from './check-in';
import { activePlans, cancelPlan, createPlan, markSafe, sharedPlan, type DateSafetyDeps } from './service';

interface DateSafetyRouteDeps {
  db: Db;
  jobs: JobQueue;
  countries: readonly string[];
  appUrl: string;
  /** The clock the routes read (tests move it to see a link expire). Jobs read the queue's `now`. */
  now?: () => Date;
}

export const dateSafetyRoutes: FastifyPluginAsync<DateSafetyRouteDeps> = async (app, options) => {
  const deps: DateSafetyDeps = {
    db: options.db,
    jobs: options.jobs,
    countries: options.countries,
    appUrl: options.appUrl,
    now: options.now ?? (() => new Date()),
  };
  route(app, datesafetyApi.create, async (request) => createPlan(deps, sessionUserId(request), request.body));
  route(app, datesafetyApi.active, async (request) => ({ plans: await activePlans(deps, sessionUserId(request)) }));
  route(app, datesafetyApi.safe, async (request) => markSafe(deps, sessionUserId(request), request.params.id));
  route(app, datesafetyApi.cancel, async (request) => cancelPlan(deps, sessionUserId(request), request.params.id));
  route(app, datesafetyApi.shared, async (request) => sharedPlan(deps, request.params.token, await request.language()));
  registerCheckInJobs({ db: deps.db, jobs: deps.jobs, appUrl: deps.appUrl });
};
