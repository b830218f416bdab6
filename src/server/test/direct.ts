import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { locationCoordinates } from '../../contract/locations';
import { insertUser, type UserRow } from '../core';
import { openPglite, type Database, type Db } from '../db/client';
import { repeatableSql } from '../db/repeatable';
import { newUserBody } from './factories';

/**
 * Tests of repositories and services that need a database but no app and no HTTP (the fast tier, in
 * the unit project): a migrated PGlite in ~2 s instead of an app per file.
 *
 * Migrating a new PGlite takes ~7 s, so the first test to need one migrates it and leaves a snapshot
 * in the system's temporary directory, named after what made it (the migrations and the features'
 * SQL); every later open loads that snapshot. A changed schema gets a new name (older snapshots are
 * removed then); two files racing to make the first one both make it, and the last rename wins.
 */
export async function openTestDatabase(): Promise<Database> {
  const snapshotPath = templatePath();
  let snapshot: Buffer | undefined;
  try {
    snapshot = readFileSync(snapshotPath);
  } catch {
    snapshot = await buildTemplate(snapshotPath);
  }
  return openPglite({ snapshot: new Blob([snapshot]) });
}

const TEMPLATE_DIR = path.join(os.tmpdir(), 'steep-test-templates');

function templatePath(): string {
  const hash = createHash('sha256');
  const migrations = path.join(import.meta.dirname, '..', 'db', 'migrations');
  for (const name of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(readFileSync(path.join(migrations, name)));
  }
  for (const { file, text } of repeatableSql()) hash.update(file).update(text);
  return path.join(TEMPLATE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

async function buildTemplate(snapshotPath: string): Promise<Buffer> {
  const template = await openPglite();
  try {
    const dump = await (template.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
    const snapshot = Buffer.from(await dump.arrayBuffer());
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    for (const old of readdirSync(TEMPLATE_DIR)) {
      if (old !== path.basename(snapshotPath)) rmSync(path.join(TEMPLATE_DIR, old), { force: true });
    }
    const partial = `${snapshotPath}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, snapshot);
    renameSync(partial, snapshotPath);
    return snapshot;
  } finally {
    await template.close();
  }
}

/** A member row straight through core (no sign-up, no password hashing); `overrides` are columns. */
export async function insertMember(db: Db, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  const body = newUserBody();
  const coordinates = locationCoordinates(body.location);
  const row = await insertUser(db, {
    username: body.username,
    passwordHash: 'not a password',
    name: body.name,
    age: body.age,
    bio: body.bio,
    location: body.location,
    latitude: coordinates?.lat ?? 0,
    longitude: coordinates?.lng ?? 0,
    genderIdentity: body.genderIdentity,
    sexualOrientation: body.sexualOrientation,
    interests: [],
    teaInterests: [],
    lastActiveAt: new Date(),
    ...overrides,
  });
  if (!row) throw new Error('member not inserted');
  return row;
}

/** A test file's database in the fast tier: opened before its tests, closed after them. */
export function useTestDatabase(): () => Db {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());
  return () => {
    if (!database) throw new Error('The test database opens in beforeAll: call db() inside a test or hook');
    return database.db;
  };
}
