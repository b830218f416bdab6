import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';
import { queuedMail } from '../../mail/mailer';
import type { DeliveryDeps } from './delivery';
import { loadVapidKeys } from './push/vapid';
import { randomHexKey, secretInDataDir } from './secrets';

/**
 * What email and push need, made once by app.ts: the routes (test push, unsubscribe links) and the
 * notifications subscriptions share it.
 */
export function notificationDelivery(deps: {
  db: Db;
  jobs: JobQueue;
  config: Config;
  /** Who has an open socket on any instance: a message is pushed only to a member with none. */
  onlineAmong: (userIds: readonly string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
}): DeliveryDeps {
  const { config } = deps;
  const vapid = loadVapidKeys(config);
  if (!vapid) deps.log.warn('push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set; Web Push is off');
  const linkKey = Buffer.from(
    config.NOTIFICATION_LINK_KEY ?? secretInDataDir(config.DATA_DIR, 'notification-link.key', randomHexKey),
    'utf8',
  );
  return {
    db: deps.db,
    jobs: deps.jobs,
    mail: queuedMail(deps.jobs),
    vapid,
    linkKey,
    appUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    onlineAmong: deps.onlineAmong,
    log: deps.log.child({ component: 'notifications' }),
  };
}
