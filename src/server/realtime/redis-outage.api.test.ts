import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect as tcpConnect, createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import type { Message, MessagePage } from '../../contract/chat';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, type Database } from '../db/client';
import { createMatch } from '../test/matches';
import { signUp, type Client } from '../test/harness';
import { createRedisBackend, type RealtimeBackend } from './backend';
import { connect, settled, type TestSocket } from './test-socket';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** A TCP relay in front of Redis that the test can cut and restore, like a network outage. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = tcpConnect(Number(this.target.port || 6379), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
  }
}

const quiet = { info: () => {}, warn: () => {} };

describe.runIf(TEST_REDIS_URL)('a Redis outage', () => {
  let database: Database;
  let dataDir: string;
  let proxy: CuttableProxy;
  const apps: FastifyInstance[] = [];
  const backends: RealtimeBackend[] = [];
  const urls: string[] = [];

  /** Two instances in one process over one database: A reaches Redis through the proxy, B directly. */
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-outage-'));
    database = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    proxy = new CuttableProxy(new URL(TEST_REDIS_URL as string));
    await proxy.start();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
    });
    for (const redisUrl of [`redis://127.0.0.1:${proxy.port}`, TEST_REDIS_URL as string]) {
      const backend = await createRedisBackend(redisUrl, quiet);
      const app = await buildApp({ config, database, scryptLogN: 10, realtime: backend });
      await app.listen({ port: 0, host: '127.0.0.1' });
      backends.push(backend);
      apps.push(app);
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const backend of backends) await backend.close();
    await proxy.cut();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no stored message, crashes nothing, and makes cut-off sockets reconnect and catch up', async () => {
    const [appA, appB] = apps as [FastifyInstance, FastifyInstance];
    const [urlA, urlB] = urls as [string, string];
    const ana: Client = await signUp(appA);
    const bea: Client = await signUp(appB);
    const matchId = await createMatch(database.db, ana.user.id, bea.user.id);
    let anaSocket: TestSocket = await connect(urlA, ana.user, ana.cookie);
    const beaSocket = await connect(urlB, bea.user, bea.cookie);

    await bea.request('POST', '/api/messages', { matchId, content: 'before the outage' });
    await anaSocket.next('message');

    await proxy.cut();
    // A knows it may miss what other instances publish (its row caches stop answering meanwhile).
    const busA = (backends[0] as RealtimeBackend).bus;
    await vi.waitFor(() => expect(busA.connected()).toBe(false), { timeout: 5_000, interval: 20 });
    // Writes keep working on both sides and reach the sockets of their own instance.
    const fromBea = await bea.request('POST', '/api/messages', { matchId, content: 'during the outage (B)' });
    expect(fromBea.statusCode).toBe(201);
    anaSocket.send({ type: 'message', matchId, content: 'during the outage (A)', clientMessageId: 'outage-a' });
    const echo = await anaSocket.next('message', (f) => f.message.clientMessageId === 'outage-a');
    expect(echo.message.content).toBe('during the outage (A)');
    // B's publish failed or is buffered by the cut: both apps have nothing left to do, and A's socket has
    // heard everything A wrote.
    await appB.events.drain();
    await settled(appA, [anaSocket]);
    expect(anaSocket.frames.some((f) => f.type === 'message' && f.message.content === 'during the outage (B)')).toBe(
      false,
    );

    // Redis comes back: A's sockets are told to reconnect, and catch up through the API.
    await proxy.start();
    expect((await anaSocket.closed).code).toBe(1012);
    // The gap is announced once A is subscribed again.
    expect(busA.connected()).toBe(true);
    anaSocket = await connect(urlA, ana.user, ana.cookie);
    const page = (await ana.request('GET', `/api/messages/${matchId}`)).json<MessagePage>();
    expect(page.messages.map((m) => m.content)).toEqual([
      'before the outage',
      'during the outage (B)',
      'during the outage (A)',
    ]);

    // And live delivery across instances works again.
    const after = (
      await bea.request('POST', '/api/messages', { matchId, content: 'after the outage' })
    ).json<Message>();
    expect((await anaSocket.next('message', (f) => f.messageId === after.id)).message.content).toBe('after the outage');
    expect(beaSocket.ws.readyState).toBe(beaSocket.ws.OPEN);
    await Promise.all([anaSocket.close(), beaSocket.close()]);
  });
});
