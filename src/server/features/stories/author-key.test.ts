import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTHOR_KEY_FILE, isStoryAuthor, loadAuthorKey, quotaTag, storyAuthorTag } from './author-key';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'steep-tea-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the Tea author key', () => {
  it('is generated once into DATA_DIR when unset, private to the owner, and read back after', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = loadAuthorKey({ DATA_DIR: dataDir, TEA_AUTHOR_KEY: undefined });
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, AUTHOR_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
    expect(loadAuthorKey({ DATA_DIR: dataDir, TEA_AUTHOR_KEY: undefined }).equals(first)).toBe(true);
  });

  it('uses TEA_AUTHOR_KEY when set, writing nothing', () => {
    const dataDir = tempDir();
    const key = loadAuthorKey({ DATA_DIR: dataDir, TEA_AUTHOR_KEY: 'x'.repeat(40) });
    expect(key.toString('utf8')).toBe('x'.repeat(40));
    expect(() => statSync(path.join(dataDir, AUTHOR_KEY_FILE))).toThrow();
  });
});

describe('author tags', () => {
  const key = Buffer.alloc(32, 7);
  const author = '6f1c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
  const story = { id: '11111111-2222-4333-8444-555555555555' };

  it('recognise the author only, and differ per story and per key', () => {
    const tagged = { ...story, authorTag: storyAuthorTag(key, story.id, author) };
    expect(isStoryAuthor(key, tagged, author)).toBe(true);
    expect(isStoryAuthor(key, tagged, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(isStoryAuthor(Buffer.alloc(32, 8), tagged, author)).toBe(false);
    expect(storyAuthorTag(key, 'another-story', author)).not.toBe(tagged.authorTag);
    expect(tagged.authorTag).not.toContain(author);
  });

  it('keep quota tags apart from story tags and from other days', () => {
    expect(quotaTag(key, '2026-11-22', author)).not.toBe(quotaTag(key, '2026-11-23', author));
  });
});
