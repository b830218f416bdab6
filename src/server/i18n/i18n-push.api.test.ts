import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { like, member, saveLanguage } from '../test/members';
import { startPushTestApp, type PushTestApp } from '../test/push-app';
import type { TestSubscription } from '../test/push-service';

/*
 * Push notifications in the recipient's saved language (decision 0023): the job worker runs for real and
 * pushes to a push service on a loopback port, which decrypts what arrives (as push.api.test.ts does).
 */
let t: PushTestApp;
beforeAll(async () => {
  t = await startPushTestApp();
});
afterAll(() => t.close());

const pushesTo = async (sub: TestSubscription, n: number) => {
  await vi.waitFor(() => expect(t.push.to(sub)).toHaveLength(n), { timeout: 5_000, interval: 20 });
  return t.push.to(sub).map((p) => sub.open(p) as { kind: string; title: string; body: string });
};

describe('push notifications in her language', () => {
  it('a like and a match reach a Spanish member in Spanish and an English one in English', async () => {
    const lucia = await member(t, { name: 'Lucía' });
    await saveLanguage(lucia, 'es');
    const jo = await member(t, { name: 'Jo' });
    const [luciaSub, joSub] = [await t.subscribed(lucia), await t.subscribed(jo)];

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
    const sub = await t.subscribed(lucia);
    expect((await lucia.request('POST', '/api/push/test')).json()).toEqual({ queued: 1 });
    const [test] = await pushesTo(sub, 1);
    expect(test).toMatchObject({ kind: 'test', title: 'Las notificaciones de Steep están activadas' });
  });
});
