import type { Units } from '../../contract/preferences';
import { activeLocale } from './i18n';

/*
 * Her units: the first guess before she chooses, and distances in them. A filter's distance and its slider are in
 * ./distance.ts, which only the screens that edit filters load.
 */

export const KM_PER_MILE = 1.609344;

/** Regions that give road distances in miles (CLDR's measurement data: the US, the UK, Liberia, Myanmar). */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM']);

/**
 * Her units before she chooses: miles where her browser's first language is spoken with them (en-US, es-US,
 * en-GB; a bare 'en' is likely en-US), kilometres everywhere else (es, es-ES, es-MX, fr…). Sign-up saves the guess
 * as her setting; from then on her saved setting decides.
 */
export function defaultUnits(languages: readonly string[] = navigator.languages): Units {
  const tag = languages[0] ?? (typeof navigator === 'undefined' ? undefined : navigator.language);
  if (!tag) return 'imperial';
  try {
    const region = new Intl.Locale(tag).maximize().region;
    return region !== undefined && MILE_REGIONS.has(region) ? 'imperial' : 'metric';
  } catch {
    // Not a language tag: the app's default.
    return 'imperial';
  }
}

/** A distance in her units and language: 25 → '25 miles' / '25 millas', or '40 km' (Intl's unit names). */
export function unitNumber(value: number, unit: 'mile' | 'kilometer', display: 'long' | 'short'): string {
  return new Intl.NumberFormat(activeLocale(), { style: 'unit', unit, unitDisplay: display }).format(value);
}

/** The server's distance bands ('~15 mi') in her units ('~24 km'). */
export function distanceBandText(band: string, units: Units): string {
  return band.replace(/(\d+) mi\b/, (_, miles: string) =>
    units === 'metric'
      ? unitNumber(Math.round(Number(miles) * KM_PER_MILE), 'kilometer', 'short')
      : unitNumber(Number(miles), 'mile', 'short'),
  );
}
