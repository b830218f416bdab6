import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { MIN_PASSWORD_SCORE } from '../../../contract/auth';
import { badRequest } from '../../http/errors';
import { localText } from '../../i18n';

/*
 * The score (MIN_PASSWORD_SCORE, in the contract) refuses the common patterns (`Password1`: 0) that the
 * length-and-classes rule in the contract lets through.
 */

let scorer: Promise<ZxcvbnFactory> | undefined;
/**
 * Loaded and built on first use: the dictionaries (shipped in the packages, nothing fetched) take a moment
 * and about 40 MiB that an idle server does not need.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  return scorer;
}

/** Why `password` is too weak, in a sentence for the form; undefined when it is strong enough. */
export async function passwordWeakness(
  password: string,
  personalWords: readonly string[] = [],
): Promise<string | undefined> {
  const result = (await zxcvbn()).check(password, [...personalWords]);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const why = result.feedback.warning ?? 'This password would be easy to guess.';
  const tip = result.feedback.suggestions[0] ?? 'Add a few uncommon words.';
  return `${why.replace(/\.?$/, '.')} ${tip}`;
}

/** Refuses a weak new password with 400 naming the field and saying why (sign-up, change, reset). */
export async function assertStrongPassword(
  password: string,
  path: string,
  personalWords: readonly string[] = [],
): Promise<void> {
  const weakness = await passwordWeakness(password, personalWords);
  // zxcvbn's feedback is English: another language gets the one sentence that always helps.
  if (weakness)
    throw badRequest(localText('chooseStrongerPassword'), [
      { path, message: weakness, text: localText('weakPassword') },
    ]);
}
