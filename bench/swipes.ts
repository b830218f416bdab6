/**
 * Swipe benchmark on PostgreSQL: createSwipe (the service call behind POST /api/swipes) on a scratch
 * database of 20 000 members.
 *
 *   npx tsx bench/swipes.ts      # DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres):
 *                                # a scratch database is created next to it and dropped afterwards
 *
 * Options (env): BENCH_SWIPE_USERS (default 20000), BENCH_PACED_SWIPES (swipes per paced swiper,
 * default 20), BENCH_BURST_SWIPES (swipes per swiper flat out, default 40), BENCH_POOL (connections,
 * default the server's pool), BENCH_KEEP=1 keeps the scratch database.
 *
 * Seeds in a few set-based statements (generate_series): members in one city, 2% in ghost mode, 8%
 * premium, 2 background swipes per member, some blocks. Then 50 premium members swipe:
 *  - one alone (the service time, p50),
 *  - all 50 at once, paced like people (a swipe every 0.5-1.5 s each, ~50 swipes/s in all): p99 ≤ 5 ms,
 *  - all 50 back to back with no pause: the saturation throughput, ≥ 1 500 swipes/s.
 * Every fourth swipe likes another swiper who likes her back in the same round, so match creation
 * is part of the mix; a third of the others are passes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../src/server/db/client';
import { createDomainEvents } from '../src/server/domain-events';
import { createMatchesRepository } from '../src/server/features/matches';
import { createSwipe } from '../src/server/features/matches/swipes';
import { createRandom } from '../src/server/seed/random';
import { atLeast, atMost, context, percentiles, type BenchRow } from './report';
import { createScratchDatabase } from '../src/server/test/postgres';
import { settleAfterSeed } from './bench-app';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_SWIPE_USERS ?? 20_000);
const PACED_SWIPES = Number(process.env.BENCH_PACED_SWIPES ?? 20);
const BURST_SWIPES = Number(process.env.BENCH_BURST_SWIPES ?? 40);
const SWIPERS = 50;
const ALONE_SWIPES = 100;

const log = (line: string) => console.error(line);

async function seed(db: Db): Promise<void> {
  const started = performance.now();
  await db.execute(sql`
    insert into users (username, password_hash, name, age, location, latitude, longitude,
                       gender_identity, sexual_orientation, ghost_mode, premium_until, last_active_at, created_at)
    select 'bench_' || i, 'bench-user-cannot-log-in', 'Member ' || i, 18 + i % 40,
           'New York City, New York', 40.7143, -74.006,
           (case when i % 5 = 0 then 'non-binary' else 'woman' end)::gender_identity,
           (array['lesbian', 'bisexual', 'pansexual'])[1 + i % 3]::sexual_orientation,
           i % 50 = 7, case when i % 12 = 3 then now() + interval '30 days' end,
           now() - (i % 90) * interval '1 day', now() - (i % 400) * interval '1 day'
    from generate_series(0, ${USERS - 1}) as i`);
  // Members numbered by their username's suffix, so the seed below can pick by number.
  await db.execute(sql`
    create temporary table bench_members as
    select (substring(username from 7))::int as n, id from users`);
  await db.execute(sql`create unique index on bench_members (n)`);
  await db.execute(sql`
    insert into swipes (user_id, target_user_id, is_like, created_at)
    select a.id, b.id, (a.n + k) % 5 < 3, now() - ((a.n + k) % 60) * interval '1 day'
    from bench_members a, generate_series(1, 2) as k
    join bench_members b on true
    where b.n = (a.n * 7919 + k * 104729) % ${USERS} and b.id <> a.id
    on conflict do nothing`);
  await db.execute(sql`
    insert into blocks (blocker_id, blocked_user_id)
    select a.id, b.id from bench_members a join bench_members b on b.n = (a.n * 31 + 17) % ${USERS}
    where a.n % 100 = 0 and b.id <> a.id
    on conflict do nothing`);
  await settleAfterSeed(db);
  log(`seeded ${USERS} members in ${Math.round(performance.now() - started)} ms`);
}

async function visibleMembers(db: Db, count: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from users where not ghost_mode
    order by (substring(username from 7))::int limit ${count}`);
  return (result as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}

export async function run(): Promise<BenchRow[]> {
  const scratch = await createScratchDatabase(DATABASE_URL, 'steep_bench_swipes');
  // The server's own pool unless BENCH_POOL says otherwise: 50 connections on 2 cores only queue in
  // the database instead of in the pool, with worse tails.
  const poolSize = process.env.BENCH_POOL ? Number(process.env.BENCH_POOL) : undefined;
  const database = await openPostgres(scratch.url, poolSize ? { poolSize } : {});
  try {
    const { db } = database;
    await seed(db);
    const visible = await visibleMembers(db, SWIPERS + 10_000);
    const swipers = visible.slice(0, SWIPERS);
    await db.execute(sql`update users set premium_until = now() + interval '30 days' where id in ${swipers}`);
    const targets = visible.slice(SWIPERS);

    const events = createDomainEvents(() => {});
    // The trace: how long record_swipe itself took, so a slow swipe says whether it waited on the
    // statement (and its commit) or on what follows a match.
    const repository = createMatchesRepository(db);
    const trace = new AsyncLocalStorage<{ statementMs: number }>();
    const traced: typeof repository = {
      recordSwipe: async (swipe) => {
        const began = performance.now();
        try {
          return await repository.recordSwipe(swipe);
        } finally {
          const entry = trace.getStore();
          if (entry) entry.statementMs = performance.now() - began;
        }
      },
    };
    const swipeDeps = { db, repository: traced, events };
    const slowest: Array<{ ms: number; statementMs: number; match: boolean }> = [];
    const random = createRandom(20240611);
    let next = 0;
    let matchesMade = 0;
    let refused = 0;
    const swipeOnce = async (s: number, k: number, samples: number[]) => {
      // s XOR an odd number pairs the swipers up: both sides of a pair like each other in the same round.
      const partner = swipers[s ^ (1 + 2 * (Math.floor(k / 4) % 16))];
      const mutual = k % 4 === 0 && partner !== undefined && k < 64;
      const target = mutual ? partner : targets[next++ % targets.length]!;
      const started = performance.now();
      const entry = { statementMs: 0 };
      let match = false;
      try {
        const result = await trace.run(entry, () =>
          createSwipe(swipeDeps, swipers[s]!, {
            targetUserId: target,
            isLike: mutual || k % 3 !== 2,
            superLike: false,
            mode: 'dating',
          }),
        );
        match = result.match !== null;
        if (match) matchesMade += 1;
      } catch {
        // Already swiped (a background swipe) or a block: still a timed request.
        refused += 1;
      }
      const ms = performance.now() - started;
      samples.push(ms);
      if (samples === paced) slowest.push({ ms, statementMs: entry.statementMs, match });
    };

    const alone: number[] = [];
    const paced: number[] = [];
    for (let k = 0; k < ALONE_SWIPES; k++) await swipeOnce(0, 1 + k * 4, alone);
    const aloneStats = percentiles(alone);
    log(`one swiper alone: p50 ${aloneStats.p50.toFixed(2)} ms, p99 ${aloneStats.p99.toFixed(2)} ms`);

    await Promise.all(
      swipers.map(async (_, s) => {
        for (let k = 0; k < PACED_SWIPES; k++) {
          await new Promise((resolve) => setTimeout(resolve, 500 + random.next() * 1000));
          await swipeOnce(s, k, paced);
        }
      }),
    );
    const pacedStats = percentiles(paced);
    log(`${SWIPERS} paced swipers: p50 ${pacedStats.p50.toFixed(2)} ms, p99 ${pacedStats.p99.toFixed(2)} ms`);
    const p99Of = (match: boolean) => percentiles(slowest.filter((t) => t.match === match).map((t) => t.ms)).p99;
    const statementP99 = percentiles(slowest.map((t) => t.statementMs)).p99;
    log(
      `paced p99: swipes that made a match ${p99Of(true).toFixed(2)} ms (${slowest.filter((t) => t.match).length}), the others ${p99Of(false).toFixed(2)} ms; record_swipe alone ${statementP99.toFixed(2)} ms`,
    );
    const tail = slowest.sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(paced.length / 100));
    log(
      `the slowest 1 %: ${tail.map((t) => `${t.ms.toFixed(1)} ms (record_swipe ${t.statementMs.toFixed(1)}${t.match ? ', match' : ''})`).join('; ')}`,
    );

    const burst: number[] = [];
    const started = performance.now();
    await Promise.all(
      swipers.map(async (_, s) => {
        for (let k = PACED_SWIPES; k < PACED_SWIPES + BURST_SWIPES; k++) await swipeOnce(s, k, burst);
      }),
    );
    const throughput = burst.length / ((performance.now() - started) / 1000);
    const burstStats = percentiles(burst);
    log(`saturation: ${Math.round(throughput)} swipes/s, p99 ${burstStats.p99.toFixed(2)} ms`);
    log(`${matchesMade} matches made, ${refused} swipes refused`);

    return [
      context('swipe p50, one swiper alone (PostgreSQL)', aloneStats.p50, 'ms', 2),
      atMost(`swipe p99, ${SWIPERS} concurrent paced swipers (PostgreSQL)`, pacedStats.p99, 5, 'ms', 2),
      atLeast(`swipe saturation, ${SWIPERS} swipers back to back (PostgreSQL)`, throughput, 1500, 'swipes/s', 0),
      context(`swipe p99 at saturation (PostgreSQL)`, burstStats.p99, 'ms', 2),
    ];
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP === '1') log(`kept database ${scratch.name}`);
    else await scratch.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((rows) => {
      for (const row of rows) {
        const verdict = row.pass === null ? '    ' : row.pass ? 'PASS' : 'MISS';
        console.log(`${verdict}  ${row.measurement.padEnd(60)} ${row.target.padEnd(18)} ${row.result}`);
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
