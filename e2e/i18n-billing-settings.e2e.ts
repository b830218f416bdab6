import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import {
  SCREENSHOT_DIR,
  closeBadgeCard,
  expectBadgesApart,
  matchViaApi,
  newUser,
  screenshot,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { ENGLISH_ONLY, englishStrings, person as personIn, saveLanguage, type Theme } from './spanish';
import { settle, watchRealtime } from './waits';

/*
 * A member in Spanish: Premium checkout with the demo processor (an incomplete card, then a declined
 * one, then a good one; prices in Spanish format), her subscription, Settings (a wrong current password, then a
 * change that works, and her other phone told why it was signed out), Preferences and the preference dashboard, and Share My Date sent empty. Every screen shows
 * no English catalogue string; each is photographed at 390×844 in the theme of the run.
 */
const env = useServerAndBrowser();

const here = { location: 'Portland, Oregon' };

/** No English catalogue string on the screen, nor in its title. */
async function allSpanish(page: Page, screen: string) {
  const english = await englishStrings(page.locator('body'));
  if (english.length > 0) await screenshot(page, `i18n-billing-settings-failed-${screen}`, { fullPage: true });
  expect(english, screen).toEqual([]);
  expect(ENGLISH_ONLY.has(await page.title()), `${screen} title`).toBe(false);
}

async function shoot(page: Page, screen: string, theme: Theme) {
  await settle(page);
  await screenshot(page, `i18n-billing-settings-${screen}-${theme}`);
}

async function fillCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Pago con tarjeta' });
  await form.getByLabel('Número de tarjeta').fill(cardNumber);
  await form.getByLabel('Caducidad (MM/AA)').fill('12/34');
  await form.getByLabel('CVC').fill('314');
  await form.getByLabel(/Nombre en la tarjeta/).fill('Lucía Reyes');
}

describe('billing and settings in Spanish', () => {
  it.each(['light', 'dark'] as const)('checkout, settings, preferences and Share My Date (%s theme)', async (theme) => {
    const { context, page } = await personIn(env.browser, env.server.baseUrl, 'es', theme);
    const body = newUser({ ...here, name: 'Lucía' });
    const me = await signUpViaApi(context, body);
    await saveLanguage(context, me, 'es', theme);

    // Free and Premium compared, prices in Spanish format.
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/premium');
    await page.getByRole('heading', { name: 'Hazte Premium' }).waitFor();
    // A new member's "Badge earned" card would cover the plans.
    await closeBadgeCard(page, badges);
    expect(await page.getByRole('row', { name: /Likes ilimitados/ }).textContent()).toContain('10 al día');
    await page.getByText('Desde 3,99\u00a0US$/mes').waitFor();
    await allSpanish(page, 'premium');
    await shoot(page, 'premium', theme);

    // The plan picker and the demo card form.
    await page.getByRole('main').getByRole('link', { name: 'Hazte Premium' }).click();
    await page.getByRole('radio', { name: /Mensual/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Anual/ }).textContent()).toContain('Equivale a 5,00\u00a0US$/mes');
    await page.getByText('Pagos de demostración: no se mueve dinero real.').waitFor({ timeout: 10_000 });
    const subscribe = page.getByRole('button', { name: /Suscribirme · 3,99\sUS\$\/mes/ });
    await subscribe.waitFor();
    // 3,99 a month beats 5,00 a month: Best Value goes to the monthly plan, beside (never over) its sale badge.
    await settle(page);
    await expectBadgesApart(page.getByRole('radio', { name: /Mensual/ }), ['Oferta de lanzamiento', 'Mejor precio']);
    expect(await page.getByRole('radio', { name: /Anual/ }).textContent()).not.toContain('Mejor precio');
    // The plans photographed on their own, badges included (they stand above the cards' top border).
    const plans = await page.getByRole('radiogroup').boundingBox();
    if (!plans) throw new Error('no plans');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `i18n-billing-settings-plans-${theme}.png`),
      clip: { x: 0, y: plans.y - 16, width: 390, height: plans.height + 32 },
    });
    await allSpanish(page, 'subscribe');
    await shoot(page, 'subscribe', theme);

    // An incomplete card number: said beside the field before anything is sent.
    await fillCard(page, '4242 4242');
    await subscribe.click();
    await page.getByText('El número de tu tarjeta está incompleto.').waitFor();
    await allSpanish(page, 'subscribe-incomplete-card');
    await page.getByLabel('Número de tarjeta').scrollIntoViewIfNeeded();
    await shoot(page, 'card-incomplete', theme);

    // A declined card: the processor's answer, in Spanish.
    await fillCard(page, '4000 0000 0000 0002');
    const declined = page.waitForResponse((r) => r.url().endsWith('/api/billing/confirm'));
    await subscribe.click();
    expect((await declined).status()).toBe(402);
    await toastText(page, 'Pago fallido').waitFor();
    await toastText(page, 'Tu tarjeta fue rechazada.').waitFor();
    await allSpanish(page, 'subscribe-declined');
    await shoot(page, 'card-declined', theme);

    // A good card: Premium is on.
    await fillCard(page, '4242 4242 4242 4242');
    await subscribe.click();
    await page.getByRole('heading', { name: 'Premium está activo' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => toastText(page, 'Pago fallido').count()).toBe(0);
    await allSpanish(page, 'premium-active');
    await shoot(page, 'premium-active', theme);

    // The Premium Member badge is earned with it; a fresh page does not reveal it again over the next screens.
    const checked = await context.request.post(`/api/users/${me.id}/check-achievements`);
    expect(checked.status()).toBe(200);
    await expect
      .poll(
        async () => {
          const list = (await (await context.request.get(`/api/users/${me.id}/badges`)).json()) as {
            badges: { id: string; earnedAt: string | null }[];
          };
          return list.badges.some((badge) => badge.id === 'premium_member' && badge.earnedAt !== null);
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // Her subscription: renewal date and payments in Spanish.
    await page.goto('/subscription');
    await page.getByText('Se renueva el').waitFor({ timeout: 10_000 });
    await page.getByText('Miembro Premium').waitFor();
    await page.getByText('Plan Mensual', { exact: true }).first().waitFor();
    await allSpanish(page, 'subscription');
    await shoot(page, 'subscription', theme);

    // Settings: a wrong current password is refused beside its field, then the right one changes it.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Ajustes', exact: true }).waitFor();
    await allSpanish(page, 'settings');
    await shoot(page, 'settings', theme);
    const current = page.getByLabel('Contraseña actual');
    const newPassword = 'Otra_Clave_2024';
    // A new password that breaks a rule is refused beside its field before the server is asked, and the
    // rules under it tick as she types.
    let passwordRequests = 0;
    const countPasswordRequests = (request: Request) => {
      if (request.url().endsWith('/api/account/password')) passwordRequests++;
    };
    page.on('request', countPasswordRequests);
    await current.fill('Wrong_password1');
    await page.getByLabel('Contraseña nueva').fill('clave');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();
    const rules = page.getByRole('list', { name: 'Requisitos de la contraseña' });
    expect(await rules.getByRole('listitem').filter({ hasText: 'Al menos 6 caracteres' }).textContent()).toContain(
      '(pendiente)',
    );
    await allSpanish(page, 'settings-password-rule');
    await shoot(page, 'settings-password-rule', theme);
    await page.getByLabel('Contraseña nueva').fill(newPassword);
    await rules.getByRole('listitem').filter({ hasText: 'Al menos 6 caracteres' }).getByText('(hecho)').waitFor();
    page.off('request', countPasswordRequests);
    expect(passwordRequests).toBe(0);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/account/password'));
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    expect((await refused).status()).toBe(403);
    await page.getByText('Esa contraseña no es correcta').waitFor();
    await allSpanish(page, 'settings-wrong-password');
    await current.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-wrong-password', theme);
    // Her other phone is open on Discover: the change signs it out, and it says why.
    const other = await personIn(env.browser, env.server.baseUrl, 'es', theme);
    const signedIn = await other.context.request.post('/api/auth/login', {
      data: { username: body.username, password: body.password },
    });
    expect(signedIn.status()).toBe(200);
    const otherLive = watchRealtime(other.page);
    await other.page.goto('/home');
    await otherLive.connected();
    await current.fill(body.password);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await toastText(page, 'Contraseña cambiada').waitFor();
    await toastText(other.page, 'Tu contraseña se cambió. Inicia sesión con la nueva.').waitFor();
    await other.page.waitForURL((url) => url.pathname === '/');
    await allSpanish(other.page, 'other-device-signed-out');
    await shoot(other.page, 'other-device-signed-out', theme);
    await other.context.close();
    await page.getByLabel('Difuminar las fotos de tus matches').click();
    await allSpanish(page, 'settings-changed');
    await shoot(page, 'settings-changed', theme);

    // Preferences and the preference dashboard.
    await page.goto('/preferences');
    await page.getByText('Rango de edad').waitFor();
    await allSpanish(page, 'preferences');
    await shoot(page, 'preferences', theme);
    await page.goto('/preference-visualization');
    await page.getByRole('heading', { name: 'Tu panel de preferencias' }).waitFor();
    await allSpanish(page, 'preference-dashboard');
    await shoot(page, 'preference-dashboard', theme);

    // Share My Date, sent empty: every problem in Spanish beside its field.
    const { context: otherContext } = await personIn(env.browser, env.server.baseUrl, 'es', theme);
    const alex = await signUpViaApi(otherContext, { ...here, name: 'Alex' });
    const matchId = await matchViaApi({ context, user: me }, { context: otherContext, user: alex });
    await otherContext.close();
    await page.goto(`/conversation/${matchId}`);
    // The menu's own words belong to the chat screen: found by role, so either language opens it.
    await page.locator('header button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem').first().click();
    const sheet = page.getByRole('dialog', { name: 'Compartir mi cita' });
    await sheet.waitFor();
    await sheet.getByText('Tus contactos verán su nombre y su foto').waitFor();
    await sheet.getByRole('button', { name: 'Compartir plan' }).click();
    await sheet.getByText('Escribe dónde vais a quedar').waitFor();
    await sheet.getByText('Escribe un nombre para este contacto').waitFor();
    await sheet.getByText('Escribe un número de teléfono').waitFor();
    expect(await englishStrings(sheet), 'share my date').toEqual([]);
    await shoot(page, 'share-date-errors', theme);
    await context.close();
  });
});
