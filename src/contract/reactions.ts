/** The reactions a message can get, in display order (zod-free: the web's chat cache loads it up front). */
export const REACTION_EMOJI = ['❤️', '😍', '😊', '😁', '🔥', '💯', '👍', '😮', '🥰', '✨'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];
