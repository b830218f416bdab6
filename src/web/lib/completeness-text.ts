import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COMPLETENESS_CRITERIA, type CompletenessInput } from '../../contract/completeness';

type CriterionKey = (typeof COMPLETENESS_CRITERIA)[number]['key'];

/** The contract's completeness hints in her language, as the 'Next: …' line says them. */
const NEXT_STEP: Record<CriterionKey, MessageDescriptor> = {
  photos: msg`Next: add at least 2 photos`,
  bio: msg`Next: write a bio longer than 20 characters`,
  location: msg`Next: add your location`,
  interests: msg`Next: choose at least 5 interests`,
  prompts: msg`Next: answer a profile prompt`,
};

/** The first completeness criterion she has not met, as a 'Next: …' line; undefined at 100%. */
export function nextCompletenessText(i18n: I18n, user: CompletenessInput): string | undefined {
  const next = COMPLETENESS_CRITERIA.find((criterion) => !criterion.met(user));
  return next && i18n._(NEXT_STEP[next.key]);
}
