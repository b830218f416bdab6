import type { Db } from '../../db/client';
import { existingUsernames } from '../../core';
import { badRequest } from '../../http/errors';
import { identifyingDetails, removeDetailsMessage, usernameCandidates } from './doxxing';

/**
 * The doxxing guard for stories and replies: identifying details, then members' usernames. Throws
 * a 400 naming what to remove.
 */
export async function checkForIdentifyingDetails(db: Db, texts: string[], what: 'story' | 'reply'): Promise<void> {
  const text = texts.join('\n');
  const details = identifyingDetails(text);
  if (details.length > 0) throw badRequest(removeDetailsMessage(details, what));
  const named = await existingUsernames(db, usernameCandidates(text));
  if (named.length > 0) {
    const plural = what === 'story' ? 'stories' : 'replies';
    throw badRequest(
      `Please remove the member's username: ${plural} can't name a member of Steep. Use a first name or an initial instead.`,
    );
  }
}
