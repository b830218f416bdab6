import {
  FILTER_AGE_MAX,
  FILTER_AGE_MIN,
  FILTER_DISTANCE_MAX,
  FILTER_DISTANCE_MIN,
  type DiscoveryFilters,
} from '../../../contract/discovery';

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
