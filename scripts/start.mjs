// `npm start` (and the container's command): runs the bundled server, dist/server/main.js, in this
// process. When a source changed since it was built (or something is missing) it first builds what is
// stale with scripts/prepare.ts. A production image ships dist/ without src/: then the bundle is run as is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DIST, INPUTS, keyOf, ROOT, serverKey, upToDate } from './build-keys.mjs';

const SERVER = path.join(DIST, 'server/main.js');

async function staleArtifacts() {
  if (!existsSync(path.join(ROOT, 'src'))) return existsSync(SERVER) ? [] : ['server'];
  const [web, dbTemplate, server] = await Promise.all([
    keyOf(INPUTS.web).then((key) => upToDate(path.join(DIST, 'web.key'), path.join(DIST, 'web/index.html'), key)),
    keyOf(INPUTS.dbTemplate).then((key) =>
      upToDate(path.join(DIST, 'db-template.key'), path.join(DIST, 'db-template.tar.gz'), key),
    ),
    serverKey().then((key) => upToDate(path.join(DIST, 'server.key'), SERVER, key)),
  ]);
  return Object.entries({ web, dbTemplate, server })
    .filter(([, fresh]) => !fresh)
    .map(([name]) => name);
}

const stale = await staleArtifacts();
if (stale.length > 0) {
  console.log(`steep: building ${stale.join(', ')} first`);
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const build = spawnSync(tsx, ['scripts/prepare.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('steep: the build failed; see above');
    process.exit(1);
  }
}
await import(SERVER);
