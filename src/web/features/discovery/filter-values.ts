import type { DiscoveryFilters } from '../../../contract/discovery';
import { AGE_MAX, AGE_MIN, DISTANCE_MAX, DISTANCE_MIN } from '../../../contract/preference-limits';
import type { Units } from '../../../contract/preferences';
import { t } from '@lingui/core/macro';
import { distanceText } from '../../lib/distance';

/** The distance filter's bounds in whole miles, as the server stores it (its slider: lib/units.ts). */
export const DISTANCE_BOUNDS = { min: DISTANCE_MIN, max: DISTANCE_MAX } as const;
export const AGE_SLIDER = { min: AGE_MIN, max: AGE_MAX, step: 1 } as const;

/** '50 miles', in the active language. */
export function milesText(miles: number): string {
  return distanceText(miles, 'imperial');
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const head = items.slice(0, -1).join(', ');
  const last = items.at(-1) ?? '';
  return t`${head} or ${last}`;
}

/** The summary card's lines, in plain words (her distance in her units). */
export function describeFilters(filters: DiscoveryFilters, units: Units = 'imperial'): string[] {
  const { minAge, maxAge } = filters;
  const distance = distanceText(filters.maxDistance, units);
  const lines = [t`Ages ${minAge} to ${maxAge}`, t`Within ${distance} of your city`];
  const teas = orList(filters.teaPreferences);
  const lifestyles = orList(filters.lifestylePreferences);
  lines.push(filters.teaPreferences.length > 0 ? t`Enjoys ${teas}` : t`Any tea preference`);
  lines.push(filters.lifestylePreferences.length > 0 ? t`Lifestyle: ${lifestyles}` : t`Any lifestyle`);
  return lines;
}
