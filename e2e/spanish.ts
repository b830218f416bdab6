import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import { localeTranslations } from '../scripts/po';
import { phoneContext } from './harness';

/*
 * What a Spanish screen must not show: any text node, accessible name, placeholder, title or alt that
 * is an English catalogue message Spanish says differently. Every journey in Spanish checks its screens with it.
 */

export type Language = 'en' | 'es';
export type Theme = 'light' | 'dark';
export const BROWSER_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-ES' };

/** Words that are the same in both languages on purpose: brand and product names, interest and city names. */
export const BRAND_WORDS = new Set(['Steep', 'Tea', 'Premium', 'Chats', 'Bisexual', 'Pansexual', 'Error', 'Likes']);

export const ENGLISH_ONLY = (() => {
  const es = localeTranslations('es');
  const en = [...localeTranslations('en')];
  // The English text is the English catalogue's msgstr: the msgid itself, or an explicit id's words (lib/labels).
  // A word Spanish uses as it is somewhere ('Like' on the button) is Spanish wherever it shows.
  const sameInSpanish = new Set(en.filter(([key, text]) => es.get(key) === text).map(([, text]) => text));
  return new Set(
    en
      .filter(([, text]) => !/[{<]/.test(text) && !sameInSpanish.has(text) && !BRAND_WORDS.has(text.trim()))
      .map(([, text]) => text),
  );
})();

/** Every text node, accessible name attribute and placeholder under `root` that is an English catalogue string. */
export async function englishStrings(root: Locator): Promise<string[]> {
  const found = await root.evaluate((element) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    for (const el of [element, ...element.querySelectorAll('*')]) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
  return [...new Set(found.filter((text) => ENGLISH_ONLY.has(text)))];
}

export async function person(
  browser: Parameters<typeof phoneContext>[0],
  baseUrl: string,
  language: Language,
  theme: Theme = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, baseUrl, { locale: BROWSER_LOCALE[language] });
  await context.addInitScript((value) => window.localStorage.setItem('steep-theme', value), theme);
  return { context, page: await context.newPage() };
}

/** Saves her app language and theme the way Preferences does (the whole preferences document). */
export async function saveLanguage(
  context: BrowserContext,
  user: SelfUser,
  language: Language,
  theme: Theme,
): Promise<void> {
  const current = (await (await context.request.get(`/api/users/${user.id}/preferences`)).json()) as {
    app: Record<string, unknown>;
  };
  const saved = await context.request.put(`/api/users/${user.id}/preferences`, {
    data: { ...current, app: { theme, language, units: current.app.units } },
  });
  if (saved.status() !== 200) throw new Error(`language not saved: ${saved.status()} ${await saved.text()}`);
}
