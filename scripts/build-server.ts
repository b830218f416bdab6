/**
 * The production server: src/server/main.ts bundled by esbuild into dist/server/main.js (and seed-main.ts
 * into seed-main.js; our code in one file each, npm packages loaded from node_modules as usual), with what it reads at run time beside it: the
 * SQL migrations, the features' database functions (dist/features/<f>/sql) and the PGlite worker. Node runs it directly — no TypeScript transform at boot.
 * dist/server sits two levels below the root like src/server, so paths such as ../../dist/web hold.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT = path.join(ROOT, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_OUT, 'main.js');

export async function buildServer(): Promise<void> {
  const started = performance.now();
  await rm(SERVER_OUT, { recursive: true, force: true });
  await mkdir(SERVER_OUT, { recursive: true });
  await build({
    // seed-main.js: the embedded first boot's seeding, run by main.js in a child process.
    entryPoints: [path.join(ROOT, 'src/server/main.ts'), path.join(ROOT, 'src/server/seed-main.ts')],
    outdir: SERVER_OUT,
    // Dynamic imports stay chunks loaded on first use (the S3 client, the PostgreSQL driver in embedded
    // mode), instead of being inlined and loaded at boot.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay in node_modules: native ones (sharp), ones that load files next to themselves
    // (PGlite's WebAssembly, the face models) and the rest alike.
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  await cp(path.join(ROOT, 'src/server/db/migrations'), path.join(SERVER_OUT, 'migrations'), { recursive: true });
  await cp(path.join(ROOT, 'src/server/db/pglite-worker.js'), path.join(SERVER_OUT, 'pglite-worker.js'));
  // Each feature's database functions (db/repeatable.ts reads <server>/../features/<f>/sql at boot).
  const features = path.join(ROOT, 'src/server/features');
  await rm(path.join(ROOT, 'dist/features'), { recursive: true, force: true });
  for (const feature of await readdir(features)) {
    const sql = path.join(features, feature, 'sql');
    if (existsSync(sql)) await cp(sql, path.join(ROOT, 'dist/features', feature, 'sql'), { recursive: true });
  }
  console.log(`server bundle: ${path.relative(ROOT, SERVER_ENTRY)} (${Math.round(performance.now() - started)} ms)`);
}
