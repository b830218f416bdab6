import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventAttendees, events, jobs, pushSubscriptions } from '../../test/tables';
import { connect } from '../../realtime/test-socket';
import { clientFor, type Client } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { like, member, premiumMember } from '../../test/members';
import { startPushTestApp, type PushTestApp } from '../../test/push-app';
import { readVapid, type TestSubscription } from '../../test/push-service';
import { loadVapidKeys } from './push/vapid';

/*
 * Web Push end to end: the job worker runs for real (polling every 100 ms) and pushes to a
 * push service on a loopback port, which decrypts what arrives with the subscription's own keys.
 */
let t: PushTestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startPushTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const send = (client: Client, matchId: string, content = 'Are you free on Saturday?') =>
  client.request('POST', '/api/messages', { matchId, content, clientMessageId: randomUUID() });

/** Waits until every job of this kind naming her has finished: then "nothing was pushed" is a fact. */
async function jobsSettled(userId: string, kind = 'notify.push') {
  await vi.waitFor(
    async () => {
      const open = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, kind),
            sql`${jobs.payload}->>'userId' = ${userId}`,
            sql`${jobs.status} in ('queued', 'running')`,
          ),
        );
      const all = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'userId' = ${userId}`));
      expect(all.length).toBeGreaterThan(0);
      expect(open).toEqual([]);
    },
    { timeout: 5_000, interval: 50 },
  );
}

async function pair() {
  const alex = await member(t, { name: 'Alex' });
  const sam = await member(t, { name: 'Sam' });
  const matchId = await createMatch(t.database.db, alex.user.id, sam.user.id);
  return { alex, sam, matchId };
}

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and served as the public key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(loadVapidKeys(t.config)?.publicKey).toBe(publicKey);
  });

  it('are off with DATABASE_URL and no keys in the environment (every instance must share one pair)', () => {
    expect(loadVapidKeys({ ...t.config, DATABASE_URL: 'postgres://x@127.0.0.1/steep' })).toBeNull();
  });
});

describe('subscriptions', () => {
  it('refuses an endpoint outside PUSH_ALLOWED_HOSTS, a non-https one and malformed keys with 400', async () => {
    const sam = await member(t);
    const sub = t.push.subscription();
    const cases = [
      { endpoint: 'https://evil.example.com/push/1', keys: sub.keys },
      { endpoint: 'https://169.254.169.254/latest/meta-data', keys: sub.keys },
      { endpoint: 'ftp://127.0.0.1/push', keys: sub.keys },
      { endpoint: 'not a url', keys: sub.keys },
      { endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } },
      { endpoint: sub.endpoint },
    ];
    for (const body of cases) {
      const response = await sam.request('POST', '/api/push/subscriptions', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    expect((await sam.request('GET', '/api/push/subscriptions')).json()).toEqual({ devices: [] });
  });

  it('lists her devices without their endpoints, caps them at 10 and removes one', async () => {
    const sam = await member(t);
    const subs: TestSubscription[] = [];
    for (let i = 0; i < 10; i++) subs.push(await t.subscribed(sam));
    const eleventh = t.push.subscription();
    const refused = await sam.request('POST', '/api/push/subscriptions', {
      endpoint: eleventh.endpoint,
      keys: eleventh.keys,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LIMIT_REACHED');
    // The same endpoint again is the same device, not an 11th.
    expect(
      (await sam.request('POST', '/api/push/subscriptions', { endpoint: subs[0]!.endpoint, keys: subs[0]!.keys }))
        .statusCode,
    ).toBe(201);
    const list = await sam.request('GET', '/api/push/subscriptions');
    expect(list.body).not.toContain('127.0.0.1');
    const { devices } = list.json<{
      devices: { id: string; device: string; current: boolean; endpointHash: string }[];
    }>();
    expect(devices).toHaveLength(10);
    // Each endpoint only as its SHA-256 (what the app compares at start to re-sync its subscription).
    const sha256 = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');
    expect(devices.map((d) => d.endpointHash).sort()).toEqual(subs.map((s) => sha256(s.endpoint)).sort());
    expect(devices[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    const removed = await sam.request('DELETE', `/api/push/subscriptions/${devices[0]!.id}`);
    expect(removed.json().devices).toHaveLength(9);
    const byEndpoint = await sam.request('DELETE', '/api/push/subscriptions', { endpoint: subs[9]!.endpoint });
    expect(byEndpoint.json().devices).toHaveLength(8);
    // Someone else's device id is not hers to remove.
    const other = await member(t);
    expect((await other.request('DELETE', `/api/push/subscriptions/${devices[2]!.id}`)).statusCode).toBe(404);
  });

  it('signing out removes that device only; deleting the account removes all', async () => {
    const sam = await member(t, { username: `sam_${Date.now().toString(36)}` });
    await t.subscribed(sam);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: sam.user.username, password: 'Secret_123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const laptopCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const laptop = clientFor(t.app, sam.user, laptopCookie);
    await t.subscribed(laptop);
    const rows = () => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, sam.user.id));
    expect(await rows()).toHaveLength(2);
    expect((await laptop.request('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
    const exported = await sam.request('GET', '/api/account/export');
    expect(exported.json().pushDevices).toEqual([{ device: 'Chrome on Android', createdAt: expect.any(String) }]);
    expect(exported.body).not.toContain('127.0.0.1');
    const deleted = await sam.request('DELETE', '/api/account', { password: 'Secret_123' });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rows()).toHaveLength(0);
  });
});

describe('a new message', () => {
  it('reaches her endpoint within 2 s when she has no socket open: encrypted, VAPID-signed, collapsed per conversation', async () => {
    const { alex, sam, matchId } = await pair();
    const sub = await t.subscribed(sam);
    const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json();
    const sentAt = Date.now();
    expect((await send(alex, matchId, 'Secret plans for Saturday')).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.push.to(sub)).toHaveLength(1), { timeout: 2_000, interval: 20 });
    expect(Date.now() - sentAt).toBeLessThan(2_000);

    const [arrived] = t.push.to(sub);
    expect(arrived!.headers['content-encoding']).toBe('aes128gcm');
    expect(arrived!.headers.ttl).toBe('86400');
    expect(arrived!.headers.urgency).toBe('high');
    expect(arrived!.headers.topic).toBe(matchId.replaceAll('-', ''));
    expect(arrived!.body.length).toBeLessThanOrEqual(3 * 1024 + 103);
    const { claims, publicKey: k } = readVapid(arrived!.headers.authorization);
    expect(k).toBe(publicKey);
    expect(claims.aud).toBe(t.push.origin);
    expect(claims.sub).toBe('mailto:push-test@steep.local');
    const exp = Number(claims.exp) * 1000;
    expect(exp).toBeGreaterThan(Date.now());
    expect(exp).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    // Previews are off by default: the lock screen shows who, not what.
    expect(sub.open(arrived!)).toEqual({
      kind: 'message',
      title: 'New message from Alex',
      body: 'Open Steep to read it.',
      url: `/conversation/${matchId}`,
      tag: `chat-${matchId}`,
      count: 1,
      badge: 1,
    });
    expect(JSON.stringify(sub.open(arrived!))).not.toContain('Secret');

    // The next one says how many, under the same topic and tag (one notification per conversation).
    expect((await send(alex, matchId, 'And Sunday?')).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.push.to(sub)).toHaveLength(2), { timeout: 2_000, interval: 20 });
    const second = sub.open(t.push.to(sub)[1]!);
    expect(second).toMatchObject({ title: '2 new messages from Alex', tag: `chat-${matchId}`, count: 2 });
    expect(t.push.to(sub)[1]!.headers.topic).toBe(matchId.replaceAll('-', ''));
  });

  it('shows the text when she turned message previews on', async () => {
    const { alex, sam, matchId } = await pair();
    const prefs = (await sam.request('GET', `/api/users/${sam.user.id}/preferences`)).json();
    const saved = await sam.request('PUT', `/api/users/${sam.user.id}/preferences`, {
      ...prefs,
      ageRange: [22, 35],
      notifications: { ...prefs.notifications, messagePreviews: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sub = await t.subscribed(sam);
    expect((await send(alex, matchId, 'Tea at four?')).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.push.to(sub)).toHaveLength(1), { timeout: 2_000, interval: 20 });
    expect(sub.open(t.push.to(sub)[0]!)).toMatchObject({ title: 'New message from Alex', body: 'Tea at four?' });
  });

  it('is not pushed while she has a socket open', async () => {
    const { alex, sam, matchId } = await pair();
    const sub = await t.subscribed(sam);
    const socket = await connect(baseUrl, sam.user, sam.cookie);
    try {
      expect((await send(alex, matchId)).statusCode).toBe(201);
      await socket.next('message');
      // Nothing is even queued: the message path checks her presence before it writes a push job.
      await t.app.events.drain();
      const queued = await t.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'notify.push'), sql`${jobs.payload}->>'userId' = ${sam.user.id}`));
      expect(queued).toEqual([]);
      expect(t.push.to(sub)).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  it('is not pushed when she turned message notifications off', async () => {
    const { alex, sam, matchId } = await pair();
    const prefs = (await sam.request('GET', `/api/users/${sam.user.id}/preferences`)).json();
    const saved = await sam.request('PUT', `/api/users/${sam.user.id}/preferences`, {
      ...prefs,
      ageRange: [22, 35],
      notifications: { ...prefs.notifications, newMessages: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sub = await t.subscribed(sam);
    expect((await send(alex, matchId)).statusCode).toBe(201);
    await jobsSettled(sam.user.id);
    expect(t.push.to(sub)).toEqual([]);
  });
});

describe('the push service answers', () => {
  it('410: the subscription is deleted', async () => {
    const { alex, sam, matchId } = await pair();
    const sub = await t.subscribed(sam);
    t.push.answer(sub, 410);
    expect((await send(alex, matchId)).statusCode).toBe(201);
    await vi.waitFor(
      async () =>
        expect(
          await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
        ).toEqual([]),
      { timeout: 3_000, interval: 50 },
    );
  });

  it('429 with Retry-After: retried through the job queue no sooner than it asked', async () => {
    const { alex, sam, matchId } = await pair();
    const sub = await t.subscribed(sam);
    t.push.answer(sub, 429, { 'Retry-After': '120' });
    const before = Date.now();
    expect((await send(alex, matchId)).statusCode).toBe(201);
    const retry = await vi.waitFor(
      async () => {
        const [row] = await t.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'notify.push.retry'), sql`${jobs.payload}->>'userId' = ${sam.user.id}`));
        expect(row).toBeDefined();
        return row!;
      },
      { timeout: 3_000, interval: 50 },
    );
    expect(retry.status).toBe('queued');
    expect(retry.runAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(retry.payload).toMatchObject({ attempt: 2, subscriptionId: expect.any(String) });
    // When it is due, it goes out.
    t.push.answer(sub, 201);
    await t.app.jobs.runDue(new Date(retry.runAt.getTime() + 1_000));
    expect(t.push.to(sub)).toHaveLength(1);
  });
});

describe('meetup reminders', () => {
  it('pushes "starts in an hour" once to each guest who has meetup notifications on', async () => {
    const host = await member(t, { name: 'Host' });
    const guest = await member(t, { name: 'Guest' });
    const prefs = (await guest.request('GET', `/api/users/${guest.user.id}/preferences`)).json();
    const saved = await guest.request('PUT', `/api/users/${guest.user.id}/preferences`, {
      ...prefs,
      ageRange: [22, 35],
      notifications: { ...prefs.notifications, events: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [guestSub, hostSub] = [await t.subscribed(guest), await t.subscribed(host)];
    const [event] = await t.database.db
      .insert(events)
      .values({
        creatorId: host.user.id,
        title: 'Oolong walk',
        location: 'Portland, Oregon',
        eventDate: new Date(Date.now() + 58 * 60_000),
        maxAttendees: 6,
        attendeeCount: 2,
      })
      .returning();
    await t.database.db
      .insert(eventAttendees)
      .values([host, guest].map((m) => ({ eventId: event!.id, userId: m.user.id })));
    // The scan runs every 5 minutes: run the next one now, twice (once-only per member and meetup).
    await t.app.jobs.runDue(new Date(Date.now() + 5 * 60_000 + 1_000));
    await t.app.jobs.runDue(new Date(Date.now() + 10 * 60_000 + 2_000));
    await vi.waitFor(() => expect(t.push.to(guestSub)).toHaveLength(1), { timeout: 3_000, interval: 20 });
    expect(guestSub.open(t.push.to(guestSub)[0]!)).toMatchObject({
      kind: 'event_reminder',
      title: 'Your meetup starts in an hour',
      body: 'Oolong walk',
      url: '/events',
    });
    expect(t.push.to(guestSub)[0]!.headers).toMatchObject({ ttl: '3600', urgency: 'high' });
    // The host left meetup notifications at their default (off).
    await jobsSettled(host.user.id);
    expect(t.push.to(hostSub)).toEqual([]);
    expect(t.push.to(guestSub)).toHaveLength(1);
  });
});

describe('matches and likes', () => {
  it('a match is pushed to both; a like says who only to a Premium member', async () => {
    const alex = await member(t, { name: 'Alex' });
    const sam = await member(t, { name: 'Sam' });
    const pat = await premiumMember(t, { name: 'Pat' });
    const [alexSub, samSub, patSub] = [await t.subscribed(alex), await t.subscribed(sam), await t.subscribed(pat)];
    await like(alex, sam);
    await vi.waitFor(() => expect(t.push.to(samSub)).toHaveLength(1), { timeout: 2_000, interval: 20 });
    expect(samSub.open(t.push.to(samSub)[0]!)).toMatchObject({
      kind: 'like',
      title: 'Someone liked you',
      url: '/home',
    });
    expect(t.push.to(samSub)[0]!.headers.urgency).toBe('low');
    await like(alex, pat);
    await vi.waitFor(() => expect(t.push.to(patSub)).toHaveLength(1), { timeout: 2_000, interval: 20 });
    expect(patSub.open(t.push.to(patSub)[0]!)).toMatchObject({ title: 'Alex liked you' });

    await like(sam, alex);
    await vi.waitFor(() => expect(t.push.to(alexSub)).toHaveLength(1), { timeout: 2_000, interval: 20 });
    await vi.waitFor(() => expect(t.push.to(samSub)).toHaveLength(2), { timeout: 2_000, interval: 20 });
    const toAlex = alexSub.open(t.push.to(alexSub)[0]!) as { title: string; body: string; url: string };
    expect(toAlex).toMatchObject({
      kind: 'match',
      title: "It's a match!",
      body: 'You and Sam liked each other. Say hello.',
    });
    expect(toAlex.url).toMatch(/^\/conversation\/[0-9a-f-]{36}$/);
  });

  it('the test notification reaches each of her devices', async () => {
    const sam = await member(t);
    const [phone, laptop] = [await t.subscribed(sam), await t.subscribed(sam)];
    const response = await sam.request('POST', '/api/push/test');
    expect(response.json()).toEqual({ queued: 2 });
    await vi.waitFor(() => expect([t.push.to(phone).length, t.push.to(laptop).length]).toEqual([1, 1]), {
      timeout: 2_000,
      interval: 20,
    });
    expect(phone.open(t.push.to(phone)[0]!)).toMatchObject({ kind: 'test', url: '/settings' });
  });
});
