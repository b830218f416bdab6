import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  closeBadgeCard,
  matchViaApi,
  screenshot,
  watchBadgeCheck,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
} from './harness';
import { ENGLISH_ONLY, englishStrings, person as personIn, saveLanguage, type Theme } from './spanish';
import { settle } from './waits';

/*
 * The app shell in Spanish: a member whose saved language is Spanish walks the shell's navigation,
 * her match's profile sheet (its failure to load first, with a retry), a confirm dialog, the 404 page, the
 * offline page and the sign-out toast. Other areas' controls on the way are found by their icon or test id,
 * not by their words, so the journey holds whichever of them are translated.
 */
const env = useServerAndBrowser();

/** No English catalogue string in `root`. */
async function allSpanish(root: Locator, screen: string) {
  expect(await englishStrings(root), screen).toEqual([]);
}

async function member(theme: Theme, name: string) {
  const { context, page } = await personIn(env.browser, env.server.baseUrl, 'es', theme);
  const user = await signUpViaApi(context, { name });
  await saveLanguage(context, user, 'es', theme);
  return { context, page, user };
}

/** Photographed once the screen stands still. */
async function photograph(page: Page, screen: string, theme: Theme) {
  await settle(page);
  await screenshot(page, `i18n-shell-${screen}-${theme}`);
}

describe('the app shell in Spanish', () => {
  it.each(['light', 'dark'] as const)(
    'walks the shell, a profile sheet, a dialog and the error paths (%s)',
    async (theme) => {
      const lucia = await member(theme, 'Lucía');
      const noa = await member(theme, 'Noa');
      const bio = await noa.context.request.put(`/api/users/${noa.user.id}`, {
        data: { bio: 'Té verde, montaña y novelas largas.', job: 'Guardabosques', pronouns: 'elle' },
      });
      expect(bio.status(), await bio.text()).toBe(200);
      const matchId = await matchViaApi(lucia, noa);
      const { page } = lucia;

      // The shell: header and bottom navigation (once her first badge's card, another area's, has gone).
      const badges = await watchBadgeCheck(page, env.server);
      await page.goto('/home');
      await closeBadgeCard(page, badges);
      const nav = page.getByRole('navigation', { name: 'Principal' });
      for (const tab of ['Descubrir', 'Tea', 'Chats', 'Perfil']) await nav.getByRole('link', { name: tab }).waitFor();
      await page.getByRole('button', { name: 'Tu perfil' }).waitFor();
      const strip = page.getByRole('region', { name: 'Matches recientes' });
      await strip.getByRole('link', { name: 'Chatear con Noa' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await allSpanish(page.locator('header'), 'header');
      await allSpanish(nav, 'navigation');
      await allSpanish(strip, 'recent matches');
      await strip.scrollIntoViewIfNeeded();
      await photograph(page, 'home', theme);

      // Her own profile sheet behind the header avatar.
      await page.getByRole('button', { name: 'Tu perfil' }).click();
      const own = page.getByRole('dialog', { name: 'Tu perfil' });
      await own.getByText('Cómo te ven en Descubrir').waitFor();
      await allSpanish(own, 'own profile sheet');
      await own.getByRole('button', { name: 'Cerrar' }).first().click();
      await own.waitFor({ state: 'hidden' });

      // Her match's profile: the network fails first (the sheet's error and retry), then it loads.
      const profileRoute = `**/api/users/${noa.user.id}`;
      await page.route(profileRoute, (route) => route.abort('internetdisconnected'));
      await strip.getByRole('button', { name: 'Ver el perfil de Noa' }).click();
      const sheet = page.getByRole('dialog', { name: /^Noa/ });
      await sheet.getByText('No se pudo cargar este perfil.').waitFor();
      await allSpanish(sheet, 'profile sheet (error)');
      await photograph(page, 'profile-error', theme);
      await page.unroute(profileRoute);
      await sheet.getByRole('button', { name: 'Reintentar' }).click();
      await sheet.getByText('Guardabosques').waitFor();
      for (const section of ['Sobre mí', 'Detalles', 'Tés favoritos'])
        await sheet.getByRole('heading', { name: section }).waitFor();
      await sheet.getByText('Trabajo', { exact: true }).waitFor();
      await allSpanish(sheet, 'profile sheet');
      await photograph(page, 'profile-sheet', theme);
      await sheet.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await photograph(page, 'profile-sheet-end', theme);

      // Into the conversation from the sheet, and Unmatch's confirm dialog (chat's menu, found by its icons).
      await sheet.getByRole('link', { name: 'Escribir a Noa' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/conversation/${matchId}`);
      await page.locator('header button[aria-haspopup="menu"]').click();
      await page
        .getByRole('menuitem')
        .filter({ has: page.locator('svg.lucide-heart-off') })
        .click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Cancelar' }).waitFor();
      await allSpanish(confirm, 'confirm dialog');
      await photograph(page, 'confirm', theme);
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'hidden' });

      // The 404 page, inside her signed-in app.
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
      await page.getByRole('link', { name: 'Ir al inicio' }).waitFor();
      await allSpanish(page.locator('body'), '404');
      expect(ENGLISH_ONLY.has(await page.title())).toBe(false);
      await photograph(page, 'not-found', theme);

      // The offline page the service worker shows without a network speaks her language too.
      await page.goto('/offline.html');
      await page.getByRole('heading', { name: 'Sin conexión' }).waitFor();
      await page.getByRole('link', { name: 'Reintentar' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.title()).toBe('Sin conexión · Steep');
      await photograph(page, 'offline', theme);

      // Signing out (her profile's button, found by its icon): the toast and the landing page in Spanish.
      await page.goto('/profile');
      await page.locator('button:has(svg.lucide-log-out)').first().click();
      await toastText(page, 'Has cerrado sesión').waitFor();
      await page.getByRole('button', { name: 'Empezar' }).waitFor();
      await allSpanish(page.getByTestId('toasts'), 'toast');
      await photograph(page, 'signed-out-toast', theme);

      await lucia.context.close();
      await noa.context.close();
    },
  );
});
