import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/lingui-macros.mjs';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default (cores - 1) runs one file at a time on a 2-core CI machine,
    // and the API files spend most of their time in PGlite's single thread; each file has its own database
    // copy (src/server/test/harness.ts), so files share no state. The e2e files too: each starts its own
    // server on a random port over its own in-memory database and its own Chromium, so two at a time share
    // nothing (here: 882 s for the 44 files, whose tests take 1 612 s end to end).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        // Lingui's macros (decision 0023) in web modules a unit test imports.
        plugins: [linguiMacros()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.js'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.cluster.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          // As in e2e: the files of one worker import the server once (about 2 s of a core per file on CI, run
          // twice: PGlite, then PostgreSQL). Each file builds its own app over its own database (harness.ts), and
          // the server keeps its state in the app it builds, so nothing passes between files through modules.
          isolate: false,
          globalSetup: ['src/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Two real server processes on one PostgreSQL and Redis: run by `npm run test:pg` only.
        test: {
          name: 'cluster',
          include: ['src/**/*.cluster.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // The files of one worker share its module cache: each imports the whole server (about 4 s of a core on
          // CI) only once. They share no state through it: each starts its own server over its own database and
          // its own Chromium (harness.ts), and the server keeps its state in the app it builds.
          isolate: false,
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/page-guard.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // A first screen (a lazy chunk, the session check, the first fetch) can take more than the default
          // 5 s on a loaded CI machine; a poll still ends as soon as its condition holds.
          expect: { poll: { timeout: 15_000 } },
          // One more try for a journey, reported as a retry: on a 2-core CI machine two Chromiums share the cores,
          // and once a page stopped painting for 30 s mid-form (a click waited for two animation frames that never
          // came; the same journey passed in every run before and since). A product race still fails twice.
          retry: 1,
        },
      },
    ],
  },
});
