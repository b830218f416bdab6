import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import { closeBadgeCard, screenshot, watchBadgeCheck, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { englishStrings, person, type Theme } from './spanish';
import { atRest, settle } from './waits';

/*
 * Discover in Spanish: a member whose app speaks Spanish and counts in kilometres sees her deck's
 * cards, counters and distances in Spanish, the Filters page (and its Friends filters' error) in Spanish, and,
 * liking someone who already liked her, the match celebration in Spanish. Light and dark, at 390×844.
 */
const env = useServerAndBrowser();

/** Her saved app settings: Spanish, kilometres, and the theme (the whole preferences document, as Preferences saves it). */
async function spanishInKilometres(context: BrowserContext, user: SelfUser, theme: Theme): Promise<void> {
  const current = (await (await context.request.get(`/api/users/${user.id}/preferences`)).json()) as {
    app: Record<string, unknown>;
  };
  const saved = await context.request.put(`/api/users/${user.id}/preferences`, {
    data: { ...current, app: { ...current.app, theme, language: 'es', units: 'metric' } },
  });
  if (saved.status() !== 200) throw new Error(`preferences not saved: ${saved.status()} ${await saved.text()}`);
}

async function noEnglish(page: Page): Promise<void> {
  expect(await englishStrings(page.locator('body'))).toEqual([]);
}

/** Each theme's pair lives in its own cities, so neither run's people show up in the other's deck. */
const PLACES: Record<Theme, { her: string; other: string; city: string; km: string }> = {
  // Salem → Albany: ~20 mi, ~32 km.
  light: { her: 'Salem, Oregon', other: 'Albany, Oregon', city: 'Albany', km: '~32 km' },
  // Spokane → Spokane Valley: ~10 mi, ~16 km.
  dark: { her: 'Spokane, Washington', other: 'Spokane Valley, Washington', city: 'Spokane Valley', km: '~16 km' },
};

describe('Discover in Spanish', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`deck, Filters and the match celebration in Spanish (${theme})`, async () => {
      const places = PLACES[theme];
      const { context, page } = await person(env.browser, env.server.baseUrl, 'es', theme);
      const lucia = await signUpViaApi(context, { name: 'Lucía', age: 30, location: places.her });
      await spanishInKilometres(context, lucia, theme);

      // Ava liked her already: liking Ava back makes the match.
      const { context: avaContext } = await person(env.browser, env.server.baseUrl, 'en');
      const ava = await signUpViaApi(avaContext, {
        name: 'Ava',
        age: 31,
        location: places.other,
        bio: 'Oolong devotee and weekend climber.',
        interests: ['Rock Climbing', 'Pottery', 'Tea Tasting', 'Board Games', 'Hiking'],
      });
      const liked = await avaContext.request.post('/api/likes', { data: { targetUserId: lucia.id, isLike: true } });
      expect(liked.status()).toBe(201);

      // Discover: the card says how far in kilometres, the counters and buttons speak Spanish.
      const badges = await watchBadgeCheck(page, env.server);
      await page.goto('/home');
      const card = page.getByTestId('top-card');
      await card.getByRole('heading', { name: /Ava/ }).waitFor();
      await atRest(card);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await card.getByText(`${places.city} · a ${places.km}`).isVisible()).toBe(true);
      const counters = page.getByTestId('swipe-counters');
      await expect.poll(() => counters.textContent()).toContain('Te quedan 10 likes hoy');
      expect(await counters.textContent()).toContain('Te queda 1 super like esta semana');
      await page.getByRole('button', { name: 'Like', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Pasar', exact: true }).waitFor();
      await page.getByRole('button', { name: /Mi ciudad/ }).waitFor();
      expect(await page.title()).toBe('Descubrir · Steep');
      // A new member's first badge card would cover the deck.
      await closeBadgeCard(page, badges);
      await settle(page);
      await noEnglish(page);
      await screenshot(page, `i18n-discovery-deck-${theme}`);

      // Filters: her distance in kilometres, and the Friends filters' error path in Spanish.
      await page.goto('/filters');
      await page.getByRole('heading', { name: 'Filtros de Descubrir' }).waitFor();
      await page.getByRole('region', { name: 'Modo viaje' }).waitFor();
      const distance = page.locator('output[aria-labelledby="distance-title"]');
      await expect.poll(() => distance.textContent()).toBe('80 km');
      await page.getByTestId('filters-summary').getByText('A menos de 80 km de tu ciudad').waitFor();
      const friends = page.getByRole('region', { name: 'Modo Amistad' });
      await friends.locator('fieldset:not([disabled])').waitFor();
      await friends.getByText('Ambos', { exact: true }).click();
      await toastText(page, 'Busco: Ambos').waitFor();
      const form = friends.getByRole('form', { name: 'Filtros de Amistad' });
      // Her Friends distance is typed in kilometres too, a round value (the server keeps whole miles).
      expect(Number(await form.getByLabel('Kilómetros').inputValue()) % 5).toBe(0);
      await form.getByLabel('Edad mín.').fill('40');
      await form.getByLabel('Edad máx.').fill('25');
      await form.getByRole('button', { name: 'Guardar filtros de Amistad' }).click();
      await form.getByText('La edad máxima debe ser igual o mayor que la mínima').waitFor();
      await page.getByTestId('toasts').getByRole('button').first().click();
      await toastText(page, 'Busco: Ambos').waitFor({ state: 'detached' });
      await noEnglish(page);
      await form.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `i18n-discovery-filters-error-${theme}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await screenshot(page, `i18n-discovery-filters-${theme}`);

      // Back on Discover (now with the Dating | Friends switch): she likes Ava back, and it's a match.
      await page.getByRole('link', { name: 'Volver a Descubrir' }).click();
      await page.getByRole('group', { name: 'Mazo' }).getByRole('button', { name: 'Citas' }).waitFor();
      await card.getByRole('heading', { name: /Ava/ }).waitFor();
      await atRest(card);
      await noEnglish(page);
      await screenshot(page, `i18n-discovery-decks-${theme}`);
      await page.getByRole('button', { name: 'Like', exact: true }).click();
      const celebration = page.getByRole('dialog', { name: '¡Es un match!' });
      await celebration.waitFor();
      await celebration.getByText('Ava y tú se dieron like.').waitFor();
      await celebration.getByRole('link', { name: 'Enviar un mensaje' }).waitFor();
      await atRest(celebration);
      await noEnglish(page);
      await screenshot(page, `i18n-discovery-match-${theme}`);
      await celebration.getByRole('button', { name: 'Seguir deslizando' }).click();
      await celebration.waitFor({ state: 'hidden' });

      expect(ava.name).toBe('Ava');
      await avaContext.close();
      await context.close();
    });
  }
});
