import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { RegisterBody } from '../../contract/auth';
import type { SelfUser } from '../../contract/users';
import { buildApp, createAppContext, type AppContext, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { SESSION_COOKIE } from '../core';
import { newUserBody } from './factories';
import { createDatabaseFromTemplate } from './postgres';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's caches and repositories: a test that writes a member row through core passes its caches. */
  context: AppContext;
  config: Config;
  close(): Promise<void>;
}

/** A fresh, migrated database per test file: a PGlite copy of the template, or a PostgreSQL one with TEST_DATABASE_URL. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'payments' | 'logStream' | 'webRoot' | 'nudityClassifier' | 'media' | 'clock'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-api-'));
  // Request budgets are scaled up: suites sign up dozens of people from one address and send in
  // bursts. security.api.test.ts passes RATE_LIMIT_SCALE=1 to test the real budgets.
  const config = loadConfig({
    RATE_LIMIT_SCALE: '1000',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const context = createAppContext(database);
  const app = await buildApp({ config, database, context, scryptLogN: 10, ...options });
  await app.ready();
  return {
    app,
    database,
    context,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs due jobs until none is left (a job may queue another), as the worker would after the answer. */
export async function drainJobs(t: TestApp): Promise<void> {
  while ((await t.app.jobs.runDue()) > 0);
}

/**
 * Runs the due jobs (mail is sent by them, and a reset request queues a job that queues its mail) and returns every
 * mail written to the outbox (MAIL_PROVIDER=log: DATA_DIR/outbox) since the last call, oldest first, as raw text.
 */
export async function deliveredMail(t: TestApp): Promise<string[]> {
  await drainJobs(t);
  const outbox = path.resolve(t.config.DATA_DIR, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  await Promise.all(files.map((f) => rm(path.join(outbox, f))));
  return mails;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const copy = await createDatabaseFromTemplate(url, template);
    return { database: await openPostgres(copy.url, { poolSize: 4 }), drop: copy.drop };
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  return { database: await openPglite({ snapshot }), drop: async () => {} };
}

export { newUserBody } from './factories';

export interface Client {
  user: SelfUser;
  cookie: string;
  request(
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/**
 * Signs a new user up and returns a client that sends her session cookie. `headers` are the sign-up request's:
 * `{ 'accept-language': 'es' }` makes a member whose saved language is Spanish.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
  headers: Record<string, string> = {},
): Promise<Client> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: newUserBody(overrides),
    headers,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed ${response.statusCode}: ${response.body}`);
  return clientFor(app, response.json<SelfUser>(), sessionCookie(response));
}

export function clientFor(app: FastifyInstance, user: SelfUser, cookie: string): Client {
  return {
    user,
    cookie,
    request: (method, url, payload, headers = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: { cookie, ...headers },
      }),
  };
}
