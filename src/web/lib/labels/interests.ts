import { labelById } from './label-by-id';

/*
 * The interest catalogue's labels: a profile stores an interest's English name; only what she reads is
 * translated, in the active locale at call time. The words are in ./interests.messages.ts, for the catalogues only.
 */

export const interestMessageId = (name: string): string => `interest.${name}`;

/** An interest as she reads it ('Hiking' → 'Senderismo'); a name no longer in the catalogue shows as stored. */
export const interestLabel = (name: string): string => labelById(interestMessageId(name), name);
