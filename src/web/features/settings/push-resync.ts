import type { PushDevice } from '../../../contract/push';

/*
 * Keeps the server's copy of this device's push subscription true. The push service can replace or end a
 * subscription at any time; the service worker re-registers on `pushsubscriptionchange` when it can,
 * but a browser may not fire it (Chromium does not) or the worker may be offline then. So at every app
 * start, when she has granted notifications, the page compares its subscription with the server's list
 * for this sign-in and repairs it. Push that she turned off (no device for this sign-in) stays off.
 */

export interface SubscriptionLike {
  endpoint: string;
  expirationTime: number | null;
  toJSON(): { keys?: Record<string, string> };
}

/** What the re-sync needs from the browser and the API (real ones in `resyncPushOnStart`, fakes in tests). */
export interface ResyncPorts {
  permission: NotificationPermission;
  getSubscription(): Promise<SubscriptionLike | null>;
  vapidPublicKey(): Promise<string | null>;
  subscribe(publicKey: string): Promise<SubscriptionLike>;
  devices(): Promise<PushDevice[]>;
  register(subscription: SubscriptionLike): Promise<void>;
  removeDevice(id: string): Promise<void>;
}

type ResyncOutcome = 'off' | 'in-sync' | 'registered' | 'resubscribed';

/** SHA-256 of an endpoint, base64url: what the server lists as `endpointHash`. */
export async function hashEndpoint(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function resyncPush(ports: ResyncPorts): Promise<ResyncOutcome> {
  if (ports.permission !== 'granted') return 'off';
  const mine = (await ports.devices()).filter((device) => device.current);
  // No device for this sign-in: push is off here, or she removed this device from another one.
  if (mine.length === 0) return 'off';
  let subscription = await ports.getSubscription();
  const hash = subscription ? await hashEndpoint(subscription.endpoint) : null;
  const stale = mine.filter((device) => device.endpointHash !== hash);
  if (subscription && stale.length === 0) return 'in-sync';
  let outcome: ResyncOutcome = 'registered';
  if (!subscription) {
    // The push service ended it: subscribe again with the server's key (permission is already granted).
    const publicKey = await ports.vapidPublicKey();
    if (!publicKey) return 'off';
    subscription = await ports.subscribe(publicKey);
    outcome = 'resubscribed';
  }
  await ports.register(subscription);
  // The replaced endpoints are dead: drop them so the server stops pushing to them.
  const fresh = await hashEndpoint(subscription.endpoint);
  for (const device of stale) if (device.endpointHash !== fresh) await ports.removeDevice(device.id);
  return outcome;
}
