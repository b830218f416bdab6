import type { Units } from '../../contract/preferences';
import { KM_PER_MILE, unitNumber } from './units';

/*
 * A filter's distance in her units. The server stores it in whole miles (src/contract/discovery.ts); the screens
 * convert at the edge. In kilometres it is shown, and chosen, in round values (1, then every 5 km), each standing
 * for the whole miles nearest to it: a round value she picks comes back as itself, whatever she saves or reloads
 * (`kmFromMiles(milesFromKm(k)) === k`; 5 km is 3.1 miles, so neighbouring stops never share a mile).
 */

/** A filter distance (whole miles) in round kilometres: 1 km for the 1-mile minimum, else the nearest 5 km. */
export function kmFromMiles(miles: number): number {
  const km = miles * KM_PER_MILE;
  return km < 3 ? 1 : Math.max(5, Math.round(km / 5) * 5);
}

/** The whole miles a round kilometre value stands for, within the filter's bounds. */
export function milesFromKm(km: number, bounds: { min: number; max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(km / KM_PER_MILE)));
}

/** A filter distance: 25 → '25 miles' or '40 km'. */
export function distanceText(miles: number, units: Units): string {
  if (units === 'metric') return unitNumber(kmFromMiles(miles), 'kilometer', 'short');
  return unitNumber(miles, 'mile', 'long');
}

/** Slider stops from 1 to `top`: 1, then every 5. */
function stopsUpTo(top: number): number[] {
  return [1, ...Array.from({ length: Math.floor(top / 5) }, (_, i) => (i + 1) * 5)];
}

/**
 * The stop nearest the thumb. A one-step move (an arrow key) would snap straight back to where it was, so a move
 * that lands on the current stop goes on to the next stop in its direction instead.
 */
export function snapToStop(position: number, current: number, stops: readonly number[]): number {
  const nearest = stops.reduce((best, stop) => (Math.abs(stop - position) < Math.abs(best - position) ? stop : best));
  if (nearest !== current || position === current) return nearest;
  const index = stops.indexOf(current);
  if (index === -1) return nearest;
  return stops[position > current ? index + 1 : index - 1] ?? current;
}

/**
 * The maximum-distance slider in her units: its track runs in miles (1–100) or kilometres (1–160) in steps of
 * one, each move lands on a stop (1, 5, 10…), and the value it hands back is whole miles for the server.
 */
export function distanceSlider(units: Units, miles: number, bounds: { min: number; max: number }) {
  const metric = units === 'metric';
  const stops = stopsUpTo(metric ? kmFromMiles(bounds.max) : bounds.max);
  const value = metric ? kmFromMiles(miles) : Math.min(bounds.max, Math.max(bounds.min, miles));
  return {
    min: stops[0] ?? 1,
    max: stops.at(-1) ?? bounds.max,
    value,
    text: distanceText(miles, units),
    /** The miles the thumb moved to `position` stands for. */
    milesAt(position: number): number {
      const stop = snapToStop(position, value, stops);
      return metric ? milesFromKm(stop, bounds) : stop;
    },
  };
}
