import type { TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { MIN_PASSWORD_SCORE } from '../../../contract/auth';
import { badRequest, fieldError } from '../../http/errors';
import { localText, say, SERVER_LANGUAGES, type Language } from '../../i18n';

/*
 * The score (MIN_PASSWORD_SCORE, in the contract) refuses the common patterns (`Password1`: 0) that the
 * length-and-classes rule in the contract lets through.
 */

interface Scorer {
  zxcvbn: ZxcvbnFactory;
  /** zxcvbn's feedback sentences in each language Steep speaks (its language packages' translations). */
  feedback: Record<Language, TranslationKeys>;
}

let scorer: Promise<Scorer> | undefined;
/**
 * Loaded and built on first use: the dictionaries (shipped in the packages, nothing fetched) take a moment
 * and about 40 MiB that an idle server does not need. The scorer gives feedback as keys (zxcvbn's default
 * translations), put in words for each language below; only the English dictionary scores, so a password
 * is as strong for every member whatever her language.
 */
function loadScorer(): Promise<Scorer> {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-es-es'),
  ]).then(([{ ZxcvbnFactory }, common, english, spanish]) => ({
    zxcvbn: new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
    }),
    feedback: { en: english.translations, es: spanishFeedback(spanish.translations) },
  }));
  return scorer;
}

/**
 * The Spanish package's sentences, with the one that reads wrong put right ("Evitas…", a typo for the
 * imperative); the web's scorer (src/web/components/password/password-strength.ts) makes the same correction.
 */
function spanishFeedback(translations: TranslationKeys): TranslationKeys {
  return {
    ...translations,
    suggestions: { ...translations.suggestions, repeated: 'Evita palabras y letras repetidas.' },
  };
}

/** Why `password` is too weak, a sentence in each language; undefined when it is strong enough. */
export async function passwordWeakness(
  password: string,
  personalWords: readonly string[] = [],
): Promise<Record<Language, string> | undefined> {
  const { zxcvbn, feedback } = await loadScorer();
  const result = zxcvbn.check(password, [...personalWords]);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const { warning, suggestions } = result.feedback;
  const inWords = (language: Language) => {
    const table = feedback[language];
    const why =
      (warning && table.warnings[warning as keyof TranslationKeys['warnings']]) || say(language, 'easyToGuess');
    const tip =
      (suggestions[0] && table.suggestions[suggestions[0] as keyof TranslationKeys['suggestions']]) ||
      say(language, 'addUncommonWords');
    return `${why.replace(/\.?$/, '.')} ${tip}`;
  };
  return Object.fromEntries(SERVER_LANGUAGES.map((language) => [language, inWords(language)])) as Record<
    Language,
    string
  >;
}

/** Refuses a weak new password with 400 naming the field and saying why, in her language (sign-up, change, reset). */
export async function assertStrongPassword(
  password: string,
  path: string,
  personalWords: readonly string[] = [],
): Promise<void> {
  const advice = await passwordWeakness(password, personalWords);
  if (advice) {
    throw badRequest(localText('chooseStrongerPassword'), [fieldError(path, localText('passwordAdvice', { advice }))]);
  }
}
