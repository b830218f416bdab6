import { type en, type VALIDATION_TEXTS } from './en';

/** A translation of an English catalogue (or of one feature's part, ./en/*.ts): the same keys, each a sentence or a function of the same parameters. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };
/** Every language's catalogue has English's keys, each a sentence or a function of the same parameters. */
export type Catalogue = Translation<typeof en>;
export type MessageKey = keyof Catalogue;
/** The keys whose entry takes parameters, and those parameters. */
type ParamsOf<K extends MessageKey> = Catalogue[K] extends (params: infer P) => unknown ? P : undefined;
export type ValidationText = (typeof VALIDATION_TEXTS)[number];

/**
 * A message to be put in words later, in the reader's language: what an AppError carries (the error handler
 * renders it for the request) and what a mail job renders for its recipient.
 */
export type LocalText = { [K in MessageKey]: { key: K; params: ParamsOf<K> } }[MessageKey];

export function localText<K extends MessageKey>(
  key: K,
  ...[params]: ParamsOf<K> extends undefined ? [] : [ParamsOf<K>]
): LocalText {
  return { key, params } as LocalText;
}
