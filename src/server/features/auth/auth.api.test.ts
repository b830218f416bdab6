import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, newUserBody, sessionCookie, signUp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

describe('registration', () => {
  it('creates the user, starts a session and never returns the password hash', async () => {
    const body = newUserBody({ email: 'jo@example.com', interests: ['Yoga'] });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: body.username,
      name: body.name,
      age: 30,
      location: 'Portland, Oregon',
      photos: [],
    });
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt|latitude|longitude/i);
    const cookie = response.cookies.find((c) => c.name === 'steep_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['short', 'Ab_12', 'Password must be at least 6 characters long'],
    ['no uppercase', 'abcdef_1', 'Password must contain at least one uppercase letter'],
    ['no lowercase', 'ABCDEF_1', 'Password must contain at least one lowercase letter'],
    ['no number or underscore', 'Abcdefgh', 'Password must contain at least one number or underscore'],
    ['too long', `Aa1${'x'.repeat(200)}`, 'Password must be at most 128 characters long'],
  ])('refuses a password that is %s with the rule message', async (_case, password, message) => {
    const response = await register(newUserBody({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'password', message }] });
  });

  it('accepts an underscore in place of a number', async () => {
    expect((await register(newUserBody({ password: 'Abcdef_' }))).statusCode).toBe(201);
  });

  it.each([
    ['age under 18', { age: 17 }, 'age'],
    ['non-integer age', { age: 30.5 }, 'age'],
    ['age as text', { age: 'thirty' }, 'age'],
    ['unknown gender identity', { genderIdentity: 'man' }, 'genderIdentity'],
    ['unknown orientation', { sexualOrientation: 'straight' }, 'sexualOrientation'],
    ['unknown location', { location: 'Atlantis, Oregon' }, 'location'],
    ['missing name', { name: '' }, 'name'],
    ['unknown interest', { interests: ['Knife juggling on ice'] }, 'interests.0'],
  ])('refuses %s with a field error', async (_case, overrides, path) => {
    const response = await register({ ...newUserBody(), ...overrides });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('refuses a duplicate username, case-insensitively', async () => {
    const first = newUserBody({ username: 'RiverSong' });
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(newUserBody({ username: 'riversong' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Username already taken', errors: [{ path: 'username' }] });
  });

  it('ignores fields a user may not set (mass assignment)', async () => {
    const response = await register({
      ...newUserBody(),
      role: 'moderator',
      isVerified: true,
      hasActiveSubscription: true,
      ghostMode: true,
      premiumUntil: '2099-01-01',
      id: '00000000-0000-0000-0000-000000000000',
      photos: ['https://evil.example/x.jpg'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      role: 'member',
      isVerified: false,
      hasActiveSubscription: false,
      ghostMode: false,
      photos: [],
    });
    expect(response.json().id).not.toBe('00000000-0000-0000-0000-000000000000');
  });
});

describe('login and sessions', () => {
  it('logs in, issues a fresh session id each time, and /me answers with the user', async () => {
    const body = newUserBody();
    const registered = await register(body);
    const first = sessionCookie(registered);
    const loggedIn = await login({ username: body.username.toUpperCase(), password: body.password });
    expect(loggedIn.statusCode).toBe(200);
    const second = sessionCookie(loggedIn);
    expect(second).not.toBe(first);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(body.username);
    expect(me.body).not.toMatch(/passwordHash|scrypt/);
  });

  it('answers an unknown user and a wrong password with the same 401', async () => {
    const body = newUserBody();
    await register(body);
    const wrong = await login({ username: body.username, password: 'Wrong_pass1' }, { 'x-forwarded-for': '10.0.0.1' });
    const unknown = await login({ username: 'nobody_here', password: 'Wrong_pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('requires both username and password', async () => {
    const response = await login({ username: '' });
    expect(response.statusCode).toBe(400);
  });

  it('five wrong passwords from another address do not lock the owner out (no lock an attacker can impose)', async () => {
    const body = newUserBody();
    await register(body);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: body.username, password: 'Wrong_pass1' },
        remoteAddress: '192.0.2.66',
      });
      expect(wrong.statusCode).toBe(401);
    }
    // The attacker's own address is now throttled for this account...
    const attackerAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: body.username, password: body.password },
      remoteAddress: '192.0.2.66',
    });
    expect(attackerAgain.statusCode).toBe(429);
    // ...but the owner on her own device still signs in (after a short, growing delay).
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: body.username, password: body.password },
      remoteAddress: '198.51.100.20',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('a demo profile without a password is refused like an unknown name, after a real hash check', async () => {
    const body = newUserBody();
    await register(body);
    await t.database.db.execute(sql`UPDATE users SET password_hash = '!' WHERE username = ${body.username}`);
    const { burnCount } = await import('./password');
    const before = burnCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: body.username, password: 'Some_pass1' },
      remoteAddress: '198.51.100.44',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid username or password');
    // The same dummy hash check an unknown name costs (timing itself is measured in bench/, not here).
    expect(burnCount()).toBe(before + 1);
  });

  it('throttles failed logins per account and address with Retry-After, even with the right password', async () => {
    const body = newUserBody();
    await register(body);
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: body.username, password: 'Wrong_pass1' })).statusCode).toBe(401);
    }
    const blocked = await login({ username: body.username, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });

  it('counts guesses sent in parallel: at most 5 reach the password check', async () => {
    const body = newUserBody();
    await register(body);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ username: body.username, password: i === 19 ? body.password : 'Wrong_pass1' }),
      ),
    );
    const statuses = attempts.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('does not count successful logins against the address', async () => {
    const body = newUserBody();
    await register(body);
    for (let i = 0; i < 35; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: body,
        remoteAddress: '198.51.100.7',
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('throttles failed logins per IP address across accounts', async () => {
    const ipApp = await createTestApp();
    try {
      const attempt = (i: number) =>
        ipApp.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: `ghost_${i}`, password: 'Wrong_pass1' },
          remoteAddress: '203.0.113.9',
        });
      for (let i = 0; i < 30; i++) expect((await attempt(i)).statusCode).toBe(401);
      const blocked = await attempt(99);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await ipApp.close();
    }
  });

  it('logout deletes the session on the server', async () => {
    const client = await signUp(t.app);
    expect((await client.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const out = await client.request('POST', '/api/auth/logout');
    expect(out.statusCode).toBe(200);
    // The old cookie, replayed after logout, is dead.
    expect((await client.request('GET', '/api/auth/me')).statusCode).toBe(401);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where user_id = ${client.user.id}`,
    );
    expect((rows as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('extends the session (sliding expiry) once a day has passed', async () => {
    const client = await signUp(t.app);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() + interval '20 days' where user_id = ${client.user.id}`,
    );
    const response = await client.request('GET', '/api/auth/me');
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'steep_session')?.maxAge).toBe(30 * 24 * 60 * 60);
    const rows = await t.database.db.execute(
      sql`select (expires_at > now() + interval '29 days') as extended from sessions where user_id = ${client.user.id}`,
    );
    expect((rows as { rows: Array<{ extended: boolean }> }).rows[0]?.extended).toBe(true);
  });

  it('refuses an expired session', async () => {
    const client = await signUp(t.app);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${client.user.id}`,
    );
    expect((await client.request('GET', '/api/auth/me')).statusCode).toBe(401);
  });
});

describe('guards', () => {
  it('answers 401 without a session, and with a forged cookie', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'steep_session=abc' } });
    expect(forged.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription-status/x' })).statusCode).toBe(401);
  });

  it("refuses another user's id in the path (403) and serves her own", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await a.request('GET', `/api/subscription-status/${b.user.id}`)).statusCode).toBe(403);
    expect((await a.request('POST', `/api/grant-test-subscription/${b.user.id}`)).statusCode).toBe(403);
    const own = await a.request('GET', `/api/subscription-status/${a.user.id}`);
    expect(own.json()).toEqual({ hasActiveSubscription: false });
  });

  it.each(['userId', 'senderId', 'reporterId', 'blockerId', 'creatorId'])(
    "never acts for another member named in an undeclared body field %s (the route's declared access decides)",
    async (field) => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      // The route is `{ self: 'params.userId' }`: a body field it does not declare is dropped, never obeyed.
      const response = await a.request('POST', `/api/grant-test-subscription/${a.user.id}`, { [field]: b.user.id });
      expect(response.statusCode).toBe(200);
      expect((await b.request('GET', `/api/subscription-status/${b.user.id}`)).json().hasActiveSubscription).toBe(
        false,
      );
      expect((await a.request('POST', `/api/grant-test-subscription/${b.user.id}`)).statusCode).toBe(403);
    },
  );

  it('refuses a state-changing request from a foreign Origin and allows same-origin and no Origin', async () => {
    const body = newUserBody();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { origin: 'https://evil.example', host: 'steep.test' },
    });
    expect(foreign.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { origin: 'http://steep.test', host: 'steep.test' },
    });
    expect(same.statusCode).toBe(201);
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: newUserBody() });
    expect(noOrigin.statusCode).toBe(201);
  });

  it('allows origins listed in ALLOWED_ORIGINS', async () => {
    const other = await createTestApp({ ALLOWED_ORIGINS: 'https://app.steep.example' });
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newUserBody(),
        headers: { origin: 'https://app.steep.example', host: 'api.steep.example' },
      });
      expect(response.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('malformed input', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers wrong types with field errors', async () => {
    const response = await register({ ...newUserBody(), interests: 'Yoga', age: '30' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['interests', 'age']));
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const client = await signUp(t.app);
    const response = await client.request('GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('subscription', () => {
  it('refuses the free test grant when TEST_SUBSCRIPTIONS is off (the production default)', async () => {
    const production = await createTestApp({ TEST_SUBSCRIPTIONS: 'false' });
    try {
      const a = await signUp(production.app);
      expect((await a.request('POST', `/api/grant-test-subscription/${a.user.id}`)).statusCode).toBe(404);
      expect((await a.request('GET', `/api/subscription-status/${a.user.id}`)).json()).toEqual({
        hasActiveSubscription: false,
      });
    } finally {
      await production.close();
    }
  });

  it('grants the demo subscription to oneself', async () => {
    const a = await signUp(t.app);
    const granted = await a.request('POST', `/api/grant-test-subscription/${a.user.id}`);
    expect(granted.json()).toEqual({ hasActiveSubscription: true });
    expect((await a.request('GET', `/api/subscription-status/${a.user.id}`)).json()).toEqual({
      hasActiveSubscription: true,
    });
    expect((await a.request('GET', '/api/auth/me')).json().hasActiveSubscription).toBe(true);
  });
});

describe('the signed-in user (/me) after changes', () => {
  it('reflects every change made after it was first read (embedded mode caches it)', async () => {
    const a = await signUp(t.app);
    const me = async () => (await a.request('GET', '/api/auth/me')).json();
    expect(await me()).toMatchObject({ hasActiveSubscription: false, ghostMode: false });
    await a.request('POST', `/api/grant-test-subscription/${a.user.id}`);
    expect((await me()).hasActiveSubscription).toBe(true);
    expect(
      (await a.request('PUT', `/api/users/${a.user.id}`, { bio: 'Changed after the first read' })).statusCode,
    ).toBe(200);
    expect((await me()).bio).toBe('Changed after the first read');
    expect((await a.request('POST', `/api/users/${a.user.id}/ghost-mode`, { ghostMode: true })).statusCode).toBe(200);
    expect((await me()).ghostMode).toBe(true);
  });

  it('forgets a session at logout even after it was read many times', async () => {
    const a = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await a.request('GET', '/api/auth/me')).statusCode).toBe(200);
    await a.request('POST', '/api/auth/logout');
    expect((await a.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await a.request('GET', `/api/subscription-status/${a.user.id}`)).statusCode).toBe(401);
  });
});

describe('health', () => {
  it('reports liveness and readiness without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ok' });
  });
});
