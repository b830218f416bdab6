import { i18n, type Messages } from '@lingui/core';
import { storage } from './storage';

/**
 * The app's languages (decision 0023). English is the source: message ids come from the English text.
 * Only the active locale's catalogue is downloaded: each is its own lazy chunk, compiled from
 * src/locales/<locale>/messages.po by the Lingui Vite plugin.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, for the pickers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** A visitor's choice on this device (before she has an account to save it on). */
const STORAGE_KEY = 'language';

const catalogues: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  es: () => import('../../locales/es/messages.po'),
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The first of the browser's languages Steep speaks (`es-MX` → `es`), else English. */
export function browserLocale(languages: readonly string[] = navigator.languages): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** Where a visit starts: her choice on this device, else the browser's language. The saved setting follows at sign-in. */
export function initialLocale(): Locale {
  const stored = storage.get(STORAGE_KEY);
  return isLocale(stored) ? stored : browserLocale();
}

let pending: Promise<void> | undefined;
let wanted: Locale | undefined;

/**
 * Loads the catalogue and switches every rendered message (I18nProvider re-renders on `change`), sets
 * `<html lang>` and remembers the choice on this device. Two quick switches: the last one wins.
 */
export function activateLocale(locale: Locale): Promise<void> {
  storage.set(STORAGE_KEY, locale);
  if (i18n.locale === locale && wanted === undefined) {
    document.documentElement.lang = locale;
    return Promise.resolve();
  }
  wanted = locale;
  pending = catalogues[locale]().then(({ messages }) => {
    if (wanted !== locale) return;
    wanted = undefined;
    i18n.loadAndActivate({ locale, messages });
    document.documentElement.lang = locale;
  });
  return pending;
}

/** Her saved language (from her preferences) takes over from the device's once she is signed in. */
export function followSavedLanguage(language: string): void {
  if (isLocale(language) && language !== (wanted ?? i18n.locale)) void activateLocale(language);
}

/** The active locale, for Intl formatting outside React. */
export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

export { i18n };
