// Content keys of the built artifacts: SHA-256 over the paths and bytes of every input, so a change
// anywhere changes the key. Plain JavaScript: `npm start` checks them without loading TypeScript tooling.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');

/** What each artifact is built from (paths relative to the repository root). */
export const INPUTS = {
  web: [
    'src/web',
    'src/contract',
    'src/locales',
    'lingui.config.ts',
    'vite.config.ts',
    'scripts/lingui-macros.mjs',
    'package-lock.json',
    'tsconfig.json',
  ],
  dbTemplate: ['src/server/db/migrations', 'scripts/build-db-template.ts', 'package-lock.json'],
  server: ['src/server', 'src/contract', 'scripts/build-server.ts', 'package-lock.json', 'tsconfig.json'],
};

/** @param {string} dir */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * @param {string[]} inputs
 * @param {(file: string) => boolean} [include]
 */
export async function keyOf(inputs, include = () => true) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const full = path.join(ROOT, input);
    if (!existsSync(full)) continue;
    const files = (await stat(full)).isDirectory() ? await filesUnder(full) : [full];
    for (const file of files.filter(include)) {
      hash
        .update(path.relative(ROOT, file))
        .update('\0')
        .update(await readFile(file))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** The server bundle does not contain its tests: editing one does not rebuild it. */
export const serverKey = () => keyOf(INPUTS.server, (file) => !/\.test\.ts$/.test(file));

/**
 * @param {string} keyFile
 * @param {string} output
 * @param {string} key
 */
export async function upToDate(keyFile, output, key) {
  if (!existsSync(output)) return false;
  return (await readFile(keyFile, 'utf8').catch(() => '')) === key;
}
