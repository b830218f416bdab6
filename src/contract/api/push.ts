import {
  pushDeviceList,
  pushSubscriptionBody,
  pushTestResult,
  removePushSubscriptionBody,
  unsubscribeBody,
  unsubscribeResult,
  vapidPublicKey,
} from '../push';
import { resourceIdParams } from './params';
import { defineRoute } from './define';

export const pushApi = {
  vapidPublicKey: defineRoute({
    method: 'GET',
    path: '/api/push/vapid-public-key',
    access: 'public',
    summary: "The server's VAPID public key for PushManager.subscribe (null when push is off)",
    response: vapidPublicKey,
  }),
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    access: 'member',
    summary: "Save this device's PushSubscription (at most 10 devices)",
    body: pushSubscriptionBody,
    status: 201,
    response: pushDeviceList,
  }),
  unsubscribe: defineRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    access: 'member',
    summary: 'Remove the subscription with this endpoint (this device turning push off)',
    body: removePushSubscriptionBody,
    response: pushDeviceList,
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/api/push/subscriptions',
    access: 'member',
    summary: 'Her devices that receive push',
    response: pushDeviceList,
  }),
  removeDevice: defineRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    access: 'member',
    summary: 'Remove one of her devices from push',
    params: resourceIdParams('device'),
    response: pushDeviceList,
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/push/test',
    access: 'member',
    summary: 'Send a test notification to each of her devices',
    response: pushTestResult,
  }),
};

export const notificationLinksApi = {
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    access: 'public',
    summary: "One-click unsubscribe from a notification mail's link: turns off that kind only (signed token)",
    body: unsubscribeBody,
    response: unsubscribeResult,
  }),
};
