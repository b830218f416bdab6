import { describe, expect, it } from 'vitest';
import { INTEREST_CATEGORIES } from '../../../contract/interests';
import { interestCategoryMessageId } from './interest-categories';
import { INTEREST_CATEGORY_MESSAGES } from './interest-categories.messages';
import { interestMessageId } from './interests';
import { INTEREST_MESSAGES } from './interests.messages';

// The labels are looked up by id at run time: the ids the catalogues hold must be the ones asked for.
describe('interest labels', () => {
  it('give every interest and category the id the app looks up, with its English name', () => {
    for (const category of INTEREST_CATEGORIES) {
      expect(INTEREST_CATEGORY_MESSAGES[category.name]).toMatchObject({
        id: interestCategoryMessageId(category.name),
      });
      for (const interest of category.interests) {
        expect(INTEREST_MESSAGES[interest]).toMatchObject({ id: interestMessageId(interest) });
      }
    }
  });
});
