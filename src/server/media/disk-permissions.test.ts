import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDiskStorage } from './disk';
import { newMediaKey } from './storage';

/** Media and verification selfies (both stored with localDiskStorage) are 0600 in 0700 folders. */
describe('localDiskStorage file permissions', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'steep-storage-'));
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  const mode = async (file: string) => (await stat(file)).mode & 0o777;

  it('writes files 0600 into a folder it creates 0700', async () => {
    const root = path.join(base, 'verification-selfies');
    const storage = localDiskStorage(root);
    const key = newMediaKey('jpg');
    await storage.put(key, Buffer.from('selfie'));
    expect(await mode(path.join(root, key))).toBe(0o600);
    expect(await mode(root)).toBe(0o700);
  });

  it('narrows a folder and a file that already existed world-readable', async () => {
    const root = path.join(base, 'media');
    await mkdir(root, { mode: 0o755 });
    await chmod(root, 0o755);
    const storage = localDiskStorage(root);
    const key = newMediaKey('webp');
    await storage.put(key, Buffer.from('old'));
    await chmod(path.join(root, key), 0o644);
    await storage.put(key, Buffer.from('new'));
    expect(await mode(path.join(root, key))).toBe(0o600);
    expect(await mode(root)).toBe(0o700);
    expect((await storage.get(key)).toString()).toBe('new');
  });
});
