import { z } from 'zod';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (the whitespace a
 * textarea can produce). U+0000 in particular cannot be stored in a PostgreSQL text column, and
 * the others are invisible in the UI — a name or message carrying them is refused, not cleaned.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text may not contain control characters';

const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/**
 * Every free-text field a client sends starts here: a string without control characters, with the
 * field's own type message. Chain `.trim().min().max()` as usual.
 */
export const safeText = (typeMessage?: string) =>
  z
    .string(typeMessage === undefined ? undefined : { error: typeMessage })
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);

/**
 * Short text a member writes to another member (a chat message, the comment on a like): trimmed, not
 * empty, at most `max` characters, with each check's own message. One rule, so a like's comment is
 * refused exactly as a chat message would be.
 */
export const memberText = (max: number, messages: { type: string; empty: string; tooLong: string }) =>
  safeText(messages.type).trim().min(1, messages.empty).max(max, messages.tooLong);
