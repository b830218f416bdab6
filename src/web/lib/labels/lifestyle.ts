import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LIFESTYLE_FIELDS, LifestyleKey } from '../../../contract/lifestyle';

/*
 * The lifestyle questions and their answers: a profile stores the option's code ('occasionally'); only
 * what she reads is translated. An answer's words depend on its question, so each answer has the question as context.
 */

type Options = { [K in LifestyleKey]: Record<(typeof LIFESTYLE_FIELDS)[K]['options'][number], MessageDescriptor> };

const FIELDS: Record<LifestyleKey, MessageDescriptor> = {
  smoking: msg`Smoking`,
  drinking: msg`Drinking`,
  fitness: msg`Fitness`,
  pets: msg`Pets`,
  children: msg`Children`,
};

const OPTIONS: Options = {
  smoking: {
    none: msg({ message: 'None', context: 'smoking' }),
    occasionally: msg({ message: 'Occasionally', context: 'smoking' }),
    socially: msg({ message: 'Socially', context: 'smoking' }),
    regularly: msg({ message: 'Regularly', context: 'smoking' }),
  },
  drinking: {
    none: msg({ message: 'None', context: 'drinking' }),
    occasionally: msg({ message: 'Occasionally', context: 'drinking' }),
    socially: msg({ message: 'Socially', context: 'drinking' }),
    regularly: msg({ message: 'Regularly', context: 'drinking' }),
  },
  fitness: {
    low: msg({ message: 'Low', context: 'fitness' }),
    moderate: msg({ message: 'Moderate', context: 'fitness' }),
    high: msg({ message: 'High', context: 'fitness' }),
    athlete: msg({ message: 'Athlete', context: 'fitness' }),
  },
  pets: {
    love: msg({ message: 'Love', context: 'pets' }),
    like: msg({ message: 'Like', context: 'pets' }),
    neutral: msg({ message: 'Neutral', context: 'pets' }),
    allergic: msg({ message: 'Allergic', context: 'pets' }),
  },
  children: {
    want: msg({ message: 'Want', context: 'children' }),
    open: msg({ message: 'Open', context: 'children' }),
    "don't want": msg({ message: "Don't want", context: 'children' }),
    have: msg({ message: 'Have', context: 'children' }),
  },
};

/** A lifestyle question's label ('Smoking'). */
export const lifestyleFieldLabel = (key: LifestyleKey): string => i18n._(FIELDS[key]);

/** An answer as she reads it ('occasionally' → 'Occasionally'); a code no longer in the catalogue shows as stored. */
export function lifestyleOptionLabel(key: LifestyleKey, option: string): string {
  const descriptor = (OPTIONS[key] as Record<string, MessageDescriptor | undefined>)[option];
  return descriptor ? i18n._(descriptor) : option;
}
