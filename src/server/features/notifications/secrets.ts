import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret from DATA_DIR, creating it once with `create()` if it is not there. Two processes
 * racing: the second write fails with EEXIST and reads the first one's. Embedded mode only: instances
 * sharing a PostgreSQL database must share their secrets through the environment instead.
 */
export function secretInDataDir(dataDir: string, file: string, create: () => string): string {
  const at = path.resolve(dataDir, file);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return readFileSync(at, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    mkdirSync(path.dirname(at), { recursive: true });
    try {
      writeFileSync(at, create(), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Could not read or create ${at}`);
}

export const randomHexKey = () => randomBytes(32).toString('hex');
