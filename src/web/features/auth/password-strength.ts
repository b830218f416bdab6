import { useEffect, useMemo, useState } from 'react';
import { MIN_PASSWORD_SCORE } from '../../../contract/auth';

/*
 * The sign-up form's strength meter scores with zxcvbn-ts and the dictionaries the server refuses weak
 * passwords with (src/server/features/auth/password-strength.ts), so "strong enough" here is what the
 * server accepts. The dictionaries are large: they load when she first types a password, never with the page.
 */

interface PasswordScore {
  /** 0–4. */
  score: number;
  strongEnough: boolean;
  /** Why it is easy to guess, and what would help; empty when strong enough. */
  advice: string;
}

type Scorer = (password: string, personalWords: string[]) => PasswordScore;

let loading: Promise<Scorer> | undefined;

function loadScorer(): Promise<Scorer> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([{ ZxcvbnFactory }, common, english]) => {
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    return (password, personalWords) => {
      const result = zxcvbn.check(password, personalWords);
      const strongEnough = result.score >= MIN_PASSWORD_SCORE;
      const advice = strongEnough
        ? ''
        : [result.feedback.warning, result.feedback.suggestions[0]].filter(Boolean).join(' ') ||
          'This password would be easy to guess. Add a few uncommon words.';
      return { score: result.score, strongEnough, advice };
    };
  });
  return loading;
}

/** The password's score, or null until there is a password and the scorer has loaded. */
export function usePasswordScore(password: string, personalWords: readonly string[]): PasswordScore | null {
  const [scorer, setScorer] = useState<Scorer | null>(null);
  const wanted = password.length > 0;
  useEffect(() => {
    if (!wanted || scorer) return;
    let live = true;
    loadScorer()
      .then((loaded) => live && setScorer(() => loaded))
      // Offline or blocked: the rules checklist still shows, and the server still checks on submit.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, scorer]);
  const words = personalWords.join('\u0000');
  return useMemo(
    () => (scorer && password ? scorer(password, words ? words.split('\u0000') : []) : null),
    [scorer, password, words],
  );
}
