import { i18n, type Messages } from '@lingui/core';
import { storage } from './storage';

/**
 * The app's languages (decision 0023). English is the source: message ids come from the English text.
 * Only the active locale's words are downloaded, and only those a screen needs: each locale has four catalogues
 * (lingui.config.ts: `start` for the landing page, `visitor` for the other signed-out screens, `home` for /home's
 * first paint, `rest` for everything else), each its own lazy chunk compiled from src/locales/<locale>/<catalogue>.po by the Lingui
 * Vite plugin.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
type Catalogue = 'start' | 'visitor' | 'home' | 'rest';

/** Each language named in itself, for the pickers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** A visitor's choice on this device (before she has an account to save it on). */
const STORAGE_KEY = 'language';

type Load = () => Promise<{ messages: Messages }>;
const catalogues: Record<Locale, Record<Catalogue, Load>> = {
  en: {
    start: () => import('../../locales/en/start.po'),
    visitor: () => import('../../locales/en/visitor.po'),
    home: () => import('../../locales/en/home.po'),
    rest: () => import('../../locales/en/rest.po'),
  },
  es: {
    start: () => import('../../locales/es/start.po'),
    visitor: () => import('../../locales/es/visitor.po'),
    home: () => import('../../locales/es/home.po'),
    rest: () => import('../../locales/es/rest.po'),
  },
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The first of the browser's languages Steep speaks (`es-MX` → `es`), else English. */
function browserLocale(languages: readonly string[] = navigator.languages): Locale {
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

/** The catalogues this page has needed so far: a language switch loads all of them in the new language. */
const needed = new Set<Catalogue>(['start']);
/** Per locale and catalogue, its load (started once, shared by everyone waiting for it). */
const loads = new Map<string, Promise<void>>();
/** The locale being switched to, while its catalogues download, and that switch (resolves once it is active). */
let wanted: Locale | undefined;
let switching: Promise<void> = Promise.resolve();

function load(locale: Locale, catalogue: Catalogue): Promise<void> {
  const key = `${locale}/${catalogue}`;
  let loading = loads.get(key);
  if (!loading) {
    loading = catalogues[locale][catalogue]().then(({ messages }) => i18n.load(locale, messages));
    // A failed download (offline) is tried again by the next screen that needs it.
    loading.catch(() => loads.delete(key));
    loads.set(key, loading);
  }
  return loading;
}

/**
 * Loads every catalogue the page has needed in `locale` and switches every rendered message (I18nProvider
 * re-renders on `change`), sets `<html lang>` and, once it shows, remembers the choice on this device. Two quick switches: the
 * last one wins. A switch whose words could not download (offline) rejects and leaves the language as it was.
 */
export function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale && wanted === undefined) {
    storage.set(STORAGE_KEY, locale);
    document.documentElement.lang = locale;
    return Promise.resolve();
  }
  if (wanted === locale) return switching;
  wanted = locale;
  switching = Promise.all([...needed].map((catalogue) => load(locale, catalogue))).then(
    () => {
      if (wanted !== locale) return;
      wanted = undefined;
      i18n.activate(locale);
      storage.set(STORAGE_KEY, locale);
      document.documentElement.lang = locale;
    },
    (error: unknown) => {
      // Not stuck on a language that never came: the next screen's words load in the one on screen.
      if (wanted === locale) wanted = undefined;
      throw error;
    },
  );
  return switching;
}

/** Resolves once `catalogue`'s words are loaded in the language being shown (or switched to). */
export function loadMessages(catalogue: Catalogue): Promise<void> {
  needed.add(catalogue);
  const locale = wanted ?? (isLocale(i18n.locale) ? i18n.locale : initialLocale());
  return load(locale, catalogue);
}

/** A lazily loaded screen or part that shows `catalogue`'s words: resolves with the module once both are here. */
export function withMessages<T>(catalogue: Catalogue, loadModule: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loadModule(), loadMessages(catalogue)]).then(([module]) => module);
}

/**
 * Her saved language (from her preferences) takes over from the device's once she is signed in. Resolves once it
 * is the active one (at once when it already is or is not a language Steep speaks); rejects when its words could
 * not download, the language on screen staying as it was.
 */
export function followSavedLanguage(language: string): Promise<void> {
  if (!isLocale(language)) return Promise.resolve();
  if (language === wanted) return switching;
  if (wanted === undefined && language === i18n.locale) return Promise.resolve();
  return activateLocale(language);
}

/** The active locale, for Intl formatting outside React. */
export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

// A message shown before its catalogue loaded renders as its id: say so, so the journeys (e2e/page-guard.ts) catch
// a lazily loaded part that forgot `withMessages`.
i18n.on('missing', ({ id, locale }) => console.error(`[i18n] no ${locale} message for ${id}`));

export { i18n };
