import { labelById } from './label-by-id';

/* The interest categories' names, in her language; the words are in ./interest-categories.messages.ts. */

export const interestCategoryMessageId = (name: string): string => `interest-category.${name}`;

/** An interest category's heading ('Outdoor Adventures'). */
export const interestCategoryLabel = (name: string): string => labelById(interestCategoryMessageId(name), name);
