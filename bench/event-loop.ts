/**
 * Event-loop delay of the server while the embedded database answers discovery requests.
 *
 *   npx tsx bench/event-loop.ts
 *
 * Options (env): BENCH_EVENT_LOOP_USERS (members around New York City, default 20000),
 * BENCH_EVENT_LOOP_SECONDS (load duration, default 10), BENCH_EVENT_LOOP_CONCURRENCY (requests in
 * flight, default 2).
 *
 * Seeds one dense city so every discovery query scores thousands of candidates (tens to hundreds of
 * milliseconds on PGlite), then sends discovery requests through Fastify (app.inject) back to back
 * while `monitorEventLoopDelay` samples the main thread. With PGlite on the main thread, each query
 * stalled the event loop for its whole duration; in its worker thread only the request handling and
 * serialisation remain on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { INTEREST_NAMES } from '../src/contract/interests';
import { locationCoordinates } from '../src/contract/locations';
import { createSession, reprojectMembers, SESSION_COOKIE } from '../src/server/core';
import { openPglite, type Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { benchApp, settleAfterSeed } from './bench-app';
import { atMost, context, percentiles, type BenchRow } from './report';

const USERS = Number(process.env.BENCH_EVENT_LOOP_USERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_EVENT_LOOP_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_EVENT_LOOP_CONCURRENCY ?? 2);
const CITY = 'New York City, New York';
const INTERESTS = [...INTEREST_NAMES];

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Members in and around the city (jittered a few miles), varied enough for the score to differ. */
async function seed(db: Db): Promise<string> {
  const here = locationCoordinates(CITY);
  if (!here) throw new Error(`unknown location ${CITY}`);
  const interests = sql.raw(`array[${INTERESTS.map((name) => `'${name.replaceAll("'", "''")}'`).join(',')}]`);
  await db.execute(sql`
    insert into users (username, password_hash, name, age, bio, location, latitude, longitude,
                       gender_identity, sexual_orientation, interests, is_verified, last_active_at, created_at)
    select 'loop_' || i, 'bench-user-cannot-log-in', 'Member ' || i, 18 + (i * 7) % 40,
           case when i % 3 = 0 then 'Tea first, then adventures.' else '' end,
           ${CITY}, ${here.lat} + ((i % 97) - 48) * 0.002, ${here.lng} + ((i % 89) - 44) * 0.002,
           (case when i % 5 = 0 then 'non-binary' else 'woman' end)::gender_identity,
           (array['lesbian', 'bisexual', 'pansexual'])[1 + i % 3]::sexual_orientation,
           (${interests})[1 + i % 20 : 1 + i % 20 + i % 9],
           i % 4 = 0, now() - (i % 90) * interval '1 day', now() - (i % 400) * interval '1 day'
    from generate_series(1, ${USERS}) as i`);
  const [searcher] = await db
    .insert(users)
    .values({
      username: 'loop_searcher',
      passwordHash: 'bench-user-cannot-log-in',
      name: 'Searcher',
      age: 30,
      bio: 'Benchmark searcher with a bio long enough to count.',
      location: CITY,
      latitude: here.lat,
      longitude: here.lng,
      genderIdentity: 'woman',
      sexualOrientation: 'lesbian',
      interests: INTERESTS.slice(0, 8),
      lastActiveAt: new Date(),
    })
    .returning({ id: users.id });
  // Written past core: copied into discovery's projection as the demo seed does.
  await reprojectMembers(db);
  await settleAfterSeed(db);
  return searcher!.id;
}

export async function run(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-bench-loop-'));
  const database = await openPglite();
  try {
    const seedStarted = performance.now();
    const searcherId = await seed(database.db);
    log(`event loop: seeded ${USERS} members around ${CITY} in ${Math.round(performance.now() - seedStarted)} ms`);
    const app = await benchApp(database, dataDir);
    try {
      const { token } = await createSession(database.db, searcherId);
      const request = async () => {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/users/discovery/${searcherId}?limit=20`,
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
        });
        if (response.statusCode !== 200) throw new Error(`discovery answered ${response.statusCode}: ${response.body}`);
        return { ms: performance.now() - started, cards: response.json<{ users?: unknown[] }>().users?.length };
      };
      const first = await request();
      log(`event loop: first discovery page ${first.cards ?? '?'} cards in ${first.ms.toFixed(0)} ms`);

      // The same histogram with nothing to do: what the machine's other load costs by itself.
      const idle = monitorEventLoopDelay({ resolution: 10 });
      idle.enable();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      idle.disable();

      const latencies: number[] = [];
      const delay = monitorEventLoopDelay({ resolution: 10 });
      // The histogram samples from a timer: a loop that never reaches its timers phase records nothing,
      // so the ticks of a 10 ms interval are counted too.
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const started = performance.now();
      const until = started + SECONDS * 1000;
      delay.enable();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < until) latencies.push((await request()).ms);
        }),
      );
      delay.disable();
      clearInterval(ticker);
      const elapsed = performance.now() - started;
      const requests = percentiles(latencies);
      const ms = (ns: number) => ns / 1e6;
      // No sample at all: the loop was blocked for the whole load.
      const p99 = delay.count > 0 ? ms(delay.percentile(99)) : elapsed;
      const max = delay.count > 0 ? ms(delay.max) : elapsed;
      return [
        atMost(
          `event-loop delay p99 during discovery load (PGlite, ${USERS} members in NYC, ${CONCURRENCY} in flight)`,
          p99,
          20,
          'ms',
        ),
        context('event-loop delay max during that load', max, 'ms'),
        context('event-loop delay p99 idle, same process (machine baseline)', ms(idle.percentile(99)), 'ms'),
        context('10 ms timer ticks fired during that load, of those due', (100 * ticks) / (elapsed / 10), '%', 0),
        context('discovery endpoint p50 during that load', requests.p50, 'ms'),
        context('discovery requests answered during that load', requests.n, 'requests', 0),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await run())
    console.log(`${row.measurement}: ${row.result}${row.target ? ` (target ${row.target})` : ''}`);
}
