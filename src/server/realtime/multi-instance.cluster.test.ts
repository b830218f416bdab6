import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../contract/chat';
import type { SelfUser } from '../../contract/users';
import { openPostgres, type Database } from '../db/client';
import { messages } from '../test/tables';
import { createMatch } from '../test/matches';
import { newUserBody } from '../test/harness';
import { databaseUrl } from '../test/postgres';
import { connect, openSocket, type TestSocket } from './test-socket';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Instance {
  baseUrl: string;
  process: ChildProcess;
  dataDir: string;
  output: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A real server process, as production runs it. */
async function startInstance(databaseUrlForApp: string, redisUrl: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-instance-'));
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrlForApp,
      REDIS_URL: redisUrl,
      SEED: 'none',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      TEA_AUTHOR_KEY: 'cluster-test-tea-author-key-0123456789abcdef',
      // Sign-up's per-address budget (10 an hour) is counted in Redis, across every run of this suite
      // on the machine within the hour: a few re-runs would use it up.
      RATE_LIMIT_SCALE: '20',
    },
    // Its own process group, so npx, tsx and node all go when the group is killed.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const instance = { baseUrl: `http://127.0.0.1:${port}`, process: child, dataDir, output };
  // A poll with a deliberate 60 s timeout: ready, or the instance's own output in the failure.
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}: ${output.join('')}`);
      const ready = await fetch(`${instance.baseUrl}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) throw new Error(`instance did not get ready: ${output.join('')}`);
    },
    { timeout: 60_000, interval: 250 },
  );
  return instance;
}

async function stopInstance(instance: Instance): Promise<void> {
  const { process: child } = instance;
  if (child.exitCode === null && child.pid) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const killed = await vi
      .waitFor(
        () => {
          if (child.exitCode === null && child.signalCode === null) throw new Error('still running');
        },
        { timeout: 5_000, interval: 50 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!killed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
  }
  await rm(instance.dataDir, { recursive: true, force: true });
}

interface RemoteUser {
  user: SelfUser;
  cookie: string;
  request(method: string, url: string, body?: unknown): Promise<Response>;
}

async function signUpOn(instance: Instance, overrides: Record<string, unknown> = {}): Promise<RemoteUser> {
  const response = await fetch(`${instance.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newUserBody(overrides)),
  });
  if (response.status !== 201) throw new Error(`sign-up failed ${response.status}: ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    user: (await response.json()) as SelfUser,
    cookie,
    request: (method, url, body) =>
      fetch(`${instance.baseUrl}${url}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('two server processes on one PostgreSQL and Redis', () => {
  let databaseName: string;
  let database: Database;
  let a: Instance;
  let b: Instance;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const url = TEST_DATABASE_URL as string;
    databaseName = `steep_multi_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(url, `CREATE DATABASE ${databaseName}`);
    const appUrl = databaseUrl(url, databaseName);
    // Both boot at once against an empty database: the migration lock lets one migrate.
    [a, b] = await Promise.all([
      startInstance(appUrl, TEST_REDIS_URL as string),
      startInstance(appUrl, TEST_REDIS_URL as string),
    ]);
    database = await openPostgres(appUrl, { poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await database?.close();
    if (databaseName) await admin(TEST_DATABASE_URL as string, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }, 60_000);

  async function socketOn(instance: Instance, who: RemoteUser): Promise<TestSocket> {
    const socket = await connect(instance.baseUrl, who.user, who.cookie);
    sockets.push(socket);
    return socket;
  }

  it('delivers messages, typing, read receipts and presence between users on different instances', async () => {
    const ana = await signUpOn(a);
    const bea = await signUpOn(b);
    const matchId = await createMatch(database.db, ana.user.id, bea.user.id);
    const anaSocket = await socketOn(a, ana);
    const beaSocket = await socketOn(b, bea);

    // Presence crosses instances: Ana (on A) hears that Bea came online on B.
    expect(await anaSocket.next('online_status', (f) => f.userId === bea.user.id)).toMatchObject({ isOnline: true });

    // A socket message on A reaches B, after it was stored.
    const startedAt = performance.now();
    anaSocket.send({ type: 'message', matchId, content: 'Hi from instance A', clientMessageId: 'a-1' });
    const received = await beaSocket.next('message');
    const elapsed = performance.now() - startedAt;
    expect(received.message).toMatchObject({
      content: 'Hi from instance A',
      senderId: ana.user.id,
      clientMessageId: 'a-1',
    });
    expect(elapsed).toBeLessThan(2_000);
    const onB = (await (await bea.request('GET', `/api/messages/${matchId}`)).json()) as { messages: Message[] };
    expect(onB.messages.map((m) => m.id)).toEqual([received.messageId]);

    // HTTP on B reaches the socket on A; typing and a read receipt travel back.
    const reply = (await (
      await bea.request('POST', '/api/messages', { matchId, content: 'Hello from B' })
    ).json()) as Message;
    expect((await anaSocket.next('message', (f) => f.messageId === reply.id)).message.content).toBe('Hello from B');
    beaSocket.send({ type: 'typing', matchId });
    expect(await anaSocket.next('typing')).toEqual({ type: 'typing', matchId, userId: bea.user.id });
    beaSocket.send({ type: 'read_receipt', messageId: received.messageId });
    expect(await anaSocket.next('read_receipt')).toMatchObject({ messageId: received.messageId, matchId });
    // Typing goes only to the other member: Bea's own socket never hears it.
    // Ana heard the read receipt after the typing frame; Bea's own socket has heard all B wrote to it.
    await beaSocket.barrier();
    expect(beaSocket.frames.some((f) => f.type === 'typing')).toBe(false);

    // Bea leaves B: Ana on A hears she went offline.
    await beaSocket.close();
    expect(await anaSocket.next('online_status', (f) => f.userId === bea.user.id && !f.isOnline)).toBeDefined();
  });

  /** Messages stored in the match, counted in the database both instances share. */
  async function storedMessages(matchId: string): Promise<string[]> {
    const rows = await database.db
      .select({ content: messages.content })
      .from(messages)
      .where(eq(messages.matchId, matchId))
      .orderBy(messages.createdAt);
    return rows.map((r) => r.content);
  }

  it('a block on instance A stops a send on instance B at once, by HTTP and by socket', async () => {
    const ana = await signUpOn(a);
    const bea = await signUpOn(b);
    const matchId = await createMatch(database.db, ana.user.id, bea.user.id);
    const beaSocket = await socketOn(b, bea);
    // B remembers the pair: Bea has written there by HTTP and by socket.
    expect((await bea.request('POST', '/api/messages', { matchId, content: 'first' })).status).toBe(201);
    beaSocket.send({ type: 'message', matchId, content: 'second', clientMessageId: 'b-2' });
    expect((await beaSocket.next('message', (f) => f.message.clientMessageId === 'b-2')).message.content).toBe(
      'second',
    );

    expect((await ana.request('POST', '/api/blocks', { blockedUserId: bea.user.id })).status).toBe(201);
    // No wait for the bus: the very next send on B is refused.
    const refused = await bea.request('POST', '/api/messages', { matchId, content: 'after the block' });
    expect(refused.status).toBe(404);
    beaSocket.send({ type: 'message', matchId, content: 'after the block, by socket', clientMessageId: 'b-3' });
    expect(await beaSocket.next('error', (f) => f.clientMessageId === 'b-3')).toMatchObject({ code: 'NOT_FOUND' });
    expect(await storedMessages(matchId)).toEqual(['first', 'second']);
  });

  it('an unmatch on instance A stops a send on instance B at once', async () => {
    const ana = await signUpOn(a);
    const bea = await signUpOn(b);
    const matchId = await createMatch(database.db, ana.user.id, bea.user.id);
    expect((await bea.request('POST', '/api/messages', { matchId, content: 'hello' })).status).toBe(201);

    expect((await ana.request('DELETE', `/api/matches/${matchId}`)).status).toBe(200);
    expect((await bea.request('POST', '/api/messages', { matchId, content: 'still there?' })).status).toBe(404);
    expect(await storedMessages(matchId)).toEqual([]);
  });

  it('what one instance writes, the other stops serving from its caches: her row, a logout, a password change', async () => {
    const body = newUserBody();
    const response = await fetch(`${a.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    const onA = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const login = await fetch(`${b.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: body.username, password: body.password }),
    });
    expect(login.status).toBe(200);
    const onB = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = (instance: Instance, cookie: string) =>
      fetch(`${instance.baseUrl}/api/auth/me`, { headers: { cookie } });
    const userId = ((await (await me(a, onA)).json()) as SelfUser).id;
    // Both instances now hold her session and her row in memory.
    for (const [instance, cookie] of [
      [a, onA],
      [b, onB],
      [a, onB],
      [b, onA],
    ] as const) {
      expect((await me(instance, cookie)).status).toBe(200);
    }

    // A write's response leaves once the other instance has its evictions: each is seen there at once.
    const edited = await fetch(`${a.baseUrl}/api/users/${userId}`, {
      method: 'PUT',
      headers: { cookie: onA, 'content-type': 'application/json' },
      body: JSON.stringify({ bio: 'Written on instance A' }),
    });
    expect(edited.status).toBe(200);
    expect(((await (await me(b, onB)).json()) as SelfUser).bio).toBe('Written on instance A');

    // A password change on B ends her other session (the one she signed up with) on A too.
    const changed = await fetch(`${b.baseUrl}/api/account/password`, {
      method: 'POST',
      headers: { cookie: onB, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: body.password, newPassword: 'Brand_new_2_x' }),
    });
    expect(changed.status).toBe(200);
    expect((await me(a, onA)).status).toBe(401);

    // Logging out on A ends the session B had cached.
    expect((await fetch(`${a.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: onB } })).status).toBe(
      200,
    );
    expect((await me(b, onB)).status).toBe(401);
  });

  it('closes a socket on one instance when its session logs out through the other', async () => {
    const cleo = await signUpOn(a);
    const socketOnB = await socketOn(b, cleo);
    const logout = await fetch(`${a.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: cleo.cookie } });
    expect(logout.status).toBe(200);
    expect(await socketOnB.closed).toMatchObject({ code: 1008, reason: 'Session ended' });
    await expect(openSocket(b.baseUrl, cleo.cookie)).rejects.toMatchObject({ status: 401 });
  });
});
