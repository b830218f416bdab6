import { LIFESTYLE_KEYS } from '../../contract/lifestyle';
import { activeLocale, type Locale } from './i18n';
import { lifestyleFieldLabel, lifestyleOptionLabel } from './labels/lifestyle';

// How a profile's details read wherever one is shown: her own page, another member's profile sheet.

/** '168 cm (5′6″)', the centimetres written the way her language writes numbers. */
export function formatHeight(cm: number, locale: Locale = activeLocale()): string {
  const totalInches = Math.round(cm / 2.54);
  const centimetres = new Intl.NumberFormat(locale, { style: 'unit', unit: 'centimeter' }).format(cm);
  return `${centimetres} (${Math.floor(totalInches / 12)}′${totalInches % 12}″)`;
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
