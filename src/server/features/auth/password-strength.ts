import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { MIN_PASSWORD_SCORE } from '../../../contract/auth';
import { badRequest } from '../../http/errors';

/*
 * The score (MIN_PASSWORD_SCORE, in the contract) refuses the common patterns (`Password1`: 0) that the
 * length-and-classes rule in the contract lets through.
 */

let scorer: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries (shipped in the packages, nothing fetched) take a moment to load. */
function zxcvbn(): ZxcvbnFactory {
  scorer ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return scorer;
}

/** Why `password` is too weak, in a sentence for the form; undefined when it is strong enough. */
export function passwordWeakness(password: string, personalWords: readonly string[] = []): string | undefined {
  const result = zxcvbn().check(password, [...personalWords]);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const why = result.feedback.warning ?? 'This password would be easy to guess.';
  const tip = result.feedback.suggestions[0] ?? 'Add a few uncommon words.';
  return `${why.replace(/\.?$/, '.')} ${tip}`;
}

/** Refuses a weak new password with 400 naming the field and saying why (sign-up, change, reset). */
export function assertStrongPassword(password: string, path: string, personalWords: readonly string[] = []): void {
  const weakness = passwordWeakness(password, personalWords);
  if (weakness) throw badRequest('Choose a stronger password', [{ path, message: weakness }]);
}
