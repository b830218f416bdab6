import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teaReviews, teaStories, teaSupports } from '../../db/schema/tea';
import { isStoryAuthor } from './author-key';
import { deleteRepliesOf, repliesForExport, repliesWrittenBy } from './replies';

/**
 * The author key per database, set when the tea routes are registered (app.ts loads it from the
 * config). Her story count needs it: stories carry only an HMAC of (story, author), so the server
 * recognises hers by recomputing the tag, and a database reader cannot.
 */
const authorKeys = new WeakMap<Db, Buffer>();

export function rememberAuthorKey(db: Db, key: Buffer): void {
  authorKeys.set(db, key);
}

export interface TeaActivity {
  /** Her stories that still exist (visible or hidden). */
  storiesPosted: number;
  /** Stories she supports now. */
  storiesSupported: number;
  /** Teas she has reviewed (one review per tea). */
  reviewsWritten: number;
  /** Her replies on stories that still exist (visible or hidden). */
  repliesWritten: number;
}

function keyFor(db: Db): Buffer {
  const key = authorKeys.get(db);
  if (!key) throw new Error('Tea author key not loaded: register teaRoutes first');
  return key;
}

/**
 * Her own Tea counts, for her badges. The story count scans the stories' (id, tag) pairs and
 * recomputes her tag for each: no index can serve it, by design (decisions/0013).
 */
export async function teaActivityOf(db: Db, userId: string): Promise<TeaActivity> {
  const key = keyFor(db);
  const [stories, supported, reviewed, replies] = await Promise.all([
    db.select({ id: teaStories.id, authorTag: teaStories.authorTag }).from(teaStories),
    db.select({ n: count() }).from(teaSupports).where(eq(teaSupports.userId, userId)),
    db.select({ n: count() }).from(teaReviews).where(eq(teaReviews.userId, userId)),
    repliesWrittenBy(db, key, userId),
  ]);
  return {
    storiesPosted: stories.filter((story) => isStoryAuthor(key, story, userId)).length,
    storiesSupported: supported[0]?.n ?? 0,
    reviewsWritten: reviewed[0]?.n ?? 0,
    repliesWritten: replies,
  };
}

/** Her replies (text and story title) for her data export. */
export async function teaRepliesOf(db: Db, userId: string): ReturnType<typeof repliesForExport> {
  return repliesForExport(db, keyFor(db), userId);
}

/**
 * Account deletion's part: a function that deletes her replies through the handle it is given (the
 * deletion's transaction), with the key of `db` (a transaction handle is not where the key is kept).
 */
export function teaReplyEraser(db: Db): (tx: Db, userId: string) => Promise<void> {
  const key = keyFor(db);
  return (tx, userId) => deleteRepliesOf(tx, key, userId);
}
