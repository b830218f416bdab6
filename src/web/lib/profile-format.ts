import { LIFESTYLE_KEYS } from '../../contract/lifestyle';
import { lifestyleFieldLabel, lifestyleOptionLabel } from './labels/lifestyle';

// How a profile's details read wherever one is shown: her own page, another member's profile sheet.

/** '168 cm (5′6″)'. */
export function formatHeight(cm: number): string {
  const totalInches = Math.round(cm / 2.54);
  return `${cm} cm (${Math.floor(totalInches / 12)}′${totalInches % 12}″)`;
}

/** Her lifestyle answers in the catalogue's order, labelled in her language: [['Smoking', 'None'], …]. */
export function lifestyleEntries(lifestyle: Record<string, string>): Array<[string, string]> {
  return LIFESTYLE_KEYS.flatMap((key) => {
    const value = lifestyle[key];
    return value ? [[lifestyleFieldLabel(key), lifestyleOptionLabel(key, value)] as [string, string]] : [];
  });
}

/** 'March 2025'. */
export function formatMonthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}
