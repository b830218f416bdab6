import type { Db } from '../../db/client';
import { isStoryAuthor } from './author-key';
import { deleteRepliesOf, repliesForExport, repliesWrittenBy } from './replies';
import { storyAuthorTags, supportsGivenBy } from './repository';

export interface StoryActivity {
  /** Her stories that still exist (visible or hidden). */
  storiesPosted: number;
  /** Stories she supports now. */
  storiesSupported: number;
  /** Her replies on stories that still exist (visible or hidden). */
  repliesWritten: number;
}

/**
 * Her own story counts, for her badges. The story count scans the stories' (id, tag) pairs and
 * recomputes her tag for each: no index can serve it, by design (decisions/0013).
 */
async function storyActivityOf(db: Db, key: Buffer, userId: string): Promise<StoryActivity> {
  const [stories, supported, replies] = await Promise.all([
    storyAuthorTags(db),
    supportsGivenBy(db, userId),
    repliesWrittenBy(db, key, userId),
  ]);
  return {
    storiesPosted: stories.filter((story) => isStoryAuthor(key, story, userId)).length,
    storiesSupported: supported,
    repliesWritten: replies,
  };
}

/**
 * Her stories and replies as the features above see them: her counts (badges), her replies (her export) and their
 * deletion (her account). Stories and replies carry only HMAC tags of (story, author), so recognising hers takes
 * the author key: app.ts loads it once and builds this with it, as it hands the same key to the stories' routes.
 */
export interface StoryAuthorship {
  activityOf(db: Db, userId: string): Promise<StoryActivity>;
  repliesOf(db: Db, userId: string): ReturnType<typeof repliesForExport>;
  /** Deletes her replies through the handle it is given (account deletion's transaction). */
  eraseReplies(tx: Db, userId: string): Promise<void>;
}

export function storyAuthorship(key: Buffer): StoryAuthorship {
  return {
    activityOf: (db, userId) => storyActivityOf(db, key, userId),
    repliesOf: (db, userId) => repliesForExport(db, key, userId),
    eraseReplies: (tx, userId) => deleteRepliesOf(tx, key, userId),
  };
}
