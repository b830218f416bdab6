import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertMediaKey,
  isMediaKey,
  MEDIA_SPACES,
  MediaNotFoundError,
  type MediaSpace,
  type MediaStorage,
} from './storage';

/** Where each space lives under DATA_DIR (photos keep the folder they always had). */
export const DISK_FOLDERS: Record<MediaSpace, string> = {
  photos: 'media',
  selfies: 'verification-selfies',
  chat: 'chat-media',
  statuses: 'status-voice',
  reports: 'report-media',
};

/**
 * A space as a folder: the embedded default, for one instance. Files 0600 and folders 0700: only the
 * server's user reads them. A write lands in a temporary file and is renamed into place, so a reader
 * (or a crash) never sees half a file and a retried write simply replaces it.
 */
export function localDiskStorage(root: string, space: MediaSpace = 'photos'): MediaStorage {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // A folder made before files were private (or by hand) is narrowed too.
  chmodSync(root, 0o700);
  const resolve = (key: string) => path.join(root, assertMediaKey(key));
  return {
    space,
    visibility: MEDIA_SPACES[space],
    async put(key, data) {
      const target = resolve(key);
      await mkdir(root, { recursive: true, mode: 0o700 });
      const temporary = path.join(root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, data, { mode: 0o600 });
        await chmod(temporary, 0o600);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MediaNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *keys() {
      const names = await readdir(root).catch(() => [] as string[]);
      for (const name of names.sort()) if (isMediaKey(name)) yield name;
    },
    async temporaryUrl() {
      return undefined;
    },
  };
}
