import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import { localText } from '../src/server/i18n/catalogue';
import { render, type Language } from '../src/server/i18n';
import {
  closeBadgeCard,
  matchViaApi,
  PHONE,
  phoneContext,
  shareDatePlanViaApi,
  signUpViaApi,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { englishStrings, saveLanguage } from './spanish';
import { settle } from './waits';

/*
 * A failed action's toast says what did not happen (not just "Error"), and why in the server's own words when it
 * answered (a rate limit, an outage), or that Steep could not be reached when it did not: unmatching, saving
 * Preferences and the preference editor, turning SMS off, deleting a Tea story and cancelling a date plan.
 */
const env = useServerAndBrowser();

/** The server's own words for a refusal, as its error handler renders them (src/server/i18n). */
const RATE_LIMITED = (language: Language) => ({
  message: render(language, localText('youAreDoingThat', { seconds: 9 })),
  code: 'RATE_LIMITED',
});
const INTERNAL = { message: render('en', localText('somethingWentWrong')), code: 'INTERNAL' };
const UNAVAILABLE = { message: render('en', localText('brieflyUnavailable')), code: 'UNAVAILABLE' };
const UNREACHABLE = 'Could not reach Steep. Check your connection and try again.';

async function person(overrides: Partial<RegisterBody>, locale?: string) {
  const context = await phoneContext(env.browser, env.server.baseUrl, locale ? { locale } : {});
  const user = await signUpViaApi(context, { location: 'Eugene, Oregon', ...overrides });
  const page = await context.newPage();
  return { context, user, page };
}

/** Answers `method` requests to `url` with `status` and `body`; every other request goes on. */
async function refuse(
  page: Page,
  url: string,
  method: string,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) {
  await page.route(url, (route: Route) =>
    route.request().method() === method ? route.fulfill({ status, json: body, headers }) : route.fallback(),
  );
}

/**
 * The toast, title and description exactly (no "Error", no raw answer), inside the phone's screen; held under the
 * pointer (Radix pauses its timer) so the shots that follow still show it.
 */
async function expectToast(page: Page, title: string, description: string | RegExp) {
  const toast = page.getByTestId('toasts').locator('li').filter({ hasText: title });
  await toast.waitFor();
  const [shownTitle, shownDescription, ...rest] = (await toast.innerText()).split('\n');
  expect([shownTitle, rest]).toEqual([title, []]);
  if (typeof description === 'string') expect(shownDescription).toBe(description);
  else expect(shownDescription).toMatch(description);
  await toast.hover();
  await settle(page);
  const box = await toast.boundingBox();
  if (!box) throw new Error('no toast box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // Nothing of the app's own is drawn over it (a bar, a sheet): the topmost element at its title is the toast.
  const onTop = await toast.evaluate((element) => {
    const title = element.firstElementChild?.firstElementChild;
    if (!title) return false;
    const r = title.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop).toBe(true);
}

async function closeAll(...contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.close()));
}

describe('a failed action says what did not happen', () => {
  it('a refused unmatch: "Not unmatched" with the server’s rate-limit sentence, and the match stays', async () => {
    const ana = await person({ name: 'Ana' });
    const bea = await person({ name: 'Bea' });
    const matchId = await matchViaApi(ana, bea);
    // A conversation is outside the app shell: no badge card over it.
    await ana.page.goto(`/conversation/${matchId}`);
    await refuse(ana.page, '**/api/matches/*', 'DELETE', 429, RATE_LIMITED('en'), { 'Retry-After': '9' });

    await ana.page.getByRole('button', { name: 'Conversation options' }).click();
    await ana.page.getByRole('menuitem', { name: 'Unmatch' }).click();
    const confirm = ana.page.getByRole('alertdialog', { name: 'Unmatch Bea?' });
    await confirm.getByRole('button', { name: 'Unmatch' }).click();
    await expectToast(ana.page, 'Not unmatched', 'You are doing that too often. Please try again in 9 seconds.');
    await shootBothThemes(ana.page, 'failed-toast-unmatch');
    // Nothing happened: she is still in the conversation, and the match is still hers.
    expect(new URL(ana.page.url()).pathname).toBe(`/conversation/${matchId}`);
    const matches = (await (await ana.context.request.get('/api/matches')).json()) as { id: string }[];
    expect(matches.map((m) => m.id)).toContain(matchId);
    await closeAll(ana.context, bea.context);
  });

  it('in Spanish: the title and the server’s sentence are hers, with no English', async () => {
    const lucia = await person({ name: 'Lucia' }, 'es-ES');
    await saveLanguage(lucia.context, lucia.user, 'es', 'light');
    const noa = await person({ name: 'Noa' });
    const matchId = await matchViaApi(lucia, noa);
    await lucia.page.goto(`/conversation/${matchId}`);
    await refuse(lucia.page, '**/api/matches/*', 'DELETE', 429, RATE_LIMITED('es'), { 'Retry-After': '9' });

    await lucia.page.getByRole('button', { name: 'Opciones de la conversación' }).click();
    await lucia.page
      .getByRole('menuitem')
      .filter({ has: lucia.page.locator('svg.lucide-heart-off') })
      .click();
    await lucia.page.getByRole('alertdialog').getByRole('button', { name: 'Deshacer', exact: true }).click();
    await expectToast(lucia.page, 'No se ha deshecho el match', RATE_LIMITED('es').message);
    expect(await englishStrings(lucia.page.getByTestId('toasts'))).toEqual([]);
    await shootBothThemes(lucia.page, 'failed-toast-unmatch-es');
    await closeAll(lucia.context, noa.context);
  });

  it('Preferences refused, then saved: "Preferences not saved" with the server’s words, then "Preferences saved"', async () => {
    const maya = await person({ name: 'Maya' });
    const badges = await watchBadgeCheck(maya.page, env.server);
    await maya.page.goto('/preferences');
    await closeBadgeCard(maya.page, badges);
    await maya.page.getByRole('tab', { name: 'Privacy' }).click();
    await maya.page.getByRole('switch', { name: 'Show age' }).click();
    await refuse(maya.page, `**/api/users/${maya.user.id}/preferences`, 'PUT', 429, RATE_LIMITED('en'), {
      'Retry-After': '9',
    });
    await maya.page.getByRole('button', { name: 'Save Preferences' }).click();
    await expectToast(
      maya.page,
      'Preferences not saved',
      'You are doing that too often. Please try again in 9 seconds.',
    );
    await shootBothThemes(maya.page, 'failed-toast-preferences');
    // Her change is still on screen, and saved once the server takes it.
    expect(await maya.page.getByRole('switch', { name: 'Show age' }).getAttribute('aria-checked')).toBe('false');
    await maya.page.unroute(`**/api/users/${maya.user.id}/preferences`);
    await maya.page.getByRole('button', { name: 'Save Preferences' }).click();
    await expectToast(maya.page, 'Preferences saved', 'Your preferences have been saved successfully.');
    await maya.context.close();
  });

  it('the preference editor, Steep out of reach: "Preferences not saved" says so', async () => {
    const lena = await person({ name: 'Lena' });
    const badges = await watchBadgeCheck(lena.page, env.server);
    await lena.page.goto('/preference-visualization');
    await closeBadgeCard(lena.page, badges);
    await lena.page.getByRole('meter', { name: 'Match score' }).waitFor();
    await lena.page.getByRole('tab', { name: 'Interests' }).click();
    await lena.page.getByRole('button', { name: 'Yoga', exact: true }).click();
    await lena.page.getByText('Unsaved changes').waitFor();
    // The connection drops on the way (the browser still thinks it is online, so the save is not held back).
    const preferences = `**/api/users/${lena.user.id}/preferences`;
    await lena.page.route(preferences, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await lena.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(lena.page, 'Preferences not saved', UNREACHABLE);
    await shootBothThemes(lena.page, 'failed-toast-preference-editor-unreachable');
    await lena.page.unroute(preferences);
    await lena.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(lena.page, 'Preferences saved', 'Your dating preferences have been updated successfully.');
    await lena.context.close();
  });

  it('SMS off refused: "SMS settings not changed", and the switch shows it is still on', async () => {
    const gia = await person({ name: 'Gia' });
    const saved = await gia.context.request.put(`/api/users/${gia.user.id}/sms-settings`, {
      data: { phoneNumber: '(541) 555-0134', smsNotifications: true },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const badges = await watchBadgeCheck(gia.page, env.server);
    await gia.page.goto('/settings');
    await closeBadgeCard(gia.page, badges);
    const sms = gia.page.getByRole('switch', { name: 'SMS Match Notifications' });
    await expect.poll(() => sms.getAttribute('aria-checked')).toBe('true');
    await gia.page.getByLabel(/6-digit code/).waitFor();
    await refuse(gia.page, `**/api/users/${gia.user.id}/sms-settings`, 'PUT', 429, RATE_LIMITED('en'), {
      'Retry-After': '9',
    });
    await sms.click();
    await expectToast(
      gia.page,
      'SMS settings not changed',
      'You are doing that too often. Please try again in 9 seconds.',
    );
    // Still on, as her settings are: the switch back, the code box too, and nothing said against her number.
    expect(await sms.getAttribute('aria-checked')).toBe('true');
    await gia.page.getByLabel(/6-digit code/).waitFor();
    expect(await gia.page.getByLabel('Phone number').getAttribute('aria-invalid')).toBeNull();
    await shootBothThemes(gia.page, 'failed-toast-sms', { axeWithin: 'main' });
    await gia.context.close();
  });

  it('a Tea story not deleted, and a date plan not cancelled, say so with the server’s words', async () => {
    const rue = await person({ name: 'Rue' });
    const kit = await person({ name: 'Kit' });
    expect((await rue.context.request.post(`/api/grant-test-subscription/${rue.user.id}`)).status()).toBe(200);
    const title = 'The tea room that closed mid-date';
    const created = await rue.context.request.post('/api/tea/stories', {
      data: { title, content: 'We ordered a second pot and they started stacking the chairs.', category: 'Dating' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const matchId = await matchViaApi(rue, kit);
    await shareDatePlanViaApi(
      rue.context,
      matchId,
      { name: 'Lee', address: `lee-${rue.user.username}@example.com` },
      { checkInAt: new Date(Date.now() + 4 * 3_600_000) },
    );

    const badges = await watchBadgeCheck(rue.page, env.server);
    await rue.page.goto('/tea');
    await closeBadgeCard(rue.page, badges);
    await refuse(rue.page, '**/api/tea/stories/*', 'DELETE', 500, INTERNAL);
    const card = rue.page
      .getByTestId('tea-story')
      .filter({ has: rue.page.getByRole('heading', { name: title, exact: true }) });
    await card.getByRole('button', { name: 'Story options' }).click();
    await rue.page.getByRole('menuitem', { name: 'Delete story' }).click();
    await rue.page
      .getByRole('alertdialog', { name: 'Delete your story?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(rue.page, 'Story not deleted', INTERNAL.message);
    await shootBothThemes(rue.page, 'failed-toast-story');
    await rue.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await card.waitFor();

    await rue.page.goto('/chats');
    const banner = rue.page.getByRole('region', { name: 'Date plan shared' });
    await banner.waitFor();
    await refuse(rue.page, '**/api/date-plans/*', 'DELETE', 503, UNAVAILABLE, { 'Retry-After': '5' });
    await banner.getByRole('button', { name: 'Cancel plan' }).click();
    await rue.page
      .getByRole('alertdialog', { name: 'Cancel this date plan?' })
      .getByRole('button', { name: 'Cancel plan' })
      .click();
    await expectToast(rue.page, 'Plan not cancelled', UNAVAILABLE.message);
    // The question stays, to try again or keep the plan; the plan is still running: its banner stays.
    const asked = rue.page.getByRole('alertdialog', { name: 'Cancel this date plan?' });
    expect(await asked.isVisible()).toBe(true);
    await shootBothThemes(rue.page, 'failed-toast-plan');
    await asked.getByRole('button', { name: 'Keep plan' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(await banner.isVisible()).toBe(true);

    // A check-in that fails says what is at stake: her contacts are still alerted at the check-in time.
    await refuse(rue.page, '**/api/date-plans/*/safe', 'POST', 500, INTERNAL);
    await banner.getByRole('button', { name: 'I’m safe' }).click();
    const safe = rue.page.getByRole('alertdialog', { name: 'Tell Steep you’re safe?' });
    await safe.getByRole('button', { name: 'I’m safe' }).click();
    await expectToast(
      rue.page,
      'Check-in not recorded',
      // The check-in time as the banner shows it (a weekday first when it is not today).
      new RegExp(
        `^${INTERNAL.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Until it is, your contacts will be alerted at .*\\d:\\d\\d.*\\.$`,
      ),
    );
    expect(await safe.isVisible()).toBe(true);
    await shootBothThemes(rue.page, 'failed-toast-check-in');
    await closeAll(rue.context, kit.context);
  });
});
