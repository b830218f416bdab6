import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client';
import { createPostgresTemplate, dropPostgresTemplate } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

/** Migrates once; every test file then starts from a copy of this database. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'steep-test-'));
  const snapshotPath = path.join(dir, 'template.tar.gz');
  const template = await openPglite();
  const pglite = (template.db as unknown as { $client: PGlite }).$client;
  const snapshot = await pglite.dumpDataDir('gzip');
  await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
  await template.close();
  project.provide('pgliteSnapshot', snapshotPath);

  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = url ? await createPostgresTemplate(url) : null;
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && postgresTemplate) await dropPostgresTemplate(url, postgresTemplate);
  };
}
