import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationCoordinates } from '../../contract/locations';
import { createSession, insertUser, SESSION_COOKIE } from '../core';
import { messages } from '../test/tables';
import { openBareSocket, openSteepSocket, runChatLoad, startBareRelay, type LoadSocket } from '../test/chat-load';
import { createMatch } from '../test/matches';
import { useSocketTestApp, wsUrl } from './test-socket';

/**
 * The collapse guard: a short chat load on one instance — PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set — against a bare `ws` relay measured in the same run. It is a regression
 * guard with wide margins for a loaded CI machine, not the benchmark (`npm run bench` is): it fails
 * when chat stops keeping up (the benchmark's collapse delivered 53 % of messages, p99 2.8 s, and
 * 0 × a raw INSERT loop in its max phase), not when it is merely slower than the targets.
 */
const USERS = 100;
const STEADY_SECONDS = 6;
/** 100 members at 1 message a second each: 100 messages a second, spread evenly. */
const STEADY_RATE = 1;
const MAX_SECONDS = 2;
const DELIVERED_WITHIN_MS = 1_000;
const MIN_DELIVERED_SHARE = 0.99;
/**
 * Earlier messages in every conversation, all from one member (as a long unanswered thread, or the
 * benchmark's raw-INSERT phases, leave them): work per message that grows with her history shows.
 */
const HISTORY = 300;
/** Max-phase messages a second as a share of the bare relay's. Healthy: see docs/performance.md. */
const MIN_THROUGHPUT_VS_RELAY = 0.15;

const s = useSocketTestApp();

interface Member {
  id: string;
  cookie: string;
}

let members: Member[];
let matchIds: string[];

beforeAll(async () => {
  const { db } = s.t.database;
  const place = locationCoordinates('Portland, Oregon');
  if (!place) throw new Error('unknown location');
  const tag = Math.random().toString(36).slice(2, 8);
  members = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const row = await insertUser(db, {
        username: `load_${tag}_${i}`,
        passwordHash: 'not-a-real-hash',
        name: `Load ${i}`,
        age: 30,
        location: 'Portland, Oregon',
        latitude: place.lat,
        longitude: place.lng,
        genderIdentity: 'woman',
        sexualOrientation: 'lesbian',
      });
      if (!row) throw new Error('member not created');
      const { token } = await createSession(db, row.id);
      return { id: row.id, cookie: `${SESSION_COOKIE}=${token}` };
    }),
  );
  matchIds = await Promise.all(
    Array.from({ length: USERS / 2 }, (_, i) => createMatch(db, members[2 * i]!.id, members[2 * i + 1]!.id)),
  );
  await db.execute(sql`
    insert into ${messages} (${sql.raw('match_id, sender_id, content, created_at')})
    select pair.match_id, pair.sender_id, 'an earlier message', now() - interval '1 day' + n * interval '1 second'
    from unnest(${sql.param(matchIds)}::uuid[], ${sql.param(matchIds.map((_, i) => members[2 * i]!.id))}::uuid[])
      as pair(match_id, sender_id),
      generate_series(1, ${HISTORY}) as n`);
});

const pairsOf = (sockets: LoadSocket[]) =>
  matchIds.map((matchId, i) => ({ a: sockets[2 * i]!, b: sockets[2 * i + 1]!, matchId }));

const closeAll = (sockets: LoadSocket[]) => {
  for (const socket of sockets) socket.ws.terminate();
};

describe('chat under load, one instance (the collapse guard)', () => {
  let relay: Awaited<ReturnType<typeof startBareRelay>>;
  let relayRate = 0;

  beforeAll(async () => {
    relay = await startBareRelay();
    const sockets = await Promise.all(members.map((m) => openBareSocket(relay.url, m.id)));
    try {
      const result = await runChatLoad({
        pairs: pairsOf(sockets),
        protocol: 'bare',
        mode: 'max',
        seconds: MAX_SECONDS,
        withinMs: DELIVERED_WITHIN_MS,
      });
      relayRate = result.messagesPerSecond;
    } finally {
      closeAll(sockets);
    }
  });
  afterAll(() => relay.close());

  it(`delivers ≥ ${MIN_DELIVERED_SHARE * 100} % of messages within ${DELIVERED_WITHIN_MS} ms at ${USERS * STEADY_RATE} messages a second, and keeps ≥ ${MIN_THROUGHPUT_VS_RELAY} × a bare relay's throughput`, async () => {
    const sockets = await Promise.all(members.map((m) => openSteepSocket(wsUrl(s.baseUrl), m.id, m.cookie)));
    try {
      const pairs = pairsOf(sockets);
      // One round first: each conversation's first message pays for lookups a running server has cached.
      await runChatLoad({ pairs, protocol: 'steep', mode: 'steady', seconds: 1, perSecond: 1, withinMs: 5_000 });
      const steady = await runChatLoad({
        pairs,
        protocol: 'steep',
        mode: 'steady',
        seconds: STEADY_SECONDS,
        perSecond: STEADY_RATE,
        withinMs: DELIVERED_WITHIN_MS,
      });
      const max = await runChatLoad({
        pairs,
        protocol: 'steep',
        mode: 'max',
        seconds: MAX_SECONDS,
        withinMs: DELIVERED_WITHIN_MS,
      });
      const report = {
        database: s.t.database.kind,
        steady: { sent: steady.sent, delivered: steady.delivered, within: steady.deliveredWithin, p99Ms: steady.p99Ms },
        maxPerSecond: Math.round(max.messagesPerSecond),
        relayPerSecond: Math.round(relayRate),
        ratio: Number((max.messagesPerSecond / relayRate).toFixed(3)),
      };
      // What the guard measured, for the CI log (the margins are wide; the trend is worth reading).
      console.info('chat collapse guard', JSON.stringify(report));
      expect(steady.errors).toEqual([]);
      expect(max.errors).toEqual([]);
      expect(steady.sent).toBeGreaterThan(USERS * STEADY_RATE * STEADY_SECONDS * 0.9);
      expect(steady.deliveredWithin / steady.sent).toBeGreaterThanOrEqual(MIN_DELIVERED_SHARE);
      expect(max.messagesPerSecond / relayRate).toBeGreaterThanOrEqual(MIN_THROUGHPUT_VS_RELAY);
    } finally {
      closeAll(sockets);
    }
  }, 60_000);
});
