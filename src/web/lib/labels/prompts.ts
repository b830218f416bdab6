import { labelById } from './label-by-id';

/* The profile prompts' questions: an answer stores the prompt's id; the question is read in her language. */

export const promptMessageId = (id: string): string => `prompt.${id}`;

/** A prompt's question in her language; `fallback` (the question the server sent) for an id this build does not know. */
export const promptText = (id: string, fallback = ''): string => labelById(promptMessageId(id), fallback);
