import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import { closeBadgeCard, matchViaApi, signUpViaApi, useServerAndBrowser, watchBadgeCheck } from './harness';
import { shootBothThemes } from './flows-themes';
import { ENGLISH_ONLY, person, saveLanguage } from './spanish';
import { settle } from './waits';

/*
 * Found by a member trying the app on her phone: a language change that could not be saved was told in the
 * language she had not got; a reload showed the device's language before her saved one; a long name in her block
 * list (in Spanish, "Desbloquear") squeezed its button.
 */
const env = useServerAndBrowser();

const toastOf = (page: Page, title: string) => page.getByTestId('toasts').locator('li').filter({ hasText: title });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const savedLanguage = async (context: BrowserContext, user: SelfUser) =>
  ((await (await context.request.get(`/api/users/${user.id}/preferences`)).json()) as { app: { language: string } }).app
    .language;

async function onAppSettings(language: 'en' | 'es') {
  const { context, page } = await person(env.browser, env.server.baseUrl, language);
  const user = await signUpViaApi(context);
  if (language === 'es') await saveLanguage(context, user, 'es', 'light');
  const badges = await watchBadgeCheck(page, env.server);
  await page.goto('/preferences?tab=app');
  await closeBadgeCard(page, badges);
  return { context, page, user };
}

describe('her language', () => {
  it('offline, a language change fails at once, is told in the language she had, and the select turns back', async () => {
    const { context, page, user } = await onAppSettings('en');
    await context.setOffline(true);
    await page.getByLabel('Language').selectOption('es');
    // At once: the save does not wait for the network to come back.
    const notSaved = toastOf(page, 'Preferences not saved');
    await notSaved.waitFor({ timeout: 5_000 });
    expect(await notSaved.innerText()).toContain('Could not reach Steep. Check your connection and try again.');
    await expect.poll(() => page.getByLabel('Language').inputValue()).toBe('en');
    await page.getByRole('tab', { name: 'App Settings' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await settle(page);
    await shootBothThemes(page, 'language-offline-not-saved', { fullPage: false });
    await context.setOffline(false);
    expect(await savedLanguage(context, user)).toBe('en');
    await context.close();
  });

  it('a server error after the new language showed puts the old one back, then says so in it', async () => {
    const { context, page, user } = await onAppSettings('en');
    // The save is held until Spanish is on screen, then refused: the worst order for her.
    let refuse = () => {};
    const held = new Promise<void>((resolve) => (refuse = resolve));
    await page.route(`**/api/users/${user.id}/preferences`, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await held;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Something went wrong on our side.', code: 'INTERNAL' }),
      });
    });
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('tab', { name: 'Ajustes de la app' }).waitFor();
    refuse();
    const notSaved = toastOf(page, 'Preferences not saved');
    await notSaved.waitFor();
    expect(await notSaved.innerText()).toContain('Something went wrong on our side.');
    expect(await toastOf(page, 'Preferencias no guardadas').count()).toBe(0);
    await page.getByRole('tab', { name: 'App Settings' }).waitFor();
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    expect(await htmlLang(page)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.unroute(`**/api/users/${user.id}/preferences`);
    expect(await savedLanguage(context, user)).toBe('en');
    await context.close();
  });

  it('a signed-in reload with Spanish saved paints Spanish first, on a device last used in English', async () => {
    const { context, page } = await person(env.browser, env.server.baseUrl, 'en');
    const user = await signUpViaApi(context);
    await saveLanguage(context, user, 'es', 'light');
    // The device remembers English (the landing page's switch, another member): her account says Spanish.
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    // Every heading and main-navigation link, in the order they are first painted.
    await context.addInitScript(() => {
      const painted: string[] = [];
      Object.assign(window, { painted });
      const seen = new WeakSet<Element>();
      const record = () => {
        for (const el of document.querySelectorAll('h1, h2, nav a')) {
          if (seen.has(el)) continue;
          seen.add(el);
          painted.push((el.textContent ?? '').trim());
        }
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    });
    const painted = () => page.evaluate(() => (window as unknown as { painted: string[] }).painted);
    for (const load of [() => page.goto('/safety'), () => page.reload()]) {
      await load();
      await page.getByRole('heading', { level: 1, name: 'Centro de seguridad' }).waitFor();
      const texts = (await painted()).filter(Boolean);
      expect(texts[0]).toBe('Centro de seguridad');
      expect(texts.filter((text) => ENGLISH_ONLY.has(text))).toEqual([]);
      expect(await htmlLang(page)).toBe('es');
    }
    await context.close();
  });

  it('offline, a signed-in reload does not wait: the device language, then her screens', async () => {
    const { context, page } = await person(env.browser, env.server.baseUrl, 'en');
    const user = await signUpViaApi(context);
    await saveLanguage(context, user, 'es', 'light');
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    // Her preferences cannot be read: the loader gives up at once and the screen opens in the device's language.
    await page.route(`**/api/users/${user.id}/preferences`, (route) => route.abort('internetdisconnected'));
    await page.goto('/safety');
    await page.getByRole('heading', { level: 1, name: 'Safety Center' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await context.close();
  });
});

describe('Safety in Spanish on a phone', () => {
  it('a long name in the block list puts Desbloquear under it; a short one keeps it beside', async () => {
    const { context, page } = await person(env.browser, env.server.baseUrl, 'es');
    const ana = await signUpViaApi(context, { name: 'Ana' });
    await saveLanguage(context, ana, 'es', 'light');
    const longName = 'María Fernanda de los Ángeles Quintero Villalobos';
    for (const name of [longName, 'Bea']) {
      const other = await person(env.browser, env.server.baseUrl, 'es');
      const them = await signUpViaApi(other.context, { name });
      const blocked = await context.request.post('/api/blocks', { data: { blockedUserId: them.id } });
      expect(blocked.status()).toBe(201);
      await other.context.close();
    }
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/safety');
    await closeBadgeCard(page, badges);
    await page.getByRole('button', { name: /Bloquear y desbloquear/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear y desbloquear' });
    const rowOf = (name: string) => dialog.getByRole('listitem').filter({ hasText: name });
    await rowOf(longName).waitFor();
    await rowOf('Bea').waitFor();

    const boxes = async (name: string) => {
      const row = rowOf(name);
      const [rowBox, nameBox, buttonBox] = await Promise.all([
        row.boundingBox(),
        row.getByText(name, { exact: true }).boundingBox(),
        row.getByRole('button', { name: `Desbloquear a ${name}` }).boundingBox(),
      ]);
      if (!rowBox || !nameBox || !buttonBox) throw new Error(`no boxes for ${name}`);
      return { rowBox, nameBox, buttonBox };
    };
    const long = await boxes(longName);
    // Under the name, starting where it starts, whole and inside the row.
    expect(long.buttonBox.y).toBeGreaterThanOrEqual(long.nameBox.y + long.nameBox.height);
    expect(Math.abs(long.buttonBox.x - long.nameBox.x)).toBeLessThanOrEqual(1);
    for (const box of [long.nameBox, long.buttonBox]) {
      expect(box.x + box.width).toBeLessThanOrEqual(long.rowBox.x + long.rowBox.width);
    }
    expect(await rowOf(longName).getByRole('button').innerText()).toBe('Desbloquear');
    const short = await boxes('Bea');
    // Room for both: the button stays beside the name.
    expect(short.buttonBox.y).toBeLessThan(short.nameBox.y + short.nameBox.height);
    expect(short.buttonBox.x).toBeGreaterThan(short.nameBox.x + short.nameBox.width);
    // Nothing wider than the phone.
    const overflow = await dialog.evaluate(
      (el) => [el, ...el.querySelectorAll('li, li *')].filter((e) => e.scrollWidth > e.clientWidth + 1).length,
    );
    expect(overflow).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await rowOf(longName).scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'language-tryout-block-list-es', { fullPage: false });

    // Unblock still asks first.
    await rowOf(longName).getByRole('button').click();
    await page.getByRole('alertdialog', { name: `¿Desbloquear a ${longName}?` }).waitFor();
    await context.close();
  });

  it('the masked number stays on one line, and the date-plan sheet offers "Correo"', async () => {
    const { context, page } = await person(env.browser, env.server.baseUrl, 'es');
    const ana = await signUpViaApi(context, { name: 'Ana', location: 'Salem, Oregon' });
    await saveLanguage(context, ana, 'es', 'light');
    const other = await person(env.browser, env.server.baseUrl, 'es');
    const bea = await signUpViaApi(other.context, { name: 'Bea', location: 'Salem, Oregon' });
    const match = await matchViaApi({ context, user: ana }, { context: other.context, user: bea });
    await other.context.close();

    // A confirmed number, as the server answers it (masked).
    await page.route(`**/api/users/${ana.id}/sms-settings`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ phoneNumber: '•••• 4567', smsNotifications: true, pendingVerification: false }),
          })
        : route.continue(),
    );
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/settings');
    await closeBadgeCard(page, badges);
    const confirmed = page.getByRole('status').filter({ hasText: '4567' });
    await confirmed.waitFor();
    expect(await confirmed.innerText()).toContain('••••\u00a04567');
    await confirmed.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'language-tryout-masked-number-es', { fullPage: false, axeWithin: '[role=status]' });

    await page.goto(`/conversation/${match}`);
    await page.getByRole('button', { name: 'Opciones de la conversación' }).click();
    await page.getByRole('menuitem', { name: /cita/i }).first().click();
    const channel = page.getByLabel('Enviar por').first();
    await channel.waitFor();
    expect(await channel.locator('option[value="email"]').innerText()).toBe('Correo');
    await channel.selectOption('email');
    // The address field's own label is still the full word.
    await page.getByLabel('Correo electrónico').first().waitFor();
    await settle(page);
    await shootBothThemes(page, 'language-tryout-share-date-es', { fullPage: false });
    await context.close();
  });
});
