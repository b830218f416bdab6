import { i18n } from '@lingui/core';

/**
 * A catalogue label looked up by its explicit id (the `*.messages.ts` tables beside the label modules hold the words,
 * for the extractor only), or `fallback` when the loaded catalogue has no such id (a stored value this build does
 * not know).
 */
export const labelById = (id: string, fallback: string): string =>
  i18n.messages[id] === undefined ? fallback : i18n._(id);
