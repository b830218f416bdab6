import type { Block } from '../../../contract/safety';
import {
  blockersAmong,
  blocksMadeBy,
  deleteBlockMadeBy,
  findUser,
  findUserByUsername,
  findUsers,
  insertBlock,
} from '../../core';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUuid, photoUrlsOf } from '../profiles';

/** How someone who has blocked the viewer appears in the viewer's own block list: not by name or face. */
export const HIDDEN_MEMBER_NAME = 'Hidden member';

/** Blocks `blockedUserId` for `blockerId`. The caller announces it ('user.blocked'). */
export async function createBlock(
  db: Db,
  blockerId: string,
  who: { blockedUserId?: string | undefined; blockedUsername?: string | undefined },
): Promise<Block> {
  if (blockerId === who.blockedUserId) throw badRequest('You cannot block yourself');
  const target = who.blockedUserId
    ? await findUser(db, who.blockedUserId)
    : await findUserByUsername(db, who.blockedUsername ?? '');
  if (!target) throw notFound('User not found');
  if (target.id === blockerId) throw badRequest('You cannot block yourself');
  const blockedUserId = target.id;
  const row = await insertBlock(db, blockerId, blockedUserId);
  if (!row) throw conflict('You have already blocked this user');
  const photos = await photoUrlsOf(db, [blockedUserId]);
  const hidden = await blockersAmong(db, blockerId, [blockedUserId]);
  return {
    id: row.id,
    blockerId: row.blockerId,
    blockedUserId: row.blockedUserId,
    createdAt: row.createdAt.toISOString(),
    blockedUser: hidden.has(target.id)
      ? { id: target.id, name: HIDDEN_MEMBER_NAME, photo: null }
      : { id: target.id, name: target.name, photo: photos.get(target.id)?.[0] ?? null },
  };
}

/** Her blocks, newest first, with the blocked person's public name and first photo. */
export async function listBlocks(db: Db, blockerId: string): Promise<Block[]> {
  const rows = await blocksMadeBy(db, blockerId);
  const ids = rows.map((r) => r.blockedUserId);
  const members = await findUsers(db, ids);
  const [photos, hidden] = [await photoUrlsOf(db, ids), await blockersAmong(db, blockerId, ids)];
  return rows.flatMap((r) => {
    const member = members.get(r.blockedUserId);
    if (!member) return [];
    return [
      {
        id: r.id,
        blockerId: r.blockerId,
        blockedUserId: r.blockedUserId,
        createdAt: r.createdAt.toISOString(),
        // Someone who blocked her first is not shown to her by name or face here either.
        blockedUser: hidden.has(r.blockedUserId)
          ? { id: r.blockedUserId, name: HIDDEN_MEMBER_NAME, photo: null }
          : { id: r.blockedUserId, name: member.name, photo: photos.get(r.blockedUserId)?.[0] ?? null },
      },
    ];
  });
}

/** Unblocks. Only the blocker can; anyone else gets 404, as if the block did not exist. */
export async function deleteBlock(db: Db, blockerId: string, blockId: string): Promise<void> {
  if (!isUuid(blockId)) throw notFound('Block not found');
  if (!(await deleteBlockMadeBy(db, blockerId, blockId))) throw notFound('Block not found');
}
