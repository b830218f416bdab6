import { describe, expect, it } from 'vitest';
import type { PushDevice } from '../../../contract/push';
import { hashEndpoint, resyncPush, type ResyncPorts, type SubscriptionLike } from './push-resync';

const OLD = 'https://push.example.net/send/old';
const NEW = 'https://push.example.net/send/new';
/**
 * Each endpoint's hash as the server lists it (`endpointHash`, src/server/features/notifications/push): the
 * server's own test pins NEW's, so the two sides agree without the web importing server code.
 */
const ENDPOINT_HASHES: Record<string, string> = {
  [OLD]: 'm5eMcXqMTlgOz3sDJ0hcnrZkU0w7YN3iJYe3qvYXFDo',
  [NEW]: 'kNze2ryQxr28IkZbFDw9cIXTqeFtd3PKSKaa7YX_qb0',
};

const subscription = (endpoint: string): SubscriptionLike => ({
  endpoint,
  expirationTime: null,
  toJSON: () => ({ keys: { p256dh: 'p', auth: 'a' } }),
});

const device = (id: string, endpoint: string, current: boolean): PushDevice => ({
  id,
  device: 'Chrome on Android',
  createdAt: '2026-11-01T00:00:00.000Z',
  current,
  endpointHash: ENDPOINT_HASHES[endpoint] ?? '',
});

/** Fake browser and API; records what the re-sync did. */
function ports(options: {
  permission?: NotificationPermission;
  browser: string | null;
  devices: PushDevice[];
  publicKey?: string | null;
}) {
  const calls = { registered: [] as string[], removed: [] as string[], subscribedWith: [] as string[] };
  const value: ResyncPorts = {
    permission: options.permission ?? 'granted',
    getSubscription: async () => (options.browser ? subscription(options.browser) : null),
    vapidPublicKey: async () => (options.publicKey === undefined ? 'the-key' : options.publicKey),
    subscribe: async (key) => {
      calls.subscribedWith.push(key);
      return subscription(NEW);
    },
    devices: async () => options.devices,
    register: async (s) => {
      calls.registered.push(s.endpoint);
    },
    removeDevice: async (id) => {
      calls.removed.push(id);
    },
  };
  return { value, calls };
}

describe('push re-sync at app start', () => {
  it('hashes an endpoint exactly as the server lists it', async () => {
    expect(await hashEndpoint(NEW)).toBe(ENDPOINT_HASHES[NEW]);
    expect(await hashEndpoint(OLD)).toBe(ENDPOINT_HASHES[OLD]);
  });

  it('does nothing while the server holds this device’s current subscription', async () => {
    const { value, calls } = ports({ browser: OLD, devices: [device('d1', OLD, true), device('d2', NEW, false)] });
    expect(await resyncPush(value)).toBe('in-sync');
    expect(calls).toEqual({ registered: [], removed: [], subscribedWith: [] });
  });

  it('registers a subscription the push service replaced and drops the dead endpoint', async () => {
    const { value, calls } = ports({ browser: NEW, devices: [device('d1', OLD, true)] });
    expect(await resyncPush(value)).toBe('registered');
    expect(calls).toEqual({ registered: [NEW], removed: ['d1'], subscribedWith: [] });
  });

  it('subscribes again with the VAPID key when the push service ended the subscription', async () => {
    const { value, calls } = ports({ browser: null, devices: [device('d1', OLD, true)] });
    expect(await resyncPush(value)).toBe('resubscribed');
    expect(calls).toEqual({ registered: [NEW], removed: ['d1'], subscribedWith: ['the-key'] });
  });

  it('keeps a device the worker already re-registered and removes only the stale one', async () => {
    const { value, calls } = ports({ browser: NEW, devices: [device('d1', OLD, true), device('d2', NEW, true)] });
    expect(await resyncPush(value)).toBe('registered');
    expect(calls.removed).toEqual(['d1']);
  });

  it('leaves push off when this sign-in has no device (turned off, or removed from another device)', async () => {
    const { value, calls } = ports({ browser: NEW, devices: [device('d9', OLD, false)] });
    expect(await resyncPush(value)).toBe('off');
    expect(calls).toEqual({ registered: [], removed: [], subscribedWith: [] });
  });

  it('does nothing without permission, or when the server has no VAPID key to subscribe with', async () => {
    const denied = ports({ permission: 'default', browser: null, devices: [device('d1', OLD, true)] });
    expect(await resyncPush(denied.value)).toBe('off');
    const keyless = ports({ browser: null, devices: [device('d1', OLD, true)], publicKey: null });
    expect(await resyncPush(keyless.value)).toBe('off');
    expect([...denied.calls.registered, ...keyless.calls.registered]).toEqual([]);
  });
});
