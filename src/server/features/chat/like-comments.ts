import type { FastifyBaseLogger } from 'fastify';
import type { DiscoveryMode } from '../../../contract/discovery';
import { likeCommentsBetween } from '../matches';
import { sendMessage, type ChatDeps } from './messages';

/**
 * A like's comment opens the chat (product §4 "Like something specific"): when two members match, each
 * comment they sent with their likes of each other becomes a message from its writer, oldest first,
 * through the one way messages are made (`sendMessage`: membership, block, her first-message setting).
 * The swipe's id is the idempotency key, so a repeated event stores nothing twice. A comment her
 * setting refuses (first messages from verified members only) is not posted.
 */
export async function postLikeComments(
  deps: ChatDeps & { log: FastifyBaseLogger },
  match: { matchId: string; userIds: [string, string]; mode: DiscoveryMode },
): Promise<void> {
  const comments = await likeCommentsBetween(deps.db, match.userIds, match.mode);
  for (const comment of comments) {
    try {
      await sendMessage(deps, comment.senderId, {
        matchId: match.matchId,
        content: comment.comment,
        messageType: 'text',
        clientMessageId: `like-comment:${comment.swipeId}`,
      });
    } catch (error) {
      deps.log.info({ err: error, matchId: match.matchId }, 'A like comment was not posted to the new chat');
    }
  }
}
