import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './client';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder while the first lives, and frees the directory on release', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'steep-lock-'));
    const release = lockDataDir(dir);
    expect(await readFile(path.join(dir, 'steep.lock'), 'utf8')).toBe(String(process.pid));
    // Our own pid counts as a live owner only through another process; simulate one with the parent's pid.
    await writeFile(path.join(dir, 'steep.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    await writeFile(path.join(dir, 'steep.lock'), String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'steep.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'steep-lock-'));
    await writeFile(path.join(dir, 'steep.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(await readFile(path.join(dir, 'steep.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates a missing data directory', async () => {
    dir = path.join(os.tmpdir(), `steep-lock-new-${process.pid}`, 'nested');
    const release = lockDataDir(dir);
    expect(existsSync(dir)).toBe(true);
    release();
    dir = path.dirname(dir);
  });
});
