/**
 * Builds what `npm start` needs, only when its sources changed (keys: scripts/build-keys.mjs): the web
 * app, the migrated database template and the bundled server (dist/server/main.js). Also renders the
 * demo avatars into their cache. Run by `npm install` (postinstall), `npm start` when something is
 * stale, and `npm run build` (`--force` rebuilds everything).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DIST, INPUTS, keyOf, ROOT, serverKey, upToDate } from './build-keys.mjs';

export interface PrepareResult {
  web: 'built' | 'cached';
  dbTemplate: 'built' | 'cached';
  server: 'built' | 'cached';
  avatars?: number;
}

export async function prepare(options: { force?: boolean; avatars?: boolean } = {}): Promise<PrepareResult> {
  const result: PrepareResult = { web: 'cached', dbTemplate: 'cached', server: 'cached' };

  const webKeyFile = path.join(DIST, 'web.key');
  const webKey = await keyOf(INPUTS.web);
  if (options.force || !(await upToDate(webKeyFile, path.join(DIST, 'web/index.html'), webKey))) {
    const { build } = await import('vite');
    await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
    await writeFile(webKeyFile, webKey);
    result.web = 'built';
  }

  const dbKeyFile = path.join(DIST, 'db-template.key');
  const dbKey = await keyOf(INPUTS.dbTemplate);
  if (options.force || !(await upToDate(dbKeyFile, path.join(DIST, 'db-template.tar.gz'), dbKey))) {
    const { buildDbTemplate } = await import('./build-db-template');
    await buildDbTemplate();
    await writeFile(dbKeyFile, dbKey);
    result.dbTemplate = 'built';
  }

  const serverKeyFile = path.join(DIST, 'server.key');
  const key = await serverKey();
  if (options.force || !(await upToDate(serverKeyFile, path.join(DIST, 'server/main.js'), key))) {
    const { buildServer } = await import('./build-server');
    await buildServer();
    await writeFile(serverKeyFile, key);
    result.server = 'built';
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
    `steep: web ${result.web}, database template ${result.dbTemplate}, server ${result.server}` +
      (result.avatars ? `, ${result.avatars} demo avatars ready` : '') +
      ` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
