import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../db/client';

/** Runs SQL on the server of `url` through its own database (CREATE/DROP DATABASE cannot run in a transaction). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** A migrated database used as the template of each test file's own database. */
export async function createPostgresTemplate(url: string): Promise<string> {
  const name = uniqueName('steep_template');
  await admin(url, `CREATE DATABASE ${name}`);
  const database = await openPostgres(databaseUrl(url, name), { poolSize: 1 });
  await database.close();
  return name;
}

export async function dropPostgresTemplate(url: string, name: string): Promise<void> {
  await admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function createDatabaseFromTemplate(
  url: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueName('steep_test');
  await admin(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return { url: databaseUrl(url, name), drop: () => admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** An empty database on the server of `url` (the app migrates it when it opens it), and its removal: a benchmark's. */
export async function createScratchDatabase(
  url: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = uniqueName(prefix);
  await admin(url, `CREATE DATABASE ${name}`);
  return { name, url: databaseUrl(url, name), drop: () => admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
