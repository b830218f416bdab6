import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teaReviews, teaStories, teaSupports } from '../../db/schema/tea';
import { isStoryAuthor } from './author-key';
import { deleteRepliesOf, repliesForExport, repliesWrittenBy } from './replies';

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

/**
 * Her own Tea counts, for her badges. The story count scans the stories' (id, tag) pairs and
 * recomputes her tag for each: no index can serve it, by design (decisions/0013).
 */
async function teaActivityOf(db: Db, key: Buffer, userId: string): Promise<TeaActivity> {
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

/**
 * Her Tea as the features above see it: her counts (badges), her replies (her export) and their deletion
 * (her account). Stories and replies carry only HMAC tags of (story, author), so recognising hers takes
 * the author key: app.ts loads it once and builds this with it, as it hands the same key to tea's routes.
 */
export interface TeaAuthorship {
  activityOf(db: Db, userId: string): Promise<TeaActivity>;
  repliesOf(db: Db, userId: string): ReturnType<typeof repliesForExport>;
  /** Deletes her replies through the handle it is given (account deletion's transaction). */
  eraseReplies(tx: Db, userId: string): Promise<void>;
}

export function teaAuthorship(key: Buffer): TeaAuthorship {
  return {
    activityOf: (db, userId) => teaActivityOf(db, key, userId),
    repliesOf: (db, userId) => repliesForExport(db, key, userId),
    eraseReplies: (tx, userId) => deleteRepliesOf(tx, key, userId),
  };
}
