/**
 * The JavaScript a first visit downloads (gzipped), from the built app's Vite manifest: the same
 * measurement and budgets as `npm run test:bundle`. Builds the app first when it is missing or stale.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUDGETS_KB, measure } from '../scripts/check-bundle-size';
import { atMost, type BenchRow } from './report';

export async function run(): Promise<BenchRow[]> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/prepare.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
  });
  const { sizes } = measure();
  return [
    atMost('JS for a first visit to / (gzipped)', sizes.landing, BUDGETS_KB.landing, 'KB'),
    atMost('JS for a first visit to /home (gzipped)', sizes.home, BUDGETS_KB.home, 'KB'),
  ];
}
