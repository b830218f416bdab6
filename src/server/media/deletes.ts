import type { Db } from '../db/client';
import type { JobQueue } from '../jobs';
import { isMediaKey, MEDIA_SPACE_NAMES, type MediaSpace, type MediaSpaces } from './storage';

const JOB = 'media.delete';

/**
 * Deleting media is a durable job: queued in the same transaction as the row it belonged to, so a
 * crash, a store outage or a slow bucket cannot leave a file reachable after its row is gone. The
 * queue retries with backoff; deleting a missing key succeeds, so a retry (or a second worker after a
 * lease expired) is harmless.
 */
export interface MediaDeletes {
  /** Queues the deletion; pass the transaction that removes the rows so both commit together. */
  queue(space: MediaSpace, keys: string[], tx?: Db): Promise<void>;
  /**
   * Tries at once (after commit, so the URL stops working now rather than at the next poll); returns
   * the keys the store refused, which a queued job retries.
   */
  attempt(space: MediaSpace, keys: string[]): Promise<string[]>;
  /** For when there is no transaction to join: tries at once and queues only what failed. */
  now(space: MediaSpace, keys: string[]): Promise<void>;
}

export function createMediaDeletes(jobs: JobQueue, spaces: MediaSpaces): MediaDeletes {
  jobs.handle(JOB, async (payload) => {
    // Jobs queued before media spaces existed named photo keys only.
    const space = (payload.space ?? 'photos') as MediaSpace;
    const keys = payload.keys as string[];
    if (!MEDIA_SPACE_NAMES.includes(space) || !Array.isArray(keys) || !keys.every(isMediaKey)) {
      throw new Error(`${JOB}: malformed payload`);
    }
    for (const key of keys) await spaces[space].delete(key);
  });
  return {
    async queue(space, keys, tx) {
      if (keys.length === 0) return;
      await jobs.enqueue(JOB, { space, keys }, { maxAttempts: 12 }, tx);
    },
    async attempt(space, keys) {
      const results = await Promise.allSettled(keys.map((key) => spaces[space].delete(key)));
      return keys.filter((_, i) => results[i]?.status === 'rejected');
    },
    async now(space, keys) {
      const failed = await this.attempt(space, keys);
      await this.queue(space, failed);
    },
  };
}
