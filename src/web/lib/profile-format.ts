import { LIFESTYLE_KEYS } from '../../contract/lifestyle';
import type { Units } from '../../contract/preferences';
import { activeLocale, type Locale } from './i18n';
import { lifestyleFieldLabel, lifestyleOptionLabel } from './labels/lifestyle';

// How a profile's details read wherever one is shown: her own page, another member's profile sheet.

/**
 * A height in her units: '168 cm' in metric; in imperial feet and inches first, the centimetres after
 * ('5′6″ (168 cm)'), since that is what she reads heights in. Centimetres written the way her language writes numbers.
 */
export function formatHeight(cm: number, units: Units, locale: Locale = activeLocale()): string {
  const centimetres = new Intl.NumberFormat(locale, { style: 'unit', unit: 'centimeter' }).format(cm);
  if (units === 'metric') return centimetres;
  const totalInches = Math.round(cm / 2.54);
  return `${Math.floor(totalInches / 12)}′${totalInches % 12}″ (${centimetres})`;
}

/** Her lifestyle answers in the catalogue's order, labelled in her language: [['Smoking', 'None'], …]. */
export function lifestyleEntries(lifestyle: Record<string, string>): Array<[string, string]> {
  return LIFESTYLE_KEYS.flatMap((key) => {
    const value = lifestyle[key];
    return value ? [[lifestyleFieldLabel(key), lifestyleOptionLabel(key, value)] as [string, string]] : [];
  });
}

/** 'March 2025' ('marzo de 2025'). */
export function formatMonthYear(iso: string, locale: Locale = activeLocale()): string {
  return new Date(iso).toLocaleDateString(locale, { month: 'long', year: 'numeric' });
}
