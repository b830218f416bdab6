import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

export const AUTHOR_KEY_FILE = 'tea-author.key';

/**
 * The Tea author key: TEA_AUTHOR_KEY, or in embedded mode a random key generated once into
 * DATA_DIR (beside, never inside, the database). loadConfig refuses production on PostgreSQL
 * without TEA_AUTHOR_KEY, since instances must share one key.
 */
export function loadAuthorKey(config: Pick<Config, 'TEA_AUTHOR_KEY' | 'DATA_DIR'>): Buffer {
  if (config.TEA_AUTHOR_KEY) return Buffer.from(config.TEA_AUTHOR_KEY, 'utf8');
  const file = path.resolve(config.DATA_DIR, AUTHOR_KEY_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Could not read or create ${file}`);
}

function hmac(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\0')).digest('base64url');
}

/**
 * A story's author tag. The story id is part of it, so two stories by the same member carry
 * unrelated tags: without the key they cannot even be grouped by author.
 */
export function storyAuthorTag(key: Buffer, storyId: string, userId: string): string {
  return hmac(key, 'story', storyId, userId);
}

export function isStoryAuthor(key: Buffer, story: { id: string; authorTag: string }, userId: string): boolean {
  const expected = Buffer.from(storyAuthorTag(key, story.id, userId));
  const actual = Buffer.from(story.authorTag);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A replier's tag on one story. Per story like the author tag (decisions/0021): her replies in one
 * thread share it, so the thread shows one pseudonym; across threads nothing ties them together.
 * 'reply' keeps it apart from her author tag on the same story.
 */
export function replierTag(key: Buffer, storyId: string, userId: string): string {
  return hmac(key, 'reply', storyId, userId);
}

export function isReplier(key: Buffer, reply: { storyId: string; replierTag: string }, userId: string): boolean {
  const expected = Buffer.from(replierTag(key, reply.storyId, userId));
  const actual = Buffer.from(reply.replierTag);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The daily-quota key for one member and one UTC day. */
export function quotaTag(key: Buffer, day: string, userId: string): string {
  return hmac(key, 'quota', day, userId);
}
