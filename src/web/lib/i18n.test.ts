import { beforeEach, describe, expect, it, vi } from 'vitest';

// The catalogues as the Lingui plugin compiles them; Spanish's words fail to arrive while `offline` is set.
let offline = false;
vi.mock('../../locales/en/start.po', () => ({ messages: {} }));
vi.mock('../../locales/es/start.po', () => ({
  get messages() {
    if (offline) throw new TypeError('Failed to fetch');
    return {};
  },
}));

const stored = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  },
});
vi.stubGlobal('document', { documentElement: { lang: '' } });
vi.stubGlobal('navigator', { languages: ['en-US'] });

describe('followSavedLanguage', () => {
  beforeEach(() => {
    vi.resetModules();
    stored.clear();
    offline = false;
  });

  it('resolves once her saved language is the active one', async () => {
    const { activateLocale, followSavedLanguage, i18n } = await import('./i18n');
    await activateLocale('en');
    const following = followSavedLanguage('es');
    expect(i18n.locale).toBe('en');
    await following;
    expect(i18n.locale).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(stored.get('language')).toBe('es');
    // Already active, or not a language Steep speaks: resolved at once, nothing changes.
    await followSavedLanguage('es');
    await followSavedLanguage('fr');
    expect(i18n.locale).toBe('es');
  });

  it('a second call while the first is on its way waits for the same switch', async () => {
    const { activateLocale, followSavedLanguage, i18n } = await import('./i18n');
    await activateLocale('en');
    const first = followSavedLanguage('es');
    const second = followSavedLanguage('es');
    await second;
    expect(i18n.locale).toBe('es');
    await first;
  });

  it('words that could not download reject it and leave the language, and the device, as they were', async () => {
    const { activateLocale, followSavedLanguage, i18n, loadMessages } = await import('./i18n');
    await activateLocale('en');
    offline = true;
    await expect(followSavedLanguage('es')).rejects.toThrow('Failed to fetch');
    expect(i18n.locale).toBe('en');
    expect(stored.get('language')).toBe('en');
    // The next screen's words load in the language on screen, not the one that never came.
    offline = false;
    await loadMessages('start');
    expect(i18n.locale).toBe('en');
    await followSavedLanguage('es');
    expect(i18n.locale).toBe('es');
  });
});
