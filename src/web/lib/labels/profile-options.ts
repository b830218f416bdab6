import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LOVE_LANGUAGES, RELATIONSHIP_GOALS } from '../../../contract/profiles';

/* A profile's relationship goal and love language: stored in English, read in her language. */

const GOALS: Record<(typeof RELATIONSHIP_GOALS)[number], MessageDescriptor> = {
  'Long-term partner': msg`Long-term partner`,
  'Long-term, open to short': msg`Long-term, open to short`,
  'Short-term, open to long': msg`Short-term, open to long`,
  'Something casual': msg`Something casual`,
  'New friends': msg`New friends`,
  'Still figuring it out': msg`Still figuring it out`,
};

const LOVE: Record<(typeof LOVE_LANGUAGES)[number], MessageDescriptor> = {
  'Words of affirmation': msg`Words of affirmation`,
  'Quality time': msg`Quality time`,
  'Receiving gifts': msg`Receiving gifts`,
  'Acts of service': msg`Acts of service`,
  'Physical touch': msg`Physical touch`,
};

const label = (table: Record<string, MessageDescriptor | undefined>, code: string): string => {
  const descriptor = table[code];
  return descriptor ? i18n._(descriptor) : code;
};

export const relationshipGoalLabel = (goal: string): string => label(GOALS, goal);
export const loveLanguageLabel = (language: string): string => label(LOVE, language);
