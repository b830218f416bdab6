import {
  DataSet,
  RegExpMatcher,
  englishDataset,
  englishRecommendedTransformers,
  type PhraseContainer,
} from 'obscenity';

/*
 * The harassment nudge: a maintained profanity and slur list (obscenity's English dataset), cut to
 * the words that insult or demean a person. Words that describe sex, bodies or what happened to
 * someone stay out of it: a survivor telling her story must not be asked whether she may hurt
 * someone. "dyke" stays out too: on a sapphic app it is mostly reclaimed, not a slur.
 */
const INSULTS = new Set([
  'abo',
  'abeed',
  'africoon',
  'arabush',
  'arse',
  'ass',
  'bastard',
  'bitch',
  'bollocks',
  'boonga',
  'chingchong',
  'chink',
  'cock',
  'cuck',
  'cunt',
  'dick',
  'fag',
  'fuck',
  'hooker',
  'kike',
  'negro',
  'nigger',
  'piss',
  'prick',
  'pussy',
  'retard',
  'shit',
  'slut',
  'spastic',
  'tranny',
  'turd',
  'twat',
  'wank',
  'whore',
]);

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf(
    (phrase: PhraseContainer<{ originalWord: string }>) => !INSULTS.has(phrase.metadata?.originalWord ?? ''),
  );

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

/** True when the text uses an insult or slur: the web then asks "Are you sure?". */
export function mayHurtSomeone(...texts: Array<string | undefined>): boolean {
  return texts.some((text) => text !== undefined && matcher.hasMatch(text));
}
