import { findUsers } from '../../core';
import type { Db } from '../../db/client';
import { swipesAndMatchRowsOf } from './repository';

/** Her swipes and matches for her data export: the other member by id and public first name only. */
export async function swipesAndMatchesOf(db: Db, userId: string) {
  const { swipeRows, matchRows } = await swipesAndMatchRowsOf(db, userId);
  const others = await findUsers(
    db,
    matchRows.map((m) => (m.userA === userId ? m.userB : m.userA)),
  );
  return {
    swipes: swipeRows.map((s) => ({
      targetUserId: s.targetUserId,
      liked: s.isLike,
      superLike: s.isSuperLike,
      // What she liked of theirs and what she wrote with it (null for none, or a photo since deleted).
      likedPhotoId: s.likedPhotoId,
      likedPromptId: s.likedPromptId,
      comment: s.comment,
      mode: s.mode,
      at: s.createdAt.toISOString(),
    })),
    matches: matchRows.map((m) => {
      const withUserId = m.userA === userId ? m.userB : m.userA;
      return {
        matchId: m.id,
        withUserId,
        withName: others.get(withUserId)?.name ?? '',
        mode: m.mode,
        at: m.createdAt.toISOString(),
      };
    }),
  };
}
