import type { Block } from '../../../contract/safety';
import {
  blockersAmong,
  blocksMadeBy,
  deleteBlockMadeBy,
  deleteUsernameBlockMadeBy,
  findUser,
  findUserByUsername,
  findUsers,
  insertBlock,
  insertUsernameBlock,
  usernameBlocksMadeBy,
  type UsernameBlockRow,
} from '../../core';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUuid, photoUrlsOf } from '../profiles';
import { localText } from '../../i18n';

/** How someone who has blocked the viewer appears in the viewer's own block list: not by name or face. */
export const HIDDEN_MEMBER_NAME = 'Hidden member';

/**
 * A block by username answers the same whether the name belongs to a member (hidden, ghost or not) or
 * to nobody: the block is recorded either way and shown by the name she typed, naming no one. When the
 * name is a member's, that member is blocked like any other (`blocked` is set for the announcement).
 */
async function createUsernameBlock(
  db: Db,
  blockerId: string,
  typed: string,
): Promise<{ block: Block; blocked?: string }> {
  const target = await findUserByUsername(db, typed);
  // Her own name says nothing about who else is a member.
  if (target?.id === blockerId) throw badRequest(localText('youCannotBlockYourself'));
  const targetId = target ? target.id : null;
  const row = await insertUsernameBlock(db, blockerId, typed, targetId);
  if (!row) throw conflict(localText('youHaveAlreadyBlocked'));
  const made = targetId ? await insertBlock(db, blockerId, targetId, true) : undefined;
  return { block: presentUsernameBlock(row), ...(made ? { blocked: targetId as string } : {}) };
}

/** A username block as her list shows it: its own id in every id field, the name she typed, no photo. */
function presentUsernameBlock(row: UsernameBlockRow): Block {
  return {
    id: row.id,
    blockerId: row.blockerId,
    blockedUserId: row.id,
    createdAt: row.createdAt.toISOString(),
    blockedUser: { id: row.id, name: row.username, photo: null },
  };
}

/**
 * Blocks for `blockerId`, by id or by username. The caller announces `blocked` ('user.blocked') when
 * set: the member now blocked.
 */
export async function createBlock(
  db: Db,
  blockerId: string,
  who: { blockedUserId?: string | undefined; blockedUsername?: string | undefined },
): Promise<{ block: Block; blocked?: string }> {
  if (who.blockedUserId === undefined) return createUsernameBlock(db, blockerId, who.blockedUsername ?? '');
  if (blockerId === who.blockedUserId) throw badRequest(localText('youCannotBlockYourself'));
  const target = await findUser(db, who.blockedUserId);
  if (!target) throw notFound(localText('userNotFound'));
  if (target.id === blockerId) throw badRequest(localText('youCannotBlockYourself'));
  const blockedUserId = target.id;
  const row = await insertBlock(db, blockerId, blockedUserId);
  if (!row) throw conflict(localText('youHaveAlreadyBlockedThis'));
  const photos = await photoUrlsOf(db, [blockedUserId]);
  const hidden = await blockersAmong(db, blockerId, [blockedUserId]);
  const block = {
    id: row.id,
    blockerId: row.blockerId,
    blockedUserId: row.blockedUserId,
    createdAt: row.createdAt.toISOString(),
    blockedUser: hidden.has(target.id)
      ? { id: target.id, name: HIDDEN_MEMBER_NAME, photo: null }
      : { id: target.id, name: target.name, photo: photos.get(target.id)?.[0] ?? null },
  };
  return { block, blocked: blockedUserId };
}

/**
 * Her blocks, newest first, with the blocked person's public name and first photo; blocks by username
 * by the name she typed (a person she also blocked herself, from a profile or a chat, shows as such).
 */
export async function listBlocks(db: Db, blockerId: string): Promise<Block[]> {
  const [chosen, byName] = [await listChosenBlocks(db, blockerId), await usernameBlocksMadeBy(db, blockerId)];
  return [...chosen, ...byName.map(presentUsernameBlock)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function listChosenBlocks(db: Db, blockerId: string): Promise<Block[]> {
  const rows = (await blocksMadeBy(db, blockerId)).filter((r) => !r.byUsernameOnly);
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
  if (!isUuid(blockId)) throw notFound(localText('blockNotFound'));
  if (await deleteBlockMadeBy(db, blockerId, blockId)) return;
  if (!(await deleteUsernameBlockMadeBy(db, blockerId, blockId))) throw notFound(localText('blockNotFound'));
}
