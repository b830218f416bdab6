import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Message } from '../../contract/chat';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, type Database } from '../db/client';
import { createMatch } from '../test/matches';
import { signUp, type Client } from '../test/harness';
import { createLocalBackend, createRedisBackend, type RealtimeBackend } from './backend';
import { connect } from './test-socket';

/*
 * A reaction reaches the other member live, even when her socket is held by another
 * instance than the one that stored the reaction. Two instances in one process over one database,
 * joined by a bus: a shared in-process bus always, and Redis (what production runs) when
 * TEST_REDIS_URL names one. Ana's socket is on instance A, Bea reacts through instance B.
 */

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const quiet = { info: () => {}, warn: () => {} };

const buses: { name: string; backends: () => Promise<[RealtimeBackend, RealtimeBackend]> }[] = [
  {
    name: 'a shared in-process bus',
    backends: async () => {
      const shared = createLocalBackend();
      return [shared, shared];
    },
  },
  ...(TEST_REDIS_URL
    ? [
        {
          name: 'Redis',
          backends: async (): Promise<[RealtimeBackend, RealtimeBackend]> => [
            await createRedisBackend(TEST_REDIS_URL, quiet),
            await createRedisBackend(TEST_REDIS_URL, quiet),
          ],
        },
      ]
    : []),
];

describe.each(buses)('reaction frames across two instances joined by $name', ({ backends }) => {
  let database: Database;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  let realtime: RealtimeBackend[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-reactions-'));
    database = await openPglite({ snapshot: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: '1000',
    });
    realtime = await backends();
    for (const backend of realtime) {
      const app = await buildApp({ config, database, scryptLogN: 10, realtime: backend });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const backend of new Set(realtime)) await backend.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends each reaction change to both members, each with her own reactedByMe, and nothing for a no-op', async () => {
    const [appA, appB] = apps as [FastifyInstance, FastifyInstance];
    const [urlA, urlB] = urls as [string, string];
    const ana: Client = await signUp(appA);
    const bea: Client = await signUp(appB);
    const outsider: Client = await signUp(appA);
    const matchId = await createMatch(database.db, ana.user.id, bea.user.id);
    const anaSocket = await connect(urlA, ana.user, ana.cookie);
    const beaSocket = await connect(urlB, bea.user, bea.cookie);
    const outsiderSocket = await connect(urlA, outsider.user, outsider.cookie);

    const sent = await ana.request('POST', '/api/messages', { matchId, content: 'Matcha on Sunday?' });
    const message = sent.json<Message>();
    await beaSocket.next('message', (f) => f.messageId === message.id);

    // Bea reacts on instance B; Ana hears it on instance A without reloading anything.
    const added = await bea.request('POST', `/api/messages/${message.id}/reactions`, { emoji: '🔥' });
    expect(added.statusCode).toBe(201);
    const toAna = await anaSocket.next('reactions', (f) => f.messageId === message.id, 5_000);
    expect(toAna).toEqual({
      type: 'reactions',
      matchId,
      messageId: message.id,
      reactions: [{ emoji: '🔥', count: 1, userIds: [bea.user.id], reactedByMe: false }],
    });
    // Her own other devices hear it too, with reactedByMe from her side.
    const toBea = await beaSocket.next('reactions', (f) => f.messageId === message.id);
    expect(toBea.reactions).toEqual([{ emoji: '🔥', count: 1, userIds: [bea.user.id], reactedByMe: true }]);

    // Adding it again changes nothing, so no frame; removing it sends the empty groups.
    expect((await bea.request('POST', `/api/messages/${message.id}/reactions`, { emoji: '🔥' })).statusCode).toBe(200);
    const removed = await bea.request('DELETE', `/api/messages/${message.id}/reactions`, { emoji: '🔥' });
    expect(removed.statusCode).toBe(200);
    const cleared = await anaSocket.next(
      'reactions',
      (f) => f.messageId === message.id && f.reactions.length === 0,
      5_000,
    );
    expect(cleared.reactions).toEqual([]);
    expect(anaSocket.frames.filter((f) => f.type === 'reactions')).toHaveLength(2);

    // Ana's reaction through instance A reaches Bea on B.
    await ana.request('POST', `/api/messages/${message.id}/reactions`, { emoji: '❤️' });
    const fromAna = await beaSocket.next('reactions', (f) => f.reactions.some((g) => g.emoji === '❤️'), 5_000);
    expect(fromAna.reactions).toEqual([{ emoji: '❤️', count: 1, userIds: [ana.user.id], reactedByMe: false }]);

    // Someone outside the conversation can neither react nor hear anything. Her socket has been
    // open through all of the above; a message to her afterwards bounds the wait for stray frames.
    const foreign = await outsider.request('POST', `/api/messages/${message.id}/reactions`, { emoji: '😮' });
    expect(foreign.statusCode).toBe(404);
    const cleoMatch = await createMatch(database.db, outsider.user.id, ana.user.id);
    const marker = (await ana.request('POST', '/api/messages', { matchId: cleoMatch, content: 'hi' })).json<Message>();
    await outsiderSocket.next('message', (f) => f.messageId === marker.id, 5_000);
    expect(outsiderSocket.frames.some((f) => f.type === 'reactions')).toBe(false);

    await Promise.all([anaSocket.close(), beaSocket.close(), outsiderSocket.close()]);
  });
});
