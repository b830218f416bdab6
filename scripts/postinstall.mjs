// After `npm install`: build the web app and database template and render the demo avatars, so the
// first `npm start` only boots. Skipped where dev tools are not installed (a production install that
// ships a prebuilt dist/), and never fails the install: `npm start` builds whatever is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const tsx = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
if (existsSync(tsx) && !process.env.STEEP_SKIP_PREPARE) {
  const run = spawnSync(tsx, ['scripts/prepare.ts', '--avatars'], { stdio: 'inherit' });
  if (run.status !== 0) console.warn('steep: prepare failed; `npm start` will build what is missing');
}
