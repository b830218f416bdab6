import { useEffect, useMemo, useState } from 'react';
import type { TranslationKeys } from '@zxcvbn-ts/core';
import { MIN_PASSWORD_SCORE } from '../../../contract/auth';
import type { Locale } from '../../lib/i18n';

/*
 * The sign-up form's strength meter scores with zxcvbn-ts and the dictionaries the server refuses weak
 * passwords with (src/server/features/auth/password-strength.ts), so "strong enough" here is what the
 * server accepts. The dictionaries are large: they load when she first types a password, never with the page,
 * and the service worker does not precache them (scripts/precache.ts).
 */

export interface PasswordScore {
  /** 0–4. */
  score: number;
  strongEnough: boolean;
  /** Why it is easy to guess, and what would help, in each language (zxcvbn-ts's words); null when strong enough. */
  advice: Record<Locale, string> | null;
}

/** The library's sentences in a row; some end without a full stop, and two must not run together. */
export function sentences(parts: readonly (string | false | undefined | null)[]): string {
  return parts
    .filter((text): text is string => Boolean(text))
    .map((text) => (/[.!?]$/.test(text) ? text : `${text}.`))
    .join(' ');
}

type Scorer = (password: string, personalWords: string[]) => PasswordScore;

let loading: Promise<Scorer> | undefined;

function loadScorer(): Promise<Scorer> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('./zxcvbn-spanish'),
  ])
    .then(([{ ZxcvbnFactory }, common, english, { spanish }]): Scorer => {
      // No translations: the feedback comes as keys, put in words below for each language.
      const zxcvbn = new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
      });
      const tables: Record<Locale, TranslationKeys> = { en: english.translations, es: spanish };
      return (password, personalWords) => {
        const result = zxcvbn.check(password, personalWords);
        const strongEnough = result.score >= MIN_PASSWORD_SCORE;
        const { warning, suggestions } = result.feedback;
        const inWords = (table: TranslationKeys) =>
          sentences([
            warning && table.warnings[warning as keyof TranslationKeys['warnings']],
            suggestions[0] && table.suggestions[suggestions[0] as keyof TranslationKeys['suggestions']],
          ]);
        const advice = strongEnough ? null : { en: inWords(tables.en), es: inWords(tables.es) };
        return { score: result.score, strongEnough, advice };
      };
    })
    // The dictionaries are not precached: a load that failed offline is forgotten, so the next one tries again.
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * The password's score once the scorer is there, or null when it has not come within `waitMs` or cannot load: a
 * form sent before its meter had loaded waits that long for the verdict, then leaves it to the server.
 */
export async function scoreWhenReady(
  password: string,
  personalWords: readonly string[],
  waitMs = 2_000,
): Promise<PasswordScore | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    const scorer = await Promise.race([loadScorer(), late]);
    return scorer ? scorer(password, [...personalWords]) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A password's strength as the meter knows it: its score, `unavailable` while the scorer cannot load, or null. */
export type PasswordStrength = PasswordScore | 'unavailable' | null;

/**
 * The password's score; null until there is a password and the scorer has loaded, `unavailable` while its load has
 * failed (offline) and it waits for the network.
 */
export function usePasswordScore(password: string, personalWords: readonly string[]): PasswordStrength {
  const [scorer, setScorer] = useState<Scorer | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const wanted = password.length > 0;
  useEffect(() => {
    if (!wanted || scorer) return;
    let live = true;
    const load = () =>
      loadScorer()
        .then((loaded) => live && setScorer(() => loaded))
        // Offline or blocked: the rules checklist still shows, the server still checks on submit, and the meter comes with the network.
        .catch(() => live && setUnavailable(true));
    void load();
    addEventListener('online', load);
    return () => {
      live = false;
      removeEventListener('online', load);
    };
  }, [wanted, scorer]);
  const words = personalWords.join('\u0000');
  return useMemo(() => {
    if (!password) return null;
    if (scorer) return scorer(password, words ? words.split('\u0000') : []);
    return unavailable ? 'unavailable' : null;
  }, [scorer, unavailable, password, words]);
}
