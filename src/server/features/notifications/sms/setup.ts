import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs';
import type { SmsDeps } from './texts';
import { smsProviderFrom } from './provider';

/** What SMS needs, made once by app.ts: the routes and the preferences subscriptions share one provider. */
export function smsDepsFrom(deps: { db: Db; jobs: JobQueue; config: Config; log: FastifyBaseLogger }): SmsDeps {
  return {
    db: deps.db,
    jobs: deps.jobs,
    provider: smsProviderFrom(deps.config, deps.log.child({ component: 'sms' })),
    countries: deps.config.SMS_COUNTRIES,
  };
}
