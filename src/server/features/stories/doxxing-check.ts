import type { Db } from '../../db/client';
import { existingUsernames } from '../../core';
import { badRequest } from '../../http/errors';
import { identifyingDetails, usernameCandidates } from './doxxing';
import { localText } from '../../i18n';

/**
 * The doxxing guard for stories and replies: identifying details, then members' usernames. Throws
 * a 400 naming what to remove.
 */
export async function checkForIdentifyingDetails(db: Db, texts: string[], what: 'story' | 'reply'): Promise<void> {
  const text = texts.join('\n');
  const details = identifyingDetails(text);
  if (details.length > 0) throw badRequest(localText('removeDetails', { details, what }));
  const named = await existingUsernames(db, usernameCandidates(text));
  if (named.length > 0) {
    throw badRequest(localText('removeUsername', { what }));
  }
}
