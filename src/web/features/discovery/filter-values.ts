import {
  FILTER_AGE_MAX,
  FILTER_AGE_MIN,
  FILTER_DISTANCE_MAX,
  FILTER_DISTANCE_MIN,
  type DiscoveryFilters,
} from '../../../contract/discovery';
import type { Units } from '../../../contract/preferences';
import { t } from '@lingui/core/macro';
import { distanceText } from '../../lib/theme';

/**
 * The distance slider runs 1-100 miles (product §5: in steps of 5), and its track is in miles, so assistive
 * tech reads the same minimum as the label (1 mi). A uniform step from 1 would give 1, 6, … 96 and never
 * reach 100, so the track moves in single miles and each move snaps to a stop: 1, 5, 10, … 100.
 */
export const DISTANCE_SLIDER = { min: FILTER_DISTANCE_MIN, max: FILTER_DISTANCE_MAX } as const;
export const DISTANCE_STOPS: readonly number[] = [
  FILTER_DISTANCE_MIN,
  ...Array.from({ length: FILTER_DISTANCE_MAX / 5 }, (_, i) => (i + 1) * 5),
];
export const AGE_SLIDER = { min: FILTER_AGE_MIN, max: FILTER_AGE_MAX, step: 1 } as const;

export function distanceToSlider(miles: number): number {
  return Math.min(DISTANCE_SLIDER.max, Math.max(DISTANCE_SLIDER.min, miles));
}

/**
 * The stop nearest the thumb. A one-mile move (an arrow key) would snap straight back to where it
 * was, so a move that lands on the current stop goes on to the next stop in its direction instead.
 */
export function sliderToDistance(position: number, current: number): number {
  const nearest = DISTANCE_STOPS.reduce((best, stop) =>
    Math.abs(stop - position) < Math.abs(best - position) ? stop : best,
  );
  if (nearest !== current || position === current) return nearest;
  const index = DISTANCE_STOPS.indexOf(current);
  if (index === -1) return nearest;
  const next = DISTANCE_STOPS[position > current ? index + 1 : index - 1];
  return next ?? current;
}

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
