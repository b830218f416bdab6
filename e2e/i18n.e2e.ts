import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newUser, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { ENGLISH_ONLY, englishStrings, type Language, person as personIn, saveLanguage, type Theme } from './spanish';
import { settle } from './waits';

/*
 * Spanish (decision 0023): a Spanish browser gets the landing page in Spanish, the landing switch and the
 * Preferences picker change the language without a reload, sign-up shows its errors (the form's and the
 * server's) in Spanish, and the converted screens show no English catalogue string.
 */
const env = useServerAndBrowser();

const person = (language: Language, theme: Theme = 'light') =>
  personIn(env.browser, env.server.baseUrl, language, theme);

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * The landing page as a new visit, its card closed: going to '/' from '/' is a reload to Chromium, which keeps
 * the entry's state (the card the previous screen opened stays open, as it does for a member who reloads).
 */
async function freshLanding(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.goto('/');
}

/** The signed-out screens converted so far, each opened and waited for by something it shows. */
const SIGNED_OUT_SCREENS: ReadonlyArray<{
  name: string;
  open: (page: Page, words: Record<Language, string>, language: Language) => Promise<void>;
  words: Record<Language, string>;
}> = [
  {
    name: 'landing',
    words: { en: 'Get Started', es: 'Empezar' },
    open: async (page, words, language) => {
      await freshLanding(page);
      await page.getByRole('button', { name: words[language] }).waitFor();
    },
  },
  {
    name: 'login',
    words: { en: 'Welcome back', es: 'Hola de nuevo' },
    open: async (page, words, language) => {
      await freshLanding(page);
      await page
        .getByRole('button', { name: language === 'es' ? 'Entrar' : 'Log in', exact: true })
        .first()
        .click();
      await page.getByRole('heading', { name: words[language] }).waitFor();
    },
  },
  {
    name: 'signup',
    words: { en: 'Join Steep', es: 'Únete a Steep' },
    open: async (page, words, language) => {
      await freshLanding(page);
      await page.getByRole('button', { name: language === 'es' ? 'Empezar' : 'Get Started' }).click();
      await page.getByRole('heading', { name: words[language] }).waitFor();
    },
  },
  {
    name: 'forgot-password',
    words: { en: 'Forgot your password?', es: '¿Olvidaste tu contraseña?' },
    open: async (page, words, language) => {
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: words[language] }).waitFor();
    },
  },
  {
    name: 'reset-link-broken',
    words: { en: 'This link has expired or was already used', es: 'Este enlace ha caducado o ya se usó' },
    open: async (page, words, language) => {
      await page.goto('/reset-password?token=short');
      await page.getByRole('heading', { name: words[language] }).waitFor();
    },
  },
  {
    name: 'unsubscribe',
    words: { en: 'Nothing changed', es: 'No ha cambiado nada' },
    open: async (page, words, language) => {
      await page.goto('/unsubscribe');
      await page.getByText(words[language]).waitFor();
    },
  },
  {
    name: 'not-found',
    words: { en: 'Page Not Found', es: 'Página no encontrada' },
    open: async (page, words, language) => {
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: words[language] }).waitFor();
    },
  },
];

describe('Spanish', () => {
  it('a Spanish browser gets the landing page in Spanish, and its switch changes the language in place', async () => {
    const { context, page } = await person('es');
    await page.goto('/');
    await page.getByRole('button', { name: 'Empezar' }).waitFor();
    expect(await htmlLang(page)).toBe('es');

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Empezar' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The choice stays on this device.
    await page.reload();
    await page.getByRole('button', { name: 'Empezar' }).waitFor();
    await context.close();
  });

  it('signs up in Spanish: the form’s and the server’s errors are Spanish, then the app stays Spanish', async () => {
    const { context: other } = await person('en');
    const taken = await signUpViaApi(other);
    await other.close();

    const { context, page } = await person('es');
    await page.goto('/');
    await page.getByRole('button', { name: 'Empezar' }).click();
    const form = page.getByRole('form', { name: 'Crear cuenta' });
    const user = newUser();
    await form.getByLabel('Nombre de usuario').fill(taken.username);
    await form.getByLabel('Contraseña', { exact: true }).fill('abcdefg_1');
    await form.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await form.getByLabel('Edad').fill('29');
    await form.getByLabel('Identidad de género').selectOption('non-binary');
    await form.getByLabel('Orientación sexual').selectOption('pansexual');
    await form.getByLabel('Estado').selectOption('Oregon');
    await form.getByLabel('Ciudad').selectOption('Portland');
    await form.getByRole('button', { name: 'Yoga', exact: true }).first().click();

    // Wrong first: the form's own check, in Spanish.
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await form.getByText('La contraseña debe tener al menos una mayúscula').waitFor();
    // Beside the field only, and focused there: no toast repeats it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('signup-password');
    expect(await page.getByTestId('toasts').locator('li').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'i18n-signup-error-es-light');

    // A password the rules let through but zxcvbn scores weak: the meter says why in Spanish (zxcvbn-ts's words).
    await form.getByLabel('Contraseña', { exact: true }).fill('Password1');
    await expect
      .poll(() => form.locator('#signup-password-rules-strength').textContent(), { timeout: 15_000 })
      .toContain('Es una contraseña usada comúnmente.');

    // Then the server's answer (a taken username), in Spanish too.
    await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    expect((await answer).status()).toBe(409);
    await form.getByText('Este nombre de usuario ya está en uso').waitFor();

    await form.getByLabel('Nombre de usuario').fill(user.username);
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Saltar' }).click();
    // Her account now says Spanish: loading her preferences keeps the app in it.
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: 'Descubrir' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await englishStrings(page.locator('header'))).toEqual([]);
    expect(await englishStrings(nav)).toEqual([]);
    await context.close();
  });

  it('switching the language in Preferences changes the app at once, without a reload', async () => {
    const { context, page } = await person('en');
    await signUpViaApi(context);
    await page.goto('/preferences');
    await page.getByRole('tab', { name: 'App Settings' }).click();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('tab', { name: 'Ajustes de la app' }).waitFor();
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Descubrir' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await settle(page);
    await screenshot(page, 'i18n-preferences-es-light');

    // Saved on her account: a reload (and any device) starts in Spanish.
    await page.reload();
    await page.getByRole('navigation', { name: 'Principal' }).waitFor();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discover' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await context.close();
  });

  it('the converted screens show no English catalogue string in Spanish', async () => {
    const { context, page } = await person('es');
    for (const screen of SIGNED_OUT_SCREENS) {
      await screen.open(page, screen.words, 'es');
      expect(await englishStrings(page.locator('body')), screen.name).toEqual([]);
      expect(ENGLISH_ONLY.has(await page.title()), `${screen.name} title`).toBe(false);
    }
    await context.close();
  });

  it.each([
    ['en', 'light'],
    ['en', 'dark'],
    ['es', 'light'],
    ['es', 'dark'],
  ] as const)('photographs the converted screens in %s, %s theme', async (language, theme) => {
    const { context, page } = await person(language, theme);
    for (const screen of SIGNED_OUT_SCREENS) {
      await screen.open(page, screen.words, language);
      await settle(page);
      await screenshot(page, `i18n-${screen.name}-${language}-${theme}`);
    }
    const user = await signUpViaApi(context);
    await saveLanguage(context, user, language, theme);
    await page.goto('/preferences');
    const nav = page.getByRole('navigation', { name: language === 'es' ? 'Principal' : 'Main' });
    await nav.getByRole('link', { name: language === 'es' ? 'Descubrir' : 'Discover' }).waitFor();
    await settle(page);
    await screenshot(page, `i18n-shell-${language}-${theme}`);
    await context.close();
  });
});
