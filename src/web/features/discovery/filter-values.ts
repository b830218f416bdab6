import {
  FILTER_AGE_MAX,
  FILTER_AGE_MIN,
  FILTER_DISTANCE_MAX,
  FILTER_DISTANCE_MIN,
  type DiscoveryFilters,
} from '../../../contract/discovery';

/**
 * The distance slider runs 1-100 miles in steps of 5 (spec 5). Stepping from 1 would give 1, 6, … 96
 * and never reach 100, so the track runs 0-100 in fives and its first stop means 1 mile:
 * 1, 5, 10, … 100.
 */
export const DISTANCE_SLIDER = { min: 0, max: FILTER_DISTANCE_MAX, step: 5 } as const;
export const AGE_SLIDER = { min: FILTER_AGE_MIN, max: FILTER_AGE_MAX, step: 1 } as const;

export function distanceToSlider(miles: number): number {
  return miles <= FILTER_DISTANCE_MIN ? DISTANCE_SLIDER.min : Math.min(miles, DISTANCE_SLIDER.max);
}

export function sliderToDistance(position: number): number {
  return Math.min(FILTER_DISTANCE_MAX, Math.max(FILTER_DISTANCE_MIN, Math.round(position)));
}

export function milesText(miles: number): string {
  return miles === 1 ? '1 mile' : `${miles} miles`;
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/** The summary card's lines, in plain words. */
export function describeFilters(filters: DiscoveryFilters): string[] {
  const lines = [
    `Ages ${filters.minAge} to ${filters.maxAge}`,
    `Within ${milesText(filters.maxDistance)} of your city`,
  ];
  lines.push(filters.teaPreferences.length > 0 ? `Enjoys ${orList(filters.teaPreferences)}` : 'Any tea preference');
  lines.push(
    filters.lifestylePreferences.length > 0 ? `Lifestyle: ${orList(filters.lifestylePreferences)}` : 'Any lifestyle',
  );
  return lines;
}
