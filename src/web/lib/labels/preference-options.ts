import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InterestName, LifestyleFilterOption, PreferenceLifestyleOption } from '../../../contract/interests';
import type { DealBreaker, PREFERENCE_INTEREST_CATEGORIES } from '../../../contract/preferences';
import { interestLabel } from './interests';

/*
 * The preference editor's and the filters' option lists: what is stored stays the English code; only
 * what she reads is translated. Interests the profile catalogue also has use its labels.
 */

type PreferenceCategory = (typeof PREFERENCE_INTEREST_CATEGORIES)[number];
type PreferenceInterest = PreferenceCategory['interests'][number];

const CATEGORIES: Record<PreferenceCategory['name'], MessageDescriptor> = {
  Social: msg({ message: 'Social', context: 'preference category' }),
  Creative: msg({ message: 'Creative', context: 'preference category' }),
  Active: msg({ message: 'Active', context: 'preference category' }),
  Intellectual: msg({ message: 'Intellectual', context: 'preference category' }),
  Culinary: msg({ message: 'Culinary', context: 'preference category' }),
  'Tech & Games': msg({ message: 'Tech & Games', context: 'preference category' }),
  Nature: msg({ message: 'Nature', context: 'preference category' }),
};

/** The preference catalogue's interests the profile catalogue does not have, and the lifestyle chips. */
const OPTIONS: Record<
  Exclude<PreferenceInterest, InterestName> | LifestyleFilterOption | PreferenceLifestyleOption,
  MessageDescriptor
> = {
  'Tea Parties': msg`Tea Parties`,
  'Game Nights': msg`Game Nights`,
  Music: msg`Music`,
  Crafting: msg`Crafting`,
  Climbing: msg`Climbing`,
  Birdwatching: msg`Birdwatching`,
  'Beach Days': msg`Beach Days`,
  'Active Lifestyle': msg`Active Lifestyle`,
  'Mindful Living': msg`Mindful Living`,
  'Outdoor Adventures': msg`Outdoor Adventures`,
  'Artistic Pursuits': msg`Artistic Pursuits`,
  'Professional Career': msg`Professional Career`,
  'Family Oriented': msg`Family Oriented`,
  'Travel Enthusiast': msg`Travel Enthusiast`,
  'Health Conscious': msg`Health Conscious`,
  'Environmental Advocate': msg`Environmental Advocate`,
  'Pet Lover': msg`Pet Lover`,
  Foodie: msg`Foodie`,
  'Book Lover': msg`Book Lover`,
  'Fitness Enthusiast': msg`Fitness Enthusiast`,
  Vegan: msg`Vegan`,
  Vegetarian: msg`Vegetarian`,
  Adventurous: msg`Adventurous`,
  Homebody: msg`Homebody`,
  'Social Butterfly': msg`Social Butterfly`,
  'Night Owl': msg`Night Owl`,
  'Early Bird': msg`Early Bird`,
  Bookworm: msg`Bookworm`,
  Artist: msg`Artist`,
  Traveler: msg`Traveler`,
  Minimalist: msg`Minimalist`,
};

const DEAL_BREAKERS: Record<DealBreaker, MessageDescriptor> = {
  Smoking: msg`Smoking`,
  'Heavy drinking': msg`Heavy drinking`,
  'No pets allowed': msg`No pets allowed`,
  'Long distance': msg`Long distance`,
  'Wants children': msg`Wants children`,
  "Doesn't want children": msg`Doesn't want children`,
  'Only casual': msg`Only casual`,
  'Unverified profile': msg`Unverified profile`,
  Dishonesty: msg`Dishonesty`,
  'Poor communication': msg`Poor communication`,
};

/** A preference interest category's heading ('Social'). */
export const preferenceCategoryLabel = (name: string): string => {
  const descriptor = (CATEGORIES as Record<string, MessageDescriptor | undefined>)[name];
  return descriptor ? i18n._(descriptor) : name;
};

/** A preference interest or lifestyle chip ('Beach Days', 'Pet Lover'); any other interest through interestLabel. */
export const preferenceOptionLabel = (code: string): string => {
  const descriptor = (OPTIONS as Record<string, MessageDescriptor | undefined>)[code];
  return descriptor ? i18n._(descriptor) : interestLabel(code);
};

export const dealBreakerLabel = (name: DealBreaker): string => i18n._(DEAL_BREAKERS[name]);
