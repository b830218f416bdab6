import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where published media lives. Local disk today; an object store can implement the same calls. */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** Random, unguessable names: a URL reveals nothing about its owner or upload time. */
export function newMediaKey(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

export function localDiskStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    if (!/^[a-z0-9]+\.[a-z0-9]+$/.test(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      await mkdir(root, { recursive: true });
      await writeFile(resolve(key), data);
    },
    async get(key) {
      return readFile(resolve(key));
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
