import { findUsers } from '../../core';
import type { DiscoveryMode } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { pendingLikeRows, type PendingLikeRow } from './repository';

/** A like waiting for her (`likedPhotoId`/`likedPromptId`: what it is for), with the liker's name, age and city. */
interface PendingLike extends PendingLikeRow {
  name: string;
  age: number;
  location: string;
}

/**
 * Likes waiting for her (the repository's `pendingLikeRows`), newest first, with each liker's name, age
 * and city; super likes are not ranked apart, the flag lets the screen mark them.
 */
export async function listPendingLikes(
  db: Db,
  userId: string,
  limit: number,
  mode?: DiscoveryMode,
): Promise<PendingLike[]> {
  const likes = await pendingLikeRows(db, userId, limit, mode);
  const likers = await findUsers(
    db,
    likes.map((l) => l.id),
  );
  return likes.flatMap((l) => {
    const liker = likers.get(l.id);
    return liker ? [{ ...l, name: liker.name, age: liker.age, location: liker.location }] : [];
  });
}
