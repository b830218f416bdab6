/**
 * Builds what `npm start` needs, only when its sources changed: the web app (key: src/web, src/contract,
 * vite config, lockfile) and the migrated database template (key: migrations, PGlite version). Also
 * renders the demo avatars into their cache. Run by `npm install` (postinstall), `npm start` and
 * `npm run build` (`--force` rebuilds everything).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** SHA-256 over the paths and contents of every input: a change anywhere changes the key. */
async function keyOf(inputs: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(ROOT, input);
    if (!existsSync(full)) continue;
    const files = (await stat(full)).isDirectory() ? await filesUnder(full) : [full];
    for (const file of files) {
      hash
        .update(path.relative(ROOT, file))
        .update('\0')
        .update(await readFile(file))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

async function upToDate(keyFile: string, output: string, key: string): Promise<boolean> {
  if (!existsSync(output)) return false;
  return (await readFile(keyFile, 'utf8').catch(() => '')) === key;
}

export interface PrepareResult {
  web: 'built' | 'cached';
  dbTemplate: 'built' | 'cached';
  avatars?: number;
}

export async function prepare(options: { force?: boolean; avatars?: boolean } = {}): Promise<PrepareResult> {
  const result: PrepareResult = { web: 'cached', dbTemplate: 'cached' };

  const webKeyFile = path.join(DIST, 'web.key');
  const webKey = await keyOf(['src/web', 'src/contract', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']);
  if (options.force || !(await upToDate(webKeyFile, path.join(DIST, 'web/index.html'), webKey))) {
    const { build } = await import('vite');
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
    await writeFile(webKeyFile, webKey);
    result.web = 'built';
  }

  const dbKeyFile = path.join(DIST, 'db-template.key');
  const dbKey = await keyOf(['src/server/db/migrations', 'scripts/build-db-template.ts', 'package-lock.json']);
  if (options.force || !(await upToDate(dbKeyFile, path.join(DIST, 'db-template.tar.gz'), dbKey))) {
    const { buildDbTemplate } = await import('./build-db-template');
    await buildDbTemplate();
    await writeFile(dbKeyFile, dbKey);
    result.dbTemplate = 'built';
  }

  if (options.avatars) {
    const { warmAvatarCache } = await import('../src/server/seed/demo');
    result.avatars = await warmAvatarCache();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const force = process.argv.includes('--force');
  const result = await prepare({ force, avatars: process.argv.includes('--avatars') });
  console.log(
    `steep: web ${result.web}, database template ${result.dbTemplate}` +
      (result.avatars ? `, ${result.avatars} demo avatars ready` : '') +
      ` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
