import type { FastifyPluginAsync } from 'fastify';
import { noticesApi, notificationsApi } from '../../../contract/api/notifications';
import { notificationLinksApi, pushApi } from '../../../contract/api/push';
import type { Config } from '../../config';
import { findUser, sessionUserId, unauthenticated } from '../../core';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { updateNotificationSettings } from '../preferences';
import { KIND_TOGGLE } from './channels';
import { queueTestPush, registerDeliveryJobs, type DeliveryDeps } from './delivery';
import { listNotices, markNoticesRead } from './notices';
import { listDevices, removeDevice, subscribe, unsubscribeEndpoint } from './push/subscriptions';
import { getLikesReceived, getNotificationCount, listPotentialMatches } from './service';
import { smsRoutes } from './sms/routes';
import type { SmsDeps } from './sms/texts';
import { readUnsubscribeToken } from './unsubscribe-token';
import { localText, render } from '../../i18n';

interface NotificationRouteDeps {
  db: Db;
  config: Config;
  /** Email and push (`notificationDelivery`), shared with the notifications subscriptions. */
  delivery: DeliveryDeps;
  /** SMS (`smsDepsFrom`), shared with the notifications subscriptions. */
  sms: SmsDeps;
}

export const notificationRoutes: FastifyPluginAsync<NotificationRouteDeps> = async (app, deps) => {
  const { db, config, delivery } = deps;
  await app.register(smsRoutes, { config, sms: deps.sms });
  route(app, noticesApi.list, async (request) => listNotices(db, sessionUserId(request)));
  route(app, noticesApi.markRead, async (request) => markNoticesRead(db, sessionUserId(request)));
  route(app, notificationsApi.likesReceived, async (request) =>
    getLikesReceived(db, sessionUserId(request), request.query.mode),
  );
  route(app, notificationsApi.potentialMatches, async (request) => listPotentialMatches(db, sessionUserId(request)));
  route(app, notificationsApi.count, async (request) => getNotificationCount(db, sessionUserId(request)));

  // ---------------------------------------------------------------- email and push (issues 25, 26)
  const { vapid, linkKey } = delivery;
  registerDeliveryJobs(delivery);

  const policy = { allowedHosts: config.PUSH_ALLOWED_HOSTS, production: config.NODE_ENV === 'production' };
  const session = (request: { session: { userId: string; tokenHash: string } | null }) => {
    if (!request.session) throw unauthenticated();
    return request.session;
  };
  route(app, pushApi.vapidPublicKey, async () => ({ publicKey: vapid?.publicKey ?? null }));
  route(app, pushApi.subscribe, async (request) => {
    if (!vapid) throw badRequest(localText('pushNotificationsAreNot'));
    return subscribe(db, policy, session(request), request.body, request.headers['user-agent']);
  });
  route(app, pushApi.unsubscribe, async (request) => unsubscribeEndpoint(db, session(request), request.body.endpoint));
  route(app, pushApi.devices, async (request) => {
    const { userId, tokenHash } = session(request);
    return listDevices(db, userId, tokenHash);
  });
  route(app, pushApi.removeDevice, async (request) => removeDevice(db, session(request), request.params.id));
  route(app, pushApi.test, async (request) => ({ queued: await queueTestPush(delivery, sessionUserId(request)) }));

  route(app, notificationLinksApi.unsubscribe, async (request) => {
    const link = readUnsubscribeToken(linkKey, request.body.token);
    if (!link) throw badRequest(localText('thisUnsubscribeLinkIs'));
    // An unknown member (a deleted account) is answered the same: the link says nothing about who exists.
    if (await findUser(db, link.userId)) {
      await updateNotificationSettings(db, link.userId, { [KIND_TOGGLE[link.kind]]: false });
    }
    // In the request's language: hers when signed in, else the page's (the web app sends it).
    return {
      kind: link.kind,
      message: render(await request.language(), localText('unsubscribed', { kind: link.kind })),
    };
  });
};
