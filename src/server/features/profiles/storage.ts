import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/**
 * Files 0600 and folders 0700: only the server's own user reads them (verification selfies live in
 * one of these; a world-readable file is readable by every account on the machine). The web server
 * serves media through this process, so it needs no wider bits.
 */
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

export function localDiskStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    if (!/^[a-z0-9]+\.[a-z0-9]+$/.test(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      await mkdir(root, { recursive: true, mode: DIRECTORY_MODE });
      // mkdir leaves an existing folder as it was (and the umask narrows a new one): set it outright.
      await chmod(root, DIRECTORY_MODE);
      // `mode` applies when the file is created; chmod covers a key written again over an old file.
      await writeFile(resolve(key), data, { mode: FILE_MODE });
      await chmod(resolve(key), FILE_MODE);
    },
    async get(key) {
      return readFile(resolve(key));
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
