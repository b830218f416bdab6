import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LOVE_LANGUAGES, RELATIONSHIP_GOALS } from '../../../contract/profiles';

/*
 * Relationship goals and love languages are stored as their English option (the contract's lists);
 * these are their labels in her language. A value no longer in the lists shows as stored.
 */

export const RELATIONSHIP_GOAL_LABELS: Record<(typeof RELATIONSHIP_GOALS)[number], MessageDescriptor> = {
  'Long-term partner': msg`Long-term partner`,
  'Long-term, open to short': msg`Long-term, open to short`,
  'Short-term, open to long': msg`Short-term, open to long`,
  'Something casual': msg`Something casual`,
  'New friends': msg`New friends`,
  'Still figuring it out': msg`Still figuring it out`,
};

export const LOVE_LANGUAGE_LABELS: Record<(typeof LOVE_LANGUAGES)[number], MessageDescriptor> = {
  'Words of affirmation': msg`Words of affirmation`,
  'Quality time': msg`Quality time`,
  'Receiving gifts': msg`Receiving gifts`,
  'Acts of service': msg`Acts of service`,
  'Physical touch': msg`Physical touch`,
};

export function relationshipGoalLabel(i18n: I18n, value: string): string {
  const label = (RELATIONSHIP_GOAL_LABELS as Record<string, MessageDescriptor | undefined>)[value];
  return label ? i18n._(label) : value;
}

export function loveLanguageLabel(i18n: I18n, value: string): string {
  const label = (LOVE_LANGUAGE_LABELS as Record<string, MessageDescriptor | undefined>)[value];
  return label ? i18n._(label) : value;
}
