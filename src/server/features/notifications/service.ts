import {
  COMMON_INTERESTS_SHOWN,
  LIKES_RECEIVED_LIMIT,
  POTENTIAL_MATCHES_LIMIT,
  type LikedItemView,
  type LikesReceived,
  type PotentialMatch,
} from '../../../contract/notifications';
import type { DiscoveryMode } from '../../../contract/discovery';
import { presentPrompts } from '../../../contract/prompts';
import type { Db } from '../../db/client';
import { premiumRequired } from '../../http/errors';
import { findUser, isPremium } from '../../core';
import { bestCandidates } from '../discovery';
import { countPendingLikes, listPendingItemLikes, listPendingLikes } from '../matches';
import { notificationSettingsOf, privacyOf } from '../preferences';
import { photoThumbnailsById, photoUrlsOf } from '../profiles';
import { localText } from '../../i18n';

/**
 * People who liked her and wait for her swipe. Seeing who they are is Premium: a free member gets
 * the count and `locked`, and no entry, so nothing about the likers leaves the server.
 */
export async function getLikesReceived(db: Db, userId: string, mode?: DiscoveryMode): Promise<LikesReceived> {
  const count = await countPendingLikes(db, userId, mode);
  if (!(await isPremium(db, userId))) {
    // Free: which of her own photos and prompts were liked, and whether a comment came; never who or what.
    const itemRows = count === 0 ? [] : await listPendingItemLikes(db, userId, LIKES_RECEIVED_LIMIT, mode);
    const itemOf = await likedItemsOf(db, userId, itemRows);
    return {
      count,
      locked: true,
      entries: [],
      itemLikes: itemRows.flatMap((r) => {
        const likedItem = itemOf(r);
        return likedItem ? [{ likedItem, hasComment: r.hasComment }] : [];
      }),
    };
  }
  const rows = count === 0 ? [] : await listPendingLikes(db, userId, LIKES_RECEIVED_LIMIT, mode);
  const photos = await photoUrlsOf(
    db,
    rows.map((r) => r.id),
  );
  const privacy = await privacyOf(
    db,
    rows.map((r) => r.id),
  );
  const itemOf = await likedItemsOf(db, userId, rows);
  return {
    count,
    locked: false,
    itemLikes: [],
    entries: rows.map((r) => ({
      id: r.id,
      name: r.name,
      ...(privacy.get(r.id)?.showAge !== false && { age: r.age }),
      location: r.location,
      photos: photos.get(r.id) ?? [],
      isSuperLike: r.isSuperLike,
      mode: r.mode,
      createdAt: r.createdAt.toISOString(),
      ...optionalLikedItem(itemOf(r)),
      ...(r.comment !== null && { comment: r.comment }),
    })),
  };
}

const optionalLikedItem = (likedItem: LikedItemView | undefined) => (likedItem ? { likedItem } : {});

/**
 * Her photos (small renditions) and prompt answers that likes point at. A prompt she no longer answers,
 * or a photo gone meanwhile, shows no item.
 */
async function likedItemsOf(
  db: Db,
  userId: string,
  rows: readonly { likedPhotoId: string | null; likedPromptId: string | null }[],
): Promise<(row: { likedPhotoId: string | null; likedPromptId: string | null }) => LikedItemView | undefined> {
  const photoIds = rows.flatMap((r) => (r.likedPhotoId ? [r.likedPhotoId] : []));
  const wantsPrompts = rows.some((r) => r.likedPromptId !== null);
  const [thumbnails, self] = await Promise.all([
    photoThumbnailsById(db, photoIds),
    wantsPrompts ? findUser(db, userId) : undefined,
  ]);
  const prompts = new Map(presentPrompts(self?.prompts ?? []).map((p) => [p.promptId, p]));
  return (row) => {
    if (row.likedPhotoId) {
      const photoUrl = thumbnails.get(row.likedPhotoId);
      return photoUrl ? { kind: 'photo', photoUrl } : undefined;
    }
    const prompt = row.likedPromptId ? prompts.get(row.likedPromptId) : undefined;
    return prompt ? { kind: 'prompt', ...prompt } : undefined;
  };
}

/** Premium: the most compatible people her feed holds, with the score and what they share. */
export async function listPotentialMatches(db: Db, userId: string): Promise<PotentialMatch[]> {
  if (!(await isPremium(db, userId))) throw premiumRequired(localText('potentialMatchesAreA'));
  const rows = await bestCandidates(db, userId, POTENTIAL_MATCHES_LIMIT);
  const photos = await photoUrlsOf(
    db,
    rows.map((r) => r.id),
  );
  const privacy = await privacyOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ...(privacy.get(r.id)?.showAge !== false && { age: r.age }),
    location: r.location,
    bio: r.bio,
    photos: photos.get(r.id) ?? [],
    matchScore: r.score,
    commonInterests: r.commonInterests.slice(0, COMMON_INTERESTS_SHOWN),
  }));
}

/** The bell badge: pending likes (each one is cleared by swiping on its sender); 0 while she turned like notifications off. */
export async function getNotificationCount(db: Db, userId: string): Promise<number> {
  if (!(await notificationSettingsOf(db, userId)).likes) return 0;
  return countPendingLikes(db, userId);
}
