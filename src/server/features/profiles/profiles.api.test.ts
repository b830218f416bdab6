import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityDays, blocks, matches, statuses, swipes, users } from '../../test/tables';
import { orderedPair } from '../matches';
import { signUp, type Client, type TestApp, createTestApp } from '../../test/harness';
import { utcDay } from './day-streak';
import { getSelfUser } from './users';
import { updateUser } from '../../core';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const PHONE = '+1 503 555 0199';

async function rowOf(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no such user');
  return row;
}

describe('GET /api/users/:id (public profile)', () => {
  let alice: Client;
  let bea: Client;
  beforeAll(async () => {
    alice = await signUp(t.app, { name: 'Alice', email: 'alice.private@example.com', interests: ['Yoga', 'Hiking'] });
    bea = await signUp(t.app, { name: 'Bea' });
    await db()
      .update(users)
      .set({
        phoneNumber: PHONE,
        smsNotifications: true,
        premiumUntil: new Date(Date.now() + 86_400_000),
        job: 'Tea sommelier',
      })
      .where(eq(users.id, alice.user.id));
  });

  it('lists exactly the public fields and never the private ones', async () => {
    const response = await bea.request('GET', `/api/users/${alice.user.id}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(Object.keys(profile).sort()).toEqual(
      [
        'id',
        'name',
        'age',
        'bio',
        'location',
        'pronouns',
        'photos',
        'interests',
        'teaInterests',
        'job',
        'education',
        'height',
        'relationshipGoals',
        'loveLanguage',
        'lifestyle',
        'prompts',
        'isVerified',
        'isOnline',
        'lastActive',
        'distance',
        'badges',
        'status',
      ].sort(),
    );
    expect(profile).toMatchObject({
      distance: 'In your city',
      badges: [],
      status: null,
      id: alice.user.id,
      name: 'Alice',
      job: 'Tea sommelier',
      interests: ['Yoga', 'Hiking'],
    });
    const raw = response.body;
    const row = await rowOf(alice.user.id);
    expect(raw).not.toContain(PHONE);
    // Digits of the number in any formatting (ids are random hex, so a bare '555' could appear by chance).
    expect(raw).not.toMatch(/503\D?555\D?0199/);
    expect(raw).not.toContain('alice.private@example.com');
    expect(raw).not.toContain(row.passwordHash);
    expect(raw).not.toContain(String(row.latitude));
    expect(raw).not.toContain(String(row.longitude));
    expect(raw).not.toContain(alice.user.username);
    expect(raw).not.toMatch(/ghost|premium|subscription|session|password|sms|email|phone|latitude|longitude|role/i);
  });

  it('hides presence of a member in ghost mode', async () => {
    await db().update(users).set({ ghostMode: true, lastActiveAt: new Date() }).where(eq(users.id, alice.user.id));
    const profile = (await bea.request('GET', `/api/users/${alice.user.id}`)).json();
    expect(profile).toMatchObject({ isOnline: false, lastActive: null });
    await db().update(users).set({ ghostMode: false }).where(eq(users.id, alice.user.id));
    const visible = (await bea.request('GET', `/api/users/${alice.user.id}`)).json();
    expect(visible.isOnline).toBe(true);
    expect(visible.lastActive).toEqual(expect.any(String));
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await bea.request('GET', `/api/users/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${alice.user.id}` });
    expect(response.statusCode).toBe(401);
  });

  it('hides members on both sides of a block', async () => {
    const carla = await signUp(t.app, { name: 'Carla' });
    const dana = await signUp(t.app, { name: 'Dana' });
    await db().insert(blocks).values({ blockerId: carla.user.id, blockedUserId: dana.user.id });
    expect((await dana.request('GET', `/api/users/${carla.user.id}`)).statusCode).toBe(404);
    expect((await carla.request('GET', `/api/users/${dana.user.id}`)).statusCode).toBe(404);
    expect((await dana.request('GET', `/api/users/${carla.user.id}/status`)).statusCode).toBe(404);
    expect((await bea.request('GET', `/api/users/${carla.user.id}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/:id (profile update)', () => {
  let maya: Client;
  let nia: Client;
  beforeAll(async () => {
    maya = await signUp(t.app, { name: 'Maya', email: 'maya@example.com' });
    nia = await signUp(t.app, { name: 'Nia' });
  });

  const validUpdate = {
    name: 'Maya R.',
    age: 31,
    bio: 'Matcha every morning, climbing every weekend.',
    location: 'Austin, Texas',
    pronouns: 'she/they',
    job: 'Barista',
    education: 'UT Austin',
    height: 168,
    relationshipGoals: 'Long-term partner',
    loveLanguage: 'Quality time',
    lifestyle: { smoking: 'none', drinking: 'socially', fitness: 'high', pets: 'love' },
    interests: ['Yoga', 'Rock Climbing', 'Coffee', 'Reading', 'Hiking'],
    teaInterests: ['Matcha', 'Chai'],
  };

  it('updates every editable field and returns the self user', async () => {
    const response = await maya.request('PUT', `/api/users/${maya.user.id}`, validUpdate);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...validUpdate, id: maya.user.id, email: 'maya@example.com' });
    const row = await rowOf(maya.user.id);
    // Coordinates follow the new city (Austin, not Portland).
    expect(row.latitude).toBeCloseTo(30.27, 0);
    expect(row.longitude).toBeCloseTo(-97.74, 0);
    const me = (await maya.request('GET', '/api/auth/me')).json();
    expect(me).toMatchObject(validUpdate);
  });

  it('leaves omitted fields alone and clears optional ones with "" or null', async () => {
    const response = await maya.request('PUT', `/api/users/${maya.user.id}`, {
      job: '  ',
      height: null,
      loveLanguage: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      job: null,
      height: null,
      loveLanguage: null,
      education: 'UT Austin',
      name: 'Maya R.',
    });
  });

  it('drops duplicate interests', async () => {
    const response = await maya.request('PUT', `/api/users/${maya.user.id}`, { interests: ['Yoga', 'Yoga', 'Coffee'] });
    expect(response.json().interests).toEqual(['Yoga', 'Coffee']);
  });

  it('refuses to edit another member (403) and changes nothing', async () => {
    const before = await rowOf(nia.user.id);
    const response = await maya.request('PUT', `/api/users/${nia.user.id}`, { name: 'Hacked', bio: 'pwned' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await rowOf(nia.user.id)).toEqual(before);
  });

  it.each([
    ['a bio over 500 characters', { bio: 'x'.repeat(501) }, 'bio'],
    ['height under 120 cm', { height: 119 }, 'height'],
    ['height over 230 cm', { height: 231 }, 'height'],
    ['fractional height', { height: 170.5 }, 'height'],
    ['age under 18', { age: 17 }, 'age'],
    ['age as text', { age: '30' }, 'age'],
    ['an empty name', { name: '   ' }, 'name'],
    ['an unknown interest', { interests: ['Yoga', 'Knife juggling'] }, 'interests.1'],
    ['more than 30 interests', { interests: Array.from({ length: 31 }, () => 'Yoga') }, 'interests'],
    ['an unknown tea', { teaInterests: ['Coffee'] }, 'teaInterests.0'],
    ['a location outside the catalogue', { location: 'Atlantis, Oregon' }, 'location'],
    ['an unknown relationship goal', { relationshipGoals: 'Marriage by Friday' }, 'relationshipGoals'],
    ['an unknown love language', { loveLanguage: 'Telepathy' }, 'loveLanguage'],
    ['an unknown lifestyle answer', { lifestyle: { smoking: 'always' } }, 'lifestyle.smoking'],
    ['a lifestyle that is not an object', { lifestyle: 'chill' }, 'lifestyle'],
    ['a job over 80 characters', { job: 'j'.repeat(81) }, 'job'],
  ])('refuses %s with 400 and changes nothing', async (_case, body, path) => {
    const before = await rowOf(maya.user.id);
    // A valid field next to the invalid one must not be applied either.
    const response = await maya.request('PUT', `/api/users/${maya.user.id}`, {
      bio: 'Should not be saved at all',
      ...body,
    });
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await rowOf(maya.user.id)).toEqual(before);
  });

  it('ignores fields that are not editable (mass assignment)', async () => {
    const before = await rowOf(maya.user.id);
    const response = await maya.request('PUT', `/api/users/${maya.user.id}`, {
      bio: 'Only this should change, nothing else.',
      id: nia.user.id,
      username: 'admin',
      passwordHash: 'scrypt$forged',
      password: 'Forged_123',
      email: 'attacker@example.com',
      phoneNumber: PHONE,
      smsNotifications: true,
      ghostMode: true,
      isVerified: true,
      hasActiveSubscription: true,
      premiumUntil: '2999-01-01T00:00:00Z',
      role: 'moderator',
      latitude: 0,
      longitude: 0,
      heightCm: 999,
      lastActiveAt: '2000-01-01T00:00:00Z',
      createdAt: '2000-01-01T00:00:00Z',
      photos: ['https://evil.example/x.jpg'],
    });
    expect(response.statusCode).toBe(200);
    const after = await rowOf(maya.user.id);
    expect(after).toEqual({
      ...before,
      bio: 'Only this should change, nothing else.',
      lastActiveAt: after.lastActiveAt,
    });
    expect(response.json()).toMatchObject({
      ghostMode: false,
      isVerified: false,
      hasActiveSubscription: false,
      role: 'member',
      photos: [],
    });
  });

  it('acts only as the session user: a body naming another member changes only her own profile, another id in the path is 403', async () => {
    const before = (await nia.request('GET', `/api/users/${nia.user.id}`)).json<{ bio: string | null }>().bio;
    const response = await maya.request('PUT', `/api/users/${maya.user.id}`, { userId: nia.user.id, bio: 'x' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: string; bio: string }>()).toMatchObject({ id: maya.user.id, bio: 'x' });
    expect((await nia.request('GET', `/api/users/${nia.user.id}`)).json<{ bio: string | null }>().bio).toBe(before);
    expect((await maya.request('PUT', `/api/users/${nia.user.id}`, { bio: 'y' })).statusCode).toBe(403);
  });
});

describe('24-hour status', () => {
  let sam: Client;
  let tia: Client;
  beforeAll(async () => {
    sam = await signUp(t.app, { name: 'Sam' });
    tia = await signUp(t.app, { name: 'Tia' });
  });

  it('is empty at first', async () => {
    const response = await sam.request('GET', `/api/users/${sam.user.id}/status`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: null });
  });

  it('stores a trimmed status for 24 hours, visible to others', async () => {
    const before = Date.now();
    const response = await sam.request('PUT', `/api/users/${sam.user.id}/status`, {
      text: '  Brewing oolong, come say hi  ',
    });
    expect(response.statusCode).toBe(200);
    const { status } = response.json();
    expect(status.text).toBe('Brewing oolong, come say hi');
    const life = Date.parse(status.expiresAt) - Date.parse(status.createdAt);
    expect(life).toBe(24 * 60 * 60_000);
    expect(Date.parse(status.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await tia.request('GET', `/api/users/${sam.user.id}/status`)).json().status.text).toBe(
      'Brewing oolong, come say hi',
    );
  });

  it('replaces the previous status', async () => {
    await sam.request('PUT', `/api/users/${sam.user.id}/status`, { text: 'Second thoughts' });
    const rows = await db().select().from(statuses).where(eq(statuses.userId, sam.user.id));
    expect(rows.map((r) => r.text)).toEqual(['Second thoughts']);
  });

  it.each([
    ['blank text', { text: '   ' }],
    ['text over 150 characters', { text: 'x'.repeat(151) }],
    ['no text', {}],
  ])('refuses %s with 400', async (_case, body) => {
    const response = await sam.request('PUT', `/api/users/${sam.user.id}/status`, body);
    expect(response.statusCode).toBe(400);
    expect((await sam.request('GET', `/api/users/${sam.user.id}/status`)).json().status.text).toBe('Second thoughts');
  });

  it('accepts exactly 150 characters', async () => {
    const response = await sam.request('PUT', `/api/users/${sam.user.id}/status`, { text: 's'.repeat(150) });
    expect(response.statusCode).toBe(200);
  });

  it('shows an expired status to its author only', async () => {
    await db()
      .update(statuses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(statuses.userId, sam.user.id));
    expect((await sam.request('GET', `/api/users/${sam.user.id}/status`)).json().status).not.toBeNull();
    expect((await tia.request('GET', `/api/users/${sam.user.id}/status`)).json()).toEqual({ status: null });
  });

  it('cannot be set or cleared for someone else', async () => {
    expect((await tia.request('PUT', `/api/users/${sam.user.id}/status`, { text: 'hijacked' })).statusCode).toBe(403);
    expect((await tia.request('DELETE', `/api/users/${sam.user.id}/status`)).statusCode).toBe(403);
  });

  it('is removed by DELETE', async () => {
    const response = await sam.request('DELETE', `/api/users/${sam.user.id}/status`);
    expect(response.json()).toEqual({ status: null });
    expect((await sam.request('GET', `/api/users/${sam.user.id}/status`)).json()).toEqual({ status: null });
  });
});

describe('GET /api/users/:id/stats', () => {
  let star: Client;
  let fans: Client[];
  beforeAll(async () => {
    star = await signUp(t.app, { name: 'Star', interests: ['Yoga', 'Coffee', 'Hiking', 'Reading', 'Tarot'] });
    fans = await Promise.all([1, 2, 3].map((n) => signUp(t.app, { name: `Fan ${n}` })));
  });

  const stats = async () => {
    const response = await star.request('GET', `/api/users/${star.user.id}/stats`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('starts at zero with a one-day streak from using the app today', async () => {
    expect(await stats()).toEqual({ views: 0, likes: 0, matches: 0, superLikes: 0, dayStreak: 1, completeness: 60 });
    const days = await db().select().from(activityDays).where(eq(activityDays.userId, star.user.id));
    expect(days.map((d) => d.day)).toEqual([utcDay(new Date())]);
  });

  it('counts a profile view once per viewer per day, and never her own', async () => {
    const [a, b] = fans as [Client, Client];
    expect((await a.request('POST', `/api/users/${star.user.id}/views`)).statusCode).toBe(200);
    await a.request('POST', `/api/users/${star.user.id}/views`);
    await b.request('POST', `/api/users/${star.user.id}/views`);
    await star.request('POST', `/api/users/${star.user.id}/views`);
    expect((await stats()).views).toBe(2);
  });

  it('reading a profile (GET, which any site can make her browser do) records no view', async () => {
    const [, , c] = fans as [Client, Client, Client];
    const before = (await stats()).views;
    expect((await c.request('GET', `/api/users/${star.user.id}`)).statusCode).toBe(200);
    expect((await stats()).views).toBe(before);
  });

  it('counts likes, super likes and matches received', async () => {
    const [a, b, c] = fans as [Client, Client, Client];
    await db()
      .insert(swipes)
      .values([
        { userId: a.user.id, targetUserId: star.user.id, isLike: true },
        { userId: b.user.id, targetUserId: star.user.id, isLike: true, isSuperLike: true },
        { userId: c.user.id, targetUserId: star.user.id, isLike: false },
        // Her own likes are not likes received.
        { userId: star.user.id, targetUserId: a.user.id, isLike: true },
      ]);
    const [userA, userB] = orderedPair(star.user.id, a.user.id);
    await db().insert(matches).values({ userA, userB });
    expect(await stats()).toMatchObject({ likes: 2, superLikes: 1, matches: 1 });
  });

  it('counts consecutive active days', async () => {
    const dayMs = 86_400_000;
    const ago = (n: number) => utcDay(new Date(Date.now() - n * dayMs));
    await db()
      .insert(activityDays)
      .values([1, 2, 4].map((n) => ({ userId: star.user.id, day: ago(n) })));
    expect((await stats()).dayStreak).toBe(3);
  });

  it('is only for herself', async () => {
    const response = await fans[0]!.request('GET', `/api/users/${star.user.id}/stats`);
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/auth/me from memory', () => {
  it('serves one presentation until she goes offline, her Premium ends or she edits', async () => {
    const { caches } = t.context;
    const ana = await signUp(t.app, { name: 'Ana' });
    const until = Date.now() + 60 * 60_000;
    await updateUser(db(), caches, ana.user.id, { premiumUntil: new Date(until) });
    await getSelfUser(db(), caches, ana.user.id);
    const first = await getSelfUser(db(), caches, ana.user.id);
    expect(first).toMatchObject({ isOnline: true, hasActiveSubscription: true });
    expect(await getSelfUser(db(), caches, ana.user.id)).toBe(first);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    try {
      expect(await getSelfUser(db(), caches, ana.user.id)).toMatchObject({
        isOnline: false,
        hasActiveSubscription: true,
      });
      vi.setSystemTime(until + 1);
      expect(await getSelfUser(db(), caches, ana.user.id)).toMatchObject({ hasActiveSubscription: false });
    } finally {
      vi.useRealTimers();
    }

    expect((await ana.request('PUT', `/api/users/${ana.user.id}`, { bio: 'Edited just now' })).statusCode).toBe(200);
    expect((await ana.request('GET', '/api/auth/me')).json().bio).toBe('Edited just now');
  });
});
