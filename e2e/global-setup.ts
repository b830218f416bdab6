import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureBrowser } from './find-browser';

export default function setup() {
  ensureBrowser();
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
}
