import { z } from 'zod';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (the whitespace a
 * textarea can produce). U+0000 in particular cannot be stored in a PostgreSQL text column, and
 * the others are invisible in the UI — a name or message carrying them is refused, not cleaned.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Text may not contain control characters';

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/**
 * Every free-text field a client sends starts here: a string without control characters, with the
 * field's own type message. Chain `.trim().min().max()` as usual.
 */
export const safeText = (typeMessage?: string) =>
  z
    .string(typeMessage === undefined ? undefined : { error: typeMessage })
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);
