import type { Catalogue, LocalText, MessageKey, ValidationText } from './catalogue';
import { en } from './en';
import { icebreakers as enIcebreakers, type IcebreakerTemplates } from './en/icebreakers';
import { es, esValidation } from './es';
import { icebreakers as esIcebreakers } from './es/icebreakers';
import { interestNames as esInterestNames, teaNames as esTeaNames } from './es/labels';

/*
 * The server's languages (decision 0023, docs/architecture.md "Languages"): one typed catalogue per language
 * (./en.ts, ./es.ts). A request is answered in her saved language (preferences app.language) when she is
 * signed in, else in the best of `Accept-Language`, else English (./request.ts); a mail in its recipient's.
 */
export const SERVER_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SERVER_LANGUAGES)[number];

const catalogues: Record<Language, Catalogue> = { en, es };
const validation: Record<Language, Partial<Record<string, string>>> = { en: {}, es: esValidation };

export const isLanguage = (value: unknown): value is Language => SERVER_LANGUAGES.includes(value as Language);

/** The catalogue entry of `key` in `language`: a sentence, or the function that makes one from parameters. */
export function messagesOf(language: Language): Catalogue {
  return catalogues[language];
}

const starterTemplates: Record<Language, IcebreakerTemplates> = { en: enIcebreakers, es: esIcebreakers };

/** The conversation starters' templates in `language` (features/chat/icebreaker-generator.ts). */
export function icebreakerTemplatesOf(language: Language): IcebreakerTemplates {
  return starterTemplates[language];
}

/** Stored interest and tea names are English, so English reads them as stored (an empty table). */
const labelTables: Record<
  Language,
  { interests: Readonly<Record<string, string>>; teas: Readonly<Record<string, string>> }
> = { en: { interests: {}, teas: {} }, es: { interests: esInterestNames, teas: esTeaNames } };

const labelIn = (table: Readonly<Record<string, string>>, name: string) =>
  Object.hasOwn(table, name) ? (table[name] as string) : name;

/** An interest as a reader of `language` knows it ('Hiking' → 'Senderismo'); a name no table knows, as stored. */
export const interestName = (language: Language, name: string): string =>
  labelIn(labelTables[language].interests, name);

/** A tea as a reader of `language` knows it ('Chamomile' → 'Manzanilla'); a name no table knows, as stored. */
export const teaName = (language: Language, name: string): string => labelIn(labelTables[language].teas, name);

/** A LocalText in words. */
export function render(language: Language, text: LocalText): string {
  const entry = catalogues[language][text.key] as string | ((params: unknown) => unknown);
  const value = typeof entry === 'function' ? entry(text.params) : entry;
  if (typeof value !== 'string') throw new Error(`i18n: ${text.key} is not a sentence`);
  return value;
}

/** One sentence by key (a message without parameters). */
export function say(language: Language, key: MessageKey): string {
  return render(language, { key, params: undefined } as LocalText);
}

/** A contract validation sentence (English, from zod) in `language`; a sentence not in the table stays English. */
export function translateValidation(language: Language, english: string): string {
  return validation[language][english as ValidationText] ?? english;
}

/**
 * The first language of an `Accept-Language` header Steep speaks (`es-MX;q=0.9` → es), by quality then order;
 * undefined when none.
 */
export function negotiateLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage);
}

export { localText, type LocalText, type MessageKey } from './catalogue';
