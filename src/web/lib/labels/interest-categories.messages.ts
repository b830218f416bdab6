import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InterestCategoryName } from '../../../contract/interests';

/*
 * The interest categories' names for the translators: only the interest picker shows them, so they are
 * apart from the interests' own words, which Discover's cards need. Looked up by id (./interest-categories.ts).
 */
export const INTEREST_CATEGORY_MESSAGES: Record<InterestCategoryName, MessageDescriptor> = {
  'Fitness & Health': msg({ id: 'interest-category.Fitness & Health', message: 'Fitness & Health' }),
  'Nightlife & Social': msg({ id: 'interest-category.Nightlife & Social', message: 'Nightlife & Social' }),
  'Creative Arts': msg({ id: 'interest-category.Creative Arts', message: 'Creative Arts' }),
  'Outdoor Adventures': msg({ id: 'interest-category.Outdoor Adventures', message: 'Outdoor Adventures' }),
  'Food & Culinary': msg({ id: 'interest-category.Food & Culinary', message: 'Food & Culinary' }),
  'Technology & Gaming': msg({ id: 'interest-category.Technology & Gaming', message: 'Technology & Gaming' }),
  'Learning & Culture': msg({ id: 'interest-category.Learning & Culture', message: 'Learning & Culture' }),
  'Sports & Competition': msg({ id: 'interest-category.Sports & Competition', message: 'Sports & Competition' }),
  'Lifestyle & Wellness': msg({ id: 'interest-category.Lifestyle & Wellness', message: 'Lifestyle & Wellness' }),
};
