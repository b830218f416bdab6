import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accessLevel, allRouteDeclarations, type RouteDeclaration } from '../../contract/api';
import { setSuspendedUntil, updateUser } from '../core';
import { openSocket } from '../realtime/test-socket';
import { createTestApp, signUp, type Client, type TestApp } from '../test/harness';
import { route } from './route';

/**
 * Who may call a route is its declaration's `access`, read from the route that
 * matched. Every declared route is called by a visitor, a member, a suspended member and a moderator,
 * by its plain path and by percent-encoded spellings of it (the router decodes them to the same
 * route; a guard reading the URL would not), and each gets exactly what the declaration says.
 */

let t: TestApp;
let member: Client;
let suspended: Client;
let moderator: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  [member, suspended, moderator, other] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  // Premium for everyone, so a Premium gate in front of a route cannot hide what its access does.
  for (const client of [member, suspended, moderator, other]) {
    await updateUser(t.database.db, t.context.caches, client.user.id, {
      premiumUntil: new Date(Date.now() + 86_400_000),
    });
  }
  await updateUser(t.database.db, t.context.caches, moderator.user.id, { role: 'moderator' });
  // Set through core so the cached member row is evicted, as a moderator's suspension does; her cookie is kept
  // to prove that a session which outlived the suspension is refused anyway.
  await setSuspendedUntil(t.database.db, t.context.caches, suspended.user.id, new Date(Date.now() + 86_400_000));
});
afterAll(() => t.close());

/** Percent-encodes letter `index` of a segment (from its end when negative) with lower- or upper-case hex. */
function encodeLetter(segment: string, index: number, upper: boolean): string {
  const at = index < 0 ? segment.length + index : index;
  const letters = [...segment];
  const letter = letters[at];
  if (!letter || !/[a-z]/i.test(letter)) return segment;
  const hex = letter.charCodeAt(0).toString(16);
  letters[at] = `%${upper ? hex.toUpperCase() : hex.toLowerCase()}`;
  return letters.join('');
}

/**
 * The plain path and three encoded spellings: the first letter of every static segment after /api
 * in lower-case hex (`/api/%6doderation/reports`), in upper-case hex (`%6D`), and the last letter
 * in mixed case across segments.
 */
function spellings(declaration: RouteDeclaration, fill: (name: string) => string): string[] {
  const segments = declaration.path.split('/').slice(2); // ['', 'api', ...rest]
  const build = (encode: (segment: string, i: number) => string) =>
    '/api/' +
    segments
      .map((segment, i) => (segment.startsWith(':') ? encodeURIComponent(fill(segment.slice(1))) : encode(segment, i)))
      .join('/');
  return [
    build((s) => s),
    build((s) => encodeLetter(s, 0, false)),
    build((s) => encodeLetter(s, 0, true)),
    build((s, i) => encodeLetter(s, -1, i % 2 === 0)),
  ];
}

const selfParam = (d: RouteDeclaration) =>
  typeof d.access === 'object' && d.access.self.startsWith('params.') ? d.access.self.slice(7) : undefined;
const selfBodyField = (d: RouteDeclaration) =>
  typeof d.access === 'object' && d.access.self.startsWith('body.') ? d.access.self.slice(5) : undefined;

/** Each :param filled with the caller's own id where the route wants hers, else with `id`. */
const paramsFor = (d: RouteDeclaration, own: string, id: string) => (name: string) =>
  selfParam(d) === name ? own : id;

async function call(client: Client | undefined, method: string, url: string, payload: unknown = {}) {
  const body = method === 'GET' || method === 'DELETE' ? (payload === undefined ? undefined : payload) : payload;
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    ...(body === undefined || method === 'GET' ? {} : { payload: body as object }),
    headers: client ? { cookie: client.cookie } : {},
  });
  let code: string | undefined;
  let unmatched = false;
  try {
    const body = response.json<{ code?: string; message?: string }>();
    code = body.code;
    // The not-found handler's answer: no route matched this spelling.
    unmatched = body.message?.startsWith('No route for') === true;
  } catch {
    code = undefined;
  }
  return {
    status: response.statusCode,
    code,
    unmatched,
    line: `${method} ${url} → ${response.statusCode} ${code ?? ''}`,
  };
}

const declarations = allRouteDeclarations();

describe('route() and the declared access', () => {
  it('refuses to register a route that declares no access', () => {
    const app = Fastify();
    const undeclared = {
      method: 'GET',
      path: '/api/undeclared',
      summary: 'A route someone forgot to declare access for',
      response: z.object({ ok: z.boolean() }),
    } as unknown as RouteDeclaration;
    expect(() => route(app, undeclared, async () => ({ ok: true }))).toThrow(/declares no access/);
  });

  it('every declared route names one of the four access levels', () => {
    expect(declarations.length).toBeGreaterThan(100);
    for (const d of declarations) {
      expect(['public', 'member', 'moderator', 'self'], `${d.method} ${d.path}`).toContain(accessLevel(d.access));
    }
  });
});

describe('every declared route, by plain and percent-encoded paths', () => {
  it('answers a visitor 401 on every route that is not public, and never with her data', async () => {
    const wrong: string[] = [];
    for (const d of declarations.filter((d) => d.access !== 'public')) {
      for (const url of spellings(d, () => randomUUID())) {
        const r = await call(undefined, d.method, url);
        if (r.status !== 401 || r.code !== 'UNAUTHENTICATED') wrong.push(r.line);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets a visitor reach every public route (never 401 or 403), the same by every spelling', async () => {
    const wrong: string[] = [];
    for (const d of declarations.filter((d) => d.access === 'public')) {
      const [plain, ...encoded] = await Promise.all(
        spellings(d, () => randomUUID()).map((url) => call(undefined, d.method, url)),
      );
      for (const r of [plain, ...encoded]) {
        if (!plain || r?.status === 401 || r?.status === 403 || r?.status !== plain.status || r.unmatched)
          wrong.push(r?.line ?? d.path);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a suspended member 403 ACCOUNT_SUSPENDED on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const d of declarations.filter((d) => d.access !== 'public')) {
      for (const url of spellings(d, paramsFor(d, suspended.user.id, randomUUID()))) {
        const r = await call(suspended, d.method, url);
        if (r.status !== 403 || r.code !== 'ACCOUNT_SUSPENDED') wrong.push(r.line);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers a member 403 on every moderator route, by every spelling (/api/%6doderation/reports)', async () => {
    const moderatorRoutes = declarations.filter((d) => d.access === 'moderator');
    expect(moderatorRoutes.map((d) => d.path)).toContain('/api/moderation/reports');
    const wrong: string[] = [];
    for (const d of moderatorRoutes) {
      for (const url of spellings(d, () => randomUUID())) {
        const r = await call(member, d.method, url);
        if (r.status !== 403 || r.code !== 'FORBIDDEN') wrong.push(r.line);
      }
    }
    expect(wrong).toEqual([]);
    // The review's exact probes.
    for (const url of ['/api/%6Doderation/reports', '/api/moder%61tion/audit', '/api/%6doderation/reports']) {
      expect((await call(member, 'GET', url)).status).toBe(403);
      expect((await call(moderator, 'GET', url)).status).toBe(200);
    }
  });

  it('lets a moderator through every moderator route (never 401 or 403)', async () => {
    const wrong: string[] = [];
    for (const d of declarations.filter((d) => d.access === 'moderator')) {
      for (const url of spellings(d, () => randomUUID())) {
        const r = await call(moderator, d.method, url);
        if (r.status === 401 || r.status === 403) wrong.push(r.line);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a member 403 on every self route given another member's id, in the path or the body", async () => {
    const wrong: string[] = [];
    for (const d of declarations.filter((d) => accessLevel(d.access) === 'self')) {
      const field = selfBodyField(d);
      const fill = (name: string) => (selfParam(d) === name ? other.user.id : randomUUID());
      for (const url of spellings(d, fill)) {
        const r = await call(member, d.method, url, field ? { [field]: other.user.id } : {});
        if (r.status !== 403 || r.code !== 'FORBIDDEN') wrong.push(r.line);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets a member through member routes and her own self routes (never 401 or FORBIDDEN)', async () => {
    const wrong: string[] = [];
    // Logout ends the session it is called with: checked below with sessions of its own.
    const isLogout = (d: RouteDeclaration) => d.path === '/api/auth/logout';
    const allowed = declarations.filter(
      (d) => (d.access === 'member' || accessLevel(d.access) === 'self') && !isLogout(d),
    );
    for (const d of allowed) {
      for (const url of spellings(d, paramsFor(d, member.user.id, randomUUID()))) {
        const field = selfBodyField(d);
        const r = await call(member, d.method, url, field ? { [field]: member.user.id } : {});
        if (r.status === 401 || r.code === 'FORBIDDEN' || r.code === 'ACCOUNT_SUSPENDED') wrong.push(r.line);
      }
    }
    const logout = declarations.find(isLogout);
    if (logout) {
      for (const url of spellings(logout, () => randomUUID())) {
        const r = await call(await signUp(t.app), logout.method, url);
        if (r.status !== 200) wrong.push(r.line);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('the OpenAPI document states each operation’s access', () => {
  it('gives every operation its security requirement and x-access', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security: unknown; 'x-access': unknown }>>;
    }>();
    for (const d of declarations) {
      const operation = doc.paths[d.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[d.method.toLowerCase()];
      expect(operation, `${d.method} ${d.path}`).toBeDefined();
      const expected =
        d.access === 'public' ? [] : d.access === 'moderator' ? [{ session: ['moderator'] }] : [{ session: [] }];
      expect(operation?.security, `${d.method} ${d.path}`).toEqual(expected);
      expect(operation?.['x-access'], `${d.method} ${d.path}`).toEqual(d.access);
    }
  });
});

describe('routes outside defineRoute decide nothing from the URL', () => {
  let listening: Promise<string> | undefined;
  const address = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

  it('the socket refuses a visitor and a suspended member, by plain and encoded paths', async () => {
    const url = await address();
    const refused = (cookie: string | undefined) =>
      openSocket(url, cookie).then(
        async (socket) => {
          await socket.close();
          return 'opened';
        },
        (error: unknown) => String(error),
      );
    expect(await refused(undefined)).toMatch(/401/);
    expect(await refused(suspended.cookie)).toMatch(/403/);
    expect(await refused(member.cookie)).toBe('opened');
    // An encoded spelling of /ws is the same route with the same check, never a way around it.
    for (const url of ['/%77s', '/%57s']) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, url).not.toBe(200);
    }
  });

  it('a keep-alive connection that changes its cookie is answered as the new cookie says, every time', async () => {
    // The guard keeps the last token each connection presented with its hash (guards.ts `tokenHashOf`).
    const url = await address();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const me = (cookie: string) =>
      new Promise<{ status: number; id?: string; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(`${url}/api/auth/me`, { agent, headers: { cookie } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              id: (JSON.parse(body) as { id?: string }).id,
              reused: req.reusedSocket,
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const answers = [
        await me(member.cookie),
        await me(other.cookie),
        await me('steep_session=forged-token'),
        await me(other.cookie),
        await me(member.cookie),
      ];
      expect(answers.map((a) => [a.status, a.id])).toEqual([
        [200, member.user.id],
        [200, other.user.id],
        [401, undefined],
        [200, other.user.id],
        [200, member.user.id],
      ]);
      // One connection carried them all (a refusal keeps the connection open).
      expect(answers.slice(1).every((a) => a.reused)).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('media files and the Stripe webhook carry no session-dependent access', async () => {
    // Media: public by design (unguessable keys), the same for a visitor and a member.
    const visitor = await call(undefined, 'GET', '/media/nothing-here.webp');
    const signedIn = await call(member, 'GET', '/media/nothing-here.webp');
    expect(visitor.status).toBe(signedIn.status);
    // The webhook is declared public and decided by its signature, not a cookie or a path.
    const webhook = declarations.find((d) => d.path === '/api/billing/webhook');
    expect(webhook?.access).toBe('public');
  });
});
