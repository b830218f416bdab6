import { REACTION_EMOJI, type MessageReactions, type ReactionEmoji, type ReactionGroup } from '../../../contract/chat';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { findMessageForMember } from './access';
import { deleteReaction, insertReaction, reactionsOf } from './repository';

/** Reactions of each message, grouped per emoji in picker order; every id of `messageIds` gets a list. */
export async function reactionGroupsFor(
  db: Db,
  messageIds: readonly string[],
  viewerId: string,
): Promise<Map<string, ReactionGroup[]>> {
  const result = new Map<string, ReactionGroup[]>(messageIds.map((id) => [id, []]));
  if (messageIds.length === 0) return result;
  const rows = await reactionsOf(db, messageIds);
  const byMessage = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const groups = byMessage.get(row.messageId) ?? new Map<string, string[]>();
    byMessage.set(row.messageId, groups);
    groups.set(row.emoji, [...(groups.get(row.emoji) ?? []), row.userId]);
  }
  for (const [messageId, groups] of byMessage) {
    result.set(
      messageId,
      REACTION_EMOJI.filter((emoji) => groups.has(emoji)).map((emoji) => {
        const userIds = groups.get(emoji) ?? [];
        return { emoji, count: userIds.length, userIds, reactedByMe: userIds.includes(viewerId) };
      }),
    );
  }
  return result;
}

async function present(db: Db, messageId: string, viewerId: string): Promise<MessageReactions> {
  const groups = await reactionGroupsFor(db, [messageId], viewerId);
  return { messageId, reactions: groups.get(messageId) ?? [] };
}

export async function listReactions(db: Db, viewerId: string, messageId: string): Promise<MessageReactions> {
  await findMessageForMember(db, messageId, viewerId);
  return present(db, messageId, viewerId);
}

interface ReactionDeps {
  db: Db;
  events: DomainEvents;
}

/**
 * Tells both members (every socket, every instance) that a message's reactions changed, with the
 * groups as they now stand. Said only when something changed, so a repeated toggle sends nothing.
 */
function announce(events: DomainEvents, match: { id: string; userA: string; userB: string }, groups: MessageReactions) {
  events.emit('message.reactions_changed', {
    matchId: match.id,
    messageId: groups.messageId,
    userIds: [match.userA, match.userB],
    reactions: groups.reactions.map(({ emoji, count, userIds }) => ({ emoji, count, userIds })),
  });
}

/** One reaction per user, message and emoji: adding it again changes nothing (`added` is then false). */
export async function addReaction(
  { db, events }: ReactionDeps,
  userId: string,
  messageId: string,
  emoji: ReactionEmoji,
): Promise<{ reactions: MessageReactions; added: boolean }> {
  const { match } = await findMessageForMember(db, messageId, userId);
  const added = await insertReaction(db, { messageId, userId, emoji });
  const reactions = await present(db, messageId, userId);
  if (added) announce(events, match, reactions);
  return { reactions, added };
}

/** Removing a reaction she does not have is not an error: the client's toggle may race itself. */
export async function removeReaction(
  { db, events }: ReactionDeps,
  userId: string,
  messageId: string,
  emoji: ReactionEmoji,
): Promise<MessageReactions> {
  const { match } = await findMessageForMember(db, messageId, userId);
  const removed = await deleteReaction(db, { messageId, userId, emoji });
  const reactions = await present(db, messageId, userId);
  if (removed) announce(events, match, reactions);
  return reactions;
}
