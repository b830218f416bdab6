import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './harness';

export default function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
}
