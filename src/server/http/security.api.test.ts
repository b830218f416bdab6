import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allRouteDeclarations } from '../../contract/api';
import { WS_CLOSE } from '../../contract/realtime';
import { CONTROL_CHARACTER_MESSAGE } from '../../contract/text';
import { HashSlots } from '../features/auth/password';
import { openSocket } from '../realtime/test-socket';
import { clientFor, createTestApp, sessionCookie, signUp, type Client, type TestApp } from '../test/harness';
import { setProfile } from '../test/members';
import { newUserBody } from '../test/factories';
import { buildApp } from '../app';
import { classifyDatabaseError } from './errors';
import { createLifecycle } from './lifecycle';
import { registeredApiRoutes, type RegisteredRoute } from './route';
import { USER_LIMITS, type LimitBucket } from './rate-limit';

/**
 * The black-box review's probes, as tests. Routes and their fields are read from what the
 * app registered (every /api route with its params, query and body schemas), never listed by hand,
 * so a route added later is probed too.
 */

type AnySchema = z.ZodType & { def: { type: string } & Record<string, unknown> };

/** Unwraps optional/nullable/default/pipe/catch down to the schema that decides the type. */
function core(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = current.def as Record<string, unknown> & { type: string };
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
      current = def.innerType as AnySchema;
    } else if (def.type === 'pipe') {
      current = def.in as AnySchema;
    } else {
      return current;
    }
  }
  return current;
}

/** Top-level fields of an object schema: name and kind (the fuzz varies them one at a time). */
function fieldsOf(schema: unknown): Array<{ name: string; kind: 'string' | 'strings' | 'other' }> {
  if (!schema) return [];
  const object = core(schema as AnySchema);
  if (object.def.type !== 'object') return [];
  const shape = (object.def as unknown as { shape: Record<string, AnySchema> }).shape;
  return Object.entries(shape).map(([name, field]) => {
    const inner = core(field);
    if (inner.def.type === 'string') return { name, kind: 'string' as const };
    if (inner.def.type === 'array' && core(inner.def.element as AnySchema).def.type === 'string') {
      return { name, kind: 'strings' as const };
    }
    return { name, kind: 'other' as const };
  });
}

/** Routes whose requests would end the test's own session or need multipart. */
const SKIP = new Set(['POST /api/auth/logout']);

let t: TestApp;
let ana: Client;
let routes: RegisteredRoute[];

beforeAll(async () => {
  t = await createTestApp();
  ana = await signUp(t.app);
  await passGates(t, ana);
  routes = registeredApiRoutes(t.app).filter((r) => !SKIP.has(`${r.method} ${r.url}`));
});
afterAll(() => t.close());

/** A URL for the route with each :param filled: her own id where it must be hers, else `fill(name)`. */
function urlFor(route: RegisteredRoute, actor: Client, fill: (name: string) => string = () => randomUUID()): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const access = route.config.declaration?.access;
    const own = typeof access === 'object' && access.self === `params.${name}`;
    return encodeURIComponent(own ? actor.user.id : fill(name));
  });
}

const NUL = 'a\u0000b';
const ACTOR_FIELDS = new Set(['userId', 'senderId', 'reporterId', 'blockerId', 'creatorId']);

/** A member signed up from her own address (the per-address sign-up limit is real in some apps here). */
let nextAddress = 1;
/**
 * Premium and moderator, set in the database (not through a budgeted request), so the probes reach the
 * validation and budgets behind the Premium and moderator gates instead of stopping at a 403.
 */
async function passGates(app: TestApp, client: Client): Promise<void> {
  await setProfile(app, client, { role: 'moderator', premiumUntil: new Date(Date.now() + 86_400_000) });
}

async function memberOf(app: FastifyInstance): Promise<Client> {
  const address = `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  nextAddress += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: newUserBody(),
    remoteAddress: address,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed ${response.statusCode}: ${response.body}`);
  return clientFor(app, response.json(), sessionCookie(response));
}

describe('control characters (U+0000 and other C0) in every text field of every route', () => {
  it('finds the routes and their text fields', () => {
    const textFields = routes.flatMap((r) => fieldsOf(r.schema.body).filter((f) => f.kind !== 'other'));
    expect(routes.length).toBeGreaterThan(25);
    expect(textFields.length).toBeGreaterThan(15);
    // Every declared route is registered and probed (events, badges, notices, … as they are added).
    const probed = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const declared = allRouteDeclarations().map((d) => `${d.method} ${d.path}`);
    expect(declared.filter((key) => !probed.has(key) && !SKIP.has(key))).toEqual([]);
    expect(routes.filter((r) => !r.declared).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const prefix of ['/api/events', '/api/badges', '/api/notifications/notices']) {
      expect(
        routes.some((r) => r.url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('refuses NUL in each body text field: 400 naming the field where the body is otherwise whole, never stored', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const field of fieldsOf(route.schema.body)) {
        if (field.kind === 'other') continue;
        const value = field.kind === 'string' ? NUL : [NUL];
        const response = await ana.request(route.method, urlFor(route, ana), { [field.name]: value });
        const errors = response.json<{ errors?: Array<{ path: string }> }>().errors ?? [];
        const named = errors.some((e) => e.path === field.name || e.path.startsWith(`${field.name}.`));
        // An actor field naming anyone but her is refused by the ownership guard first (403); a body the
        // probe leaves incomplete may be refused for its other fields first, or by the database's own
        // check (400 'cannot be stored'), or by a password check (403): refused all the same, never stored.
        const actorRefused = ACTOR_FIELDS.has(field.name) && response.statusCode === 403;
        const refusedOtherwise = [400, 403, 404].includes(response.statusCode);
        if (!actorRefused && !refusedOtherwise && (response.statusCode !== 400 || !named)) {
          failures.push(`${route.method} ${route.url} ${field.name}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses other C0 controls but keeps tab and newline in free text', async () => {
    const bell = await ana.request('PUT', `/api/users/${ana.user.id}`, { bio: 'ring\u0007ring' });
    expect(bell.statusCode).toBe(400);
    expect(bell.json().errors).toEqual([{ path: 'bio', message: CONTROL_CHARACTER_MESSAGE }]);
    const lines = await ana.request('PUT', `/api/users/${ana.user.id}`, { bio: 'line one\n\tline two' });
    expect(lines.statusCode).toBe(200);
    expect(lines.json().bio).toBe('line one\n\tline two');
  });

  it('refuses NUL at sign-up before any hashing, and in a socket message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newUserBody({ name: NUL, bio: NUL }),
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['bio', 'name']);
  });

  it('maps PostgreSQL "cannot store this text" errors to 400 and connection loss to 503', () => {
    const wrapped = (code: string) => ({ message: 'Failed query', cause: { code } });
    expect(classifyDatabaseError(wrapped('22021'))?.status).toBe(400);
    expect(classifyDatabaseError(wrapped('22P05'))?.status).toBe(400);
    expect(classifyDatabaseError(wrapped('57P01'))?.status).toBe(503);
    expect(classifyDatabaseError(wrapped('08006'))?.status).toBe(503);
    expect(classifyDatabaseError({ cause: { code: 'ECONNREFUSED' } })?.status).toBe(503);
    expect(classifyDatabaseError(new Error('a bug'))).toBeUndefined();
  });
});

describe('fuzz: every field of every route with wrong types, NUL, long strings, huge numbers and unicode', () => {
  const VALUES: unknown[] = [
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    2 ** 64,
    1.5,
    '',
    NUL,
    'x'.repeat(10_000),
    '😀🏳️‍🌈 مرحبا 𝕳𝖊𝖑𝖑𝖔',
    '\ud800',
    '\u202e\u200b',
    [],
    [NUL],
    {},
    { $ne: 1 },
    '../../etc/passwd',
    "' or 1=1 --",
  ];
  const BODIES: unknown[] = [null, [], 'text', 42, {}, { __proto__: { admin: true } }];
  const PARAM_VALUES = [NUL, 'x'.repeat(10_000), '😀', '-1', '1e308', '%00', '..'];

  it('answers every request below 500', async () => {
    const serverErrors: string[] = [];
    let requests = 0;
    const check = async (method: string, url: string, payload?: unknown) => {
      requests += 1;
      const response = await ana.request(method, url, payload);
      if (response.statusCode >= 500)
        serverErrors.push(
          `${method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 80)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
    };
    for (const route of routes) {
      const url = urlFor(route, ana);
      for (const body of BODIES) await check(route.method, url, body);
      for (const field of fieldsOf(route.schema.body)) {
        for (const value of VALUES) await check(route.method, url, { [field.name]: value });
      }
      for (const field of fieldsOf(route.schema.querystring)) {
        for (const value of VALUES.filter((v) => (typeof v === 'string' && v !== '\ud800') || typeof v === 'number')) {
          await check(route.method, `${url}?${field.name}=${encodeURIComponent(String(value))}`);
        }
      }
      for (const value of PARAM_VALUES) {
        await check(
          route.method,
          urlFor(route, ana, () => value),
        );
        // A foreign id where her own is expected: refused, never a crash.
        if (route.url.includes(':'))
          await check(route.method, route.url.replace(/:([A-Za-z0-9_]+)/g, encodeURIComponent(value)));
      }
    }
    console.info(`fuzz: ${requests} requests over ${routes.length} routes, ${serverErrors.length} answered ≥ 500`);
    expect(requests).toBeGreaterThan(1000);
    expect(serverErrors).toEqual([]);
  }, 300_000);
});

describe('per-user write budgets (real sizes)', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => real.close());

  it('every write route takes from a budget and answers 429 with Retry-After when it is spent', async () => {
    const writes = registeredApiRoutes(real.app).filter(
      (r) =>
        !['GET', 'HEAD'].includes(r.method) &&
        r.config.declaration?.access !== 'public' &&
        r.config.declaration?.limit !== false,
    );
    expect(writes.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of writes) {
      const member = await memberOf(real.app);
      await passGates(real, member);
      const bucket: LimitBucket = route.config.declaration?.limit || 'writes';
      const { burst, perMinute } = USER_LIMITS[bucket];
      // The bucket refills while the loop runs (a slow route on a busy machine refills a lot), so the
      // allowance is the burst plus what refilled so far, plus a little slack.
      const started = performance.now();
      const refilled = () => ((performance.now() - started) / 60_000) * perMinute;
      let allowed = 0;
      let refused;
      while (!refused && allowed < burst + refilled() + 5) {
        const response = await member.request(route.method, urlFor(route, member), { nothing: true });
        if (response.statusCode === 429) refused = response;
        else allowed += 1;
      }
      // A route whose own product rule is stricter than the budget (one Profile Boost a day) says so first.
      if (refused?.json().code === 'LIMIT_REACHED') continue;
      if (
        !refused ||
        allowed < burst ||
        !(Number(refused.headers['retry-after']) > 0) ||
        refused.json().code !== 'RATE_LIMITED' ||
        // The toast shows the server's message: it says how long to wait.
        !/^You are doing that too often\. Please try again in \d+ (second|minute)s?\.$/.test(refused.json().message)
      ) {
        failures.push(
          `${route.method} ${route.url} (${bucket}): ${allowed} allowed, then ${refused?.statusCode} ${refused?.body}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('shares the message budget between HTTP and the socket: one budget per user, not per transport', async () => {
    await real.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(real.app.server.address() as AddressInfo).port}`;
    const sender = await memberOf(real.app);
    // The socket is open first, so the frame follows the HTTP 429 at once (the bucket refills ~1/s).
    const socket = await openSocket(baseUrl, sender.cookie);
    socket.send({ type: 'auth', userId: sender.user.id });
    await socket.next('connected');
    let status = 0;
    for (let i = 0; i < USER_LIMITS.messages.burst + 30 && status !== 429; i++) {
      status = (await sender.request('POST', '/api/messages', { matchId: randomUUID(), content: 'hi' })).statusCode;
    }
    expect(status).toBe(429);
    socket.send({ type: 'message', matchId: randomUUID(), content: 'hi', clientMessageId: 'c1' });
    const refused = await socket.next('error', (f) => f.clientMessageId === 'c1');
    expect(refused.code).toBe('RATE_LIMITED');
    await socket.close();
  });

  it('limits sign-ups and logins per client address', async () => {
    const from = (ip: string, url: string, payload: object) =>
      real.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    const signUps = [];
    for (let i = 0; i < 11; i++)
      signUps.push((await from('203.0.113.50', '/api/auth/register', newUserBody())).statusCode);
    expect(signUps.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(signUps[10]).toBe(429);
    const logins = [];
    for (let i = 0; i < 21; i++) {
      logins.push(
        (await from('203.0.113.51', '/api/auth/login', { username: `nobody${i}`, password: 'Nope_123' })).statusCode,
      );
    }
    expect(logins.at(-1)).toBe(429);

    // In the caller's language, the wait in its words; the code and Retry-After whatever the language.
    const refused = async (language?: string) => {
      const response = await real.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody', password: 'Nope_123' },
        remoteAddress: '203.0.113.51',
        headers: language ? { 'accept-language': language } : {},
      });
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json().code).toBe('RATE_LIMITED');
      return response.json<{ message: string }>().message;
    };
    expect(await refused()).toMatch(
      /^Too many attempts from your network\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect(await refused('es-MX,es;q=0.9')).toMatch(
      /^Demasiados intentos desde tu red\. Vuelve a intentarlo dentro de \d+ (segundo|minuto)s?\.$/,
    );
  });
});

describe('password hashing is bounded', () => {
  it('runs at most `limit` hashes at once, queues a few, and answers 503 with Retry-After beyond', async () => {
    const slots = new HashSlots(1, 1);
    let release!: () => void;
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = slots.run(async () => 'second');
    await expect(slots.run(async () => 'third')).rejects.toMatchObject({
      status: 503,
      details: { retryAfterSeconds: 2 },
    });
    release();
    await first;
    expect(await second).toBe('second');
  });
});

describe('security headers', () => {
  const expectShared = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  };
  /** Documents: the SPA's policy (its hashed bundle only, never inline script) and the feature policy. */
  const expectHeaders = (headers: Record<string, unknown>) => {
    expectShared(headers);
    expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(String(headers['permissions-policy'])).toContain('camera=()');
  };
  /** JSON answers of declared routes: nothing may load or run at all, and no document-only headers (decision 0025). */
  const expectApiHeaders = (headers: Record<string, unknown>) => {
    expectShared(headers);
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['permissions-policy']).toBeUndefined();
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
  };

  it('are on JSON answers and their errors, 404s and health', async () => {
    expectApiHeaders((await ana.request('GET', '/api/auth/me')).headers);
    expectApiHeaders((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).headers);
    expectApiHeaders((await ana.request('PUT', `/api/users/${ana.user.id}`, { displayName: 1 })).headers);
    expectHeaders((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers);
    expectHeaders((await t.app.inject({ method: 'GET', url: '/ready' })).headers);
  });

  it('are on media files', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c46' } })
      .png()
      .toBuffer();
    const boundary = 'x-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await ana.request('POST', `/api/users/${ana.user.id}/photos`, payload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(upload.statusCode).toBe(201);
    const url = upload.json().photos[0].url as string;
    const media = await ana.request('GET', url);
    expect(media.statusCode).toBe(200);
    expectHeaders(media.headers);
  });

  it('send HSTS only when the public address is https', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const https = await createTestApp({ PUBLIC_URL: 'https://steep.example' });
    try {
      const headers = (await https.app.inject({ method: 'GET', url: '/health' })).headers;
      expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const api = (await https.app.inject({ method: 'GET', url: '/api/auth/me' })).headers;
      expect(api['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
});

describe('CSRF: the full origin must match', () => {
  it('refuses another scheme or port on the same host, accepts the exact origin', async () => {
    const post = (origin: string) =>
      ana.request('PUT', `/api/users/${ana.user.id}/status`, { text: 'hello' }, { origin, host: 'localhost:3500' });
    expect((await post('https://localhost:3500')).statusCode).toBe(403);
    expect((await post('http://localhost:3501')).statusCode).toBe(403);
    expect((await post('http://localhost:3500')).statusCode).toBe(200);
  });
});

describe('sockets', () => {
  let capped: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    capped = await createTestApp({ SOCKETS_PER_USER: '3', SOCKETS_PER_IP: '5', SOCKETS_PER_INSTANCE: '100' });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(capped.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => capped.close());

  it('closes her oldest socket with 4008 when she opens one over the cap', async () => {
    const user = await signUp(capped.app);
    const sockets = [];
    for (let i = 0; i < 4; i++) sockets.push(await openSocket(baseUrl, user.cookie));
    expect((await sockets[0]!.closed).code).toBe(WS_CLOSE.tooManyConnections);
    for (const s of sockets.slice(1)) expect(s.ws.readyState).toBe(s.ws.OPEN);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('refuses upgrades past the per-address cap', async () => {
    const users = await Promise.all([1, 2, 3].map(() => signUp(capped.app)));
    const open = [];
    for (const user of users.slice(0, 2)) for (let i = 0; i < 2; i++) open.push(await openSocket(baseUrl, user.cookie));
    open.push(await openSocket(baseUrl, users[2]!.cookie));
    await expect(openSocket(baseUrl, users[2]!.cookie)).rejects.toThrow(/429/);
    await Promise.all(open.map((s) => s.close()));
  });

  it('refuses upgrades when the instance is full', async () => {
    const full = await createTestApp({ SOCKETS_PER_INSTANCE: '1' });
    try {
      await full.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(full.app.server.address() as AddressInfo).port}`;
      const user = await signUp(full.app);
      const first = await openSocket(url, user.cookie);
      await expect(openSocket(url, user.cookie)).rejects.toThrow(/503/);
      await first.close();
    } finally {
      await full.close();
    }
  });
});

describe('outages and shutdown', () => {
  it('drain: /ready answers 503, sockets are told to reconnect elsewhere (1012), requests are still served', async () => {
    const lifecycle = createLifecycle();
    const base = await createTestApp();
    const app: FastifyInstance = await buildApp({
      config: base.config,
      database: base.database,
      scryptLogN: 10,
      lifecycle,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const user = await signUp(app);
      expect((await app.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ok' });
      const socket = await openSocket(url, user.cookie);
      lifecycle.drain();
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      expect((await socket.closed).code).toBe(WS_CLOSE.serviceRestart);
      expect((await user.request('GET', '/api/auth/me')).statusCode).toBe(200);
      await expect(openSocket(url, user.cookie)).rejects.toThrow(/503/);
    } finally {
      await app.close();
      await base.close();
    }
  });

  it('/ready reports Redis trouble as degraded (still serving), not down', async () => {
    const base = await createTestApp();
    // Nothing listens on port 1: every command fails at once.
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    redis.on('error', () => {});
    const app = await buildApp({ config: base.config, database: base.database, scryptLogN: 10, redis });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'degraded', redis: 'unavailable' });
      // Writes keep working: the budgets fall back to this instance's own counts.
      const user = await signUp(app);
      expect((await user.request('PUT', `/api/users/${user.user.id}/status`, { text: 'still here' })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
      redis.disconnect();
      await base.close();
    }
  });
});
