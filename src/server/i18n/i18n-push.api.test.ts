import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Preferences, UpdatePreferencesBody } from '../../contract/preferences';
import { createTestApp, type Client, type TestApp } from '../test/harness';
import { like, member } from '../test/members';
import { startPushService, type LocalPushService, type TestSubscription } from '../test/push-service';

/*
 * Push notifications in the recipient's saved language (decision 0023): the job worker runs for real and
 * pushes to a push service on a loopback port, which decrypts what arrives (as push.api.test.ts does).
 */
let t: TestApp;
let push: LocalPushService;
beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    JOBS_WORKER: 'true',
    JOBS_POLL_MS: '100',
    VAPID_SUBJECT: 'mailto:push-test@steep.local',
  });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function subscribed(client: Client): Promise<TestSubscription> {
  const sub = push.subscription();
  const response = await client.request('POST', '/api/push/subscriptions', {
    endpoint: sub.endpoint,
    expirationTime: null,
    keys: sub.keys,
  });
  expect(response.statusCode, response.body).toBe(201);
  return sub;
}

async function saveLanguage(client: Client, language: 'en' | 'es'): Promise<void> {
  const current = (await client.request('GET', `/api/users/${client.user.id}/preferences`)).json<Preferences>();
  const body: UpdatePreferencesBody = {
    ...current,
    ageRange: [Math.min(current.ageRange[0], 65), Math.min(current.ageRange[1], 65)],
    app: { theme: current.app.theme, language, units: current.app.units },
  };
  expect((await client.request('PUT', `/api/users/${client.user.id}/preferences`, body)).statusCode).toBe(200);
}

const pushesTo = async (sub: TestSubscription, n: number) => {
  await vi.waitFor(() => expect(push.to(sub)).toHaveLength(n), { timeout: 5_000, interval: 20 });
  return push.to(sub).map((p) => sub.open(p) as { kind: string; title: string; body: string });
};

describe('push notifications in her language', () => {
  it('a like and a match reach a Spanish member in Spanish and an English one in English', async () => {
    const lucia = await member(t, { name: 'Lucía' });
    await saveLanguage(lucia, 'es');
    const jo = await member(t, { name: 'Jo' });
    const [luciaSub, joSub] = [await subscribed(lucia), await subscribed(jo)];

    await like(jo, lucia);
    const [liked] = await pushesTo(luciaSub, 1);
    expect(liked).toMatchObject({
      kind: 'like',
      title: 'Alguien te dio like',
      body: 'Descubre quién con Steep Premium, o sigue deslizando para averiguarlo.',
    });

    await like(lucia, jo);
    const [, matched] = await pushesTo(luciaSub, 2);
    expect(matched).toMatchObject({ kind: 'match', title: '¡Es un match!', body: 'Jo y tú se dieron like. Saluda.' });
    const toJo = await pushesTo(joSub, 1);
    expect(toJo[0]).toMatchObject({
      kind: 'match',
      title: "It's a match!",
      body: 'You and Lucía liked each other. Say hello.',
    });
  });

  it('the test notification follows her language', async () => {
    const lucia = await member(t);
    await saveLanguage(lucia, 'es');
    const sub = await subscribed(lucia);
    expect((await lucia.request('POST', '/api/push/test')).json()).toEqual({ queued: 1 });
    const [test] = await pushesTo(sub, 1);
    expect(test).toMatchObject({ kind: 'test', title: 'Las notificaciones de Steep están activadas' });
  });
});
