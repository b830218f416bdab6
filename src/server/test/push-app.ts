import { expect } from 'vitest';
import { createTestApp, type Client, type TestApp } from './harness';
import { startPushService, type LocalPushService, type TestSubscription } from './push-service';

export interface PushTestApp extends TestApp {
  /** The push service every subscription made by `subscribed` points at. */
  push: LocalPushService;
  /** Turns push on for her, as her phone's browser does; the subscription decrypts what reaches it. */
  subscribed(client: Client): Promise<TestSubscription>;
}

/** A phone's browser: the device list names a subscription by its user agent. */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

/**
 * Web Push end to end: a push service on a loopback port (./push-service.ts) and a test app whose job worker runs
 * for real (polling every 100 ms) and may push to it. `close` stops both.
 */
export async function startPushTestApp(): Promise<PushTestApp> {
  const push = await startPushService();
  const t = await createTestApp({
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    JOBS_WORKER: 'true',
    JOBS_POLL_MS: '100',
    VAPID_SUBJECT: 'mailto:push-test@steep.local',
  }).catch(async (error: unknown) => {
    await push.close();
    throw error;
  });
  return {
    ...t,
    push,
    async subscribed(client) {
      const sub = push.subscription();
      const response = await client.request(
        'POST',
        '/api/push/subscriptions',
        { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
        { 'user-agent': PHONE_USER_AGENT },
      );
      expect(response.statusCode, response.body).toBe(201);
      return sub;
    },
    async close() {
      await t.close();
      await push.close();
    },
  };
}
