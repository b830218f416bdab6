import type { Theme, Units } from '../../contract/preferences';
import { activeLocale } from './i18n';

/** The key public/theme.js reads before the first paint. */
const THEME_STORAGE_KEY = 'steep-theme';

let systemListener: (() => void) | undefined;

/** Applies a theme now and remembers it for the next load (so reloads do not flash). */
export function applyTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the theme still applies to this page.
  }
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const paint = () => {
    const dark = theme === 'dark' || (theme === 'system' && media.matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  if (systemListener) media.removeEventListener('change', systemListener);
  systemListener = theme === 'system' ? paint : undefined;
  if (systemListener) media.addEventListener('change', systemListener);
  paint();
}

const KM_PER_MILE = 1.609344;

/** A distance in her units and language: 25 → '25 miles' / '25 millas', or '40 km' (Intl's unit names). */
function unitNumber(value: number, unit: 'mile' | 'kilometer', display: 'long' | 'short'): string {
  return new Intl.NumberFormat(activeLocale(), { style: 'unit', unit, unitDisplay: display }).format(value);
}

/** 25 → '25 miles' or '40 km'. */
export function distanceText(miles: number, units: Units): string {
  if (units === 'metric') return unitNumber(Math.round(miles * KM_PER_MILE), 'kilometer', 'short');
  return unitNumber(miles, 'mile', 'long');
}

/** The server's distance bands ('~15 mi') in her units ('~24 km'). */
export function distanceBandText(band: string, units: Units): string {
  return band.replace(/(\d+) mi\b/, (_, miles: string) =>
    units === 'metric'
      ? unitNumber(Math.round(Number(miles) * KM_PER_MILE), 'kilometer', 'short')
      : unitNumber(Number(miles), 'mile', 'short'),
  );
}
