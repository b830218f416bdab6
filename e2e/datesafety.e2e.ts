import { describe, expect, it } from 'vitest';
import {
  matchViaApi,
  phoneContext,
  shareDatePlanViaApi,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  waitForMail,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Share My Date (product §2): Jordan shares her plan from the chat with a friend by email, the friend
 * opens the mailed link without an account, and Jordan taps "I'm safe" on the banner.
 */

// The mail job needs a worker (tests run none by default).
const env = useServerAndBrowser({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { timeoutMs: 120_000 });

describe('share my date', () => {
  it('shares a plan from a chat, the contact opens the mailed link, and she taps I’m safe', async () => {
    const jordanContext = await phoneContext(env.browser, env.server.baseUrl);
    const alexContext = await phoneContext(env.browser, env.server.baseUrl);
    const jordan = await signUpViaApi(jordanContext, { name: 'Jordan', location: 'Portland, Oregon' });
    const alex = await signUpViaApi(alexContext, { name: 'Alex', location: 'Portland, Oregon' });
    const matchId = await matchViaApi({ context: jordanContext, user: jordan }, { context: alexContext, user: alex });

    const page = await jordanContext.newPage();
    await page.goto(`/conversation/${matchId}`);
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Share my date' }).click();
    const sheet = page.getByRole('dialog', { name: 'Share my date' });
    await sheet.waitFor();
    await sheet.getByText('Meeting Alex').waitFor();
    await settle(page);
    await shootBothThemes(page, 'datesafety-share-sheet-top');

    // Escape closes the sheet and focus goes back to the menu button that opened it.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 5_000 })
      .toBe('Conversation options');
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Share my date' }).click();
    await sheet.waitFor();

    // Sent empty: every problem at once, each beside its field, and focus on the first one.
    await sheet.getByRole('button', { name: 'Share plan' }).click();
    await sheet.getByText('Enter where you are meeting').waitFor();
    await sheet.getByText('Enter a name for this contact').waitFor();
    await sheet.getByText('Enter a phone number').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 }).toBe('date-place');
    await settle(page);
    await shootBothThemes(page, 'datesafety-share-sheet-errors', { fullPage: false });

    // A wrong number is refused beside its field.
    await sheet.getByLabel('Where').fill('Blue Bottle, SE Division St');
    await sheet.getByLabel('Name').fill('Kim');
    await sheet.getByLabel('Phone number').fill('12');
    await sheet.getByRole('button', { name: 'Share plan' }).click();
    await sheet.getByText('Enter a valid phone number, e.g. (503) 555-0123').waitFor();

    const friend = `kim-${jordan.username}@example.com`;
    await sheet.getByLabel('Send by').selectOption('email');
    await sheet.getByLabel('Email').fill(friend);
    await settle(page);
    // The answer about the wrong number went with the edit.
    expect(await sheet.getByText('Enter a valid phone number, e.g. (503) 555-0123').count()).toBe(0);
    await shootBothThemes(page, 'datesafety-share-sheet', { fullPage: false });
    await sheet.getByRole('button', { name: 'Share plan' }).click();
    await toastText(page, 'Date plan shared').waitFor();
    await sheet.waitFor({ state: 'detached' });

    const banner = page.getByRole('region', { name: 'Date plan shared' });
    await banner.waitFor();
    await page.getByTestId('toasts').getByRole('button', { name: 'Close' }).click();
    await toastText(page, 'Date plan shared').waitFor({ state: 'detached' });
    await settle(page);
    await shootBothThemes(page, 'datesafety-banner-chat');
    // The strip under the conversation header shows the whole check-in time, not "Check-in Wed …".
    const strip = banner.getByTestId('date-plan-banner-time');
    await strip.getByText(/\d:\d\d/).waitFor();
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // The friend's mail holds the link; she opens it with no account.
    const mail = await waitForMail(env.server, friend, /^Jordan shared a date plan with you$/);
    expect(mail.text).toContain('meeting Alex at Blue Bottle, SE Division St');
    const link = /(https?:\/\/\S+\/date\/[\w-]{43})/.exec(mail.text)?.[1] ?? '';
    const contactContext = await phoneContext(env.browser, env.server.baseUrl);
    const contactPage = await contactContext.newPage();
    await contactPage.goto(new URL(link).pathname);
    await contactPage.getByRole('heading', { name: 'Jordan’s date plan' }).waitFor();
    await contactPage.getByText('Meeting Alex').waitFor();
    await contactPage.getByText('Blue Bottle, SE Division St').waitFor();
    const shown = await contactPage.locator('main').innerText();
    expect(shown).not.toContain(jordan.username);
    expect(shown).not.toContain('Portland');
    await settle(contactPage);
    await shootBothThemes(contactPage, 'datesafety-shared-page', { fullPage: true });

    // A second screen of hers, still showing the plan (a stale device).
    const stale = await jordanContext.newPage();
    await stale.goto('/chats');
    const staleBanner = stale.getByRole('region', { name: 'Date plan shared' });
    await staleBanner.waitFor();

    // The banner on the other screens, then I'm safe from the keyboard: it asks first.
    await page.goto('/chats');
    await banner.waitFor();
    await settle(page);
    await shootBothThemes(page, 'datesafety-banner-chats');
    const safe = banner.getByRole('button', { name: 'I’m safe' });
    await safe.focus();
    await page.keyboard.press('Enter');
    const confirmSafe = page.getByRole('alertdialog', { name: 'Tell Steep you’re safe?' });
    await confirmSafe.getByText('Your contacts won’t be alerted').waitFor();
    await settle(page);
    await shootBothThemes(page, 'datesafety-confirm-safe', { fullPage: false });
    // "Not yet" keeps the plan running.
    await confirmSafe.getByRole('button', { name: 'Not yet' }).click();
    await confirmSafe.waitFor({ state: 'detached' });
    await banner.waitFor();
    await safe.click();
    await confirmSafe.getByRole('button', { name: 'I’m safe' }).click();
    await toastText(page, 'Glad you’re safe').waitFor();
    await banner.waitFor({ state: 'detached' });

    // The stale screen is told the plan already ended, and refreshes.
    await staleBanner.getByRole('button', { name: 'I’m safe' }).click();
    await stale.getByRole('alertdialog').getByRole('button', { name: 'I’m safe' }).click();
    await toastText(stale, 'You already checked in on this plan. Nobody will be alerted.').waitFor();
    await staleBanner.waitFor({ state: 'detached' });
    await stale.close();

    // Her contact's page says only what is true now: no promise of a message after the check-in.
    await contactPage.reload();
    await contactPage.getByText('Jordan checked in: safe.').waitFor();
    expect(await contactPage.getByText('If there is no answer').count()).toBe(0);
    await settle(contactPage);
    await shootBothThemes(contactPage, 'datesafety-shared-page-safe', { fullPage: true });

    // Cancel asks too; a contact's valid link then says she cancelled it.
    const friend2 = `lee-${jordan.username}@example.com`;
    await shareDatePlanViaApi(jordanContext, matchId, { name: 'Lee', address: friend2 }, { place: 'Powell’s Books' });
    const mail2 = await waitForMail(env.server, friend2, /^Jordan shared a date plan with you$/);
    const link2 = /(https?:\/\/\S+\/date\/[\w-]{43})/.exec(mail2.text)?.[1] ?? '';
    await page.reload();
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Cancel plan' }).click();
    const confirmCancel = page.getByRole('alertdialog', { name: 'Cancel this date plan?' });
    await confirmCancel.getByText('links stop working').waitFor();
    await confirmCancel.getByRole('button', { name: 'Cancel plan' }).click();
    await toastText(page, 'Plan cancelled').waitFor();
    await banner.waitFor({ state: 'detached' });
    await contactPage.goto(new URL(link2).pathname);
    await contactPage.getByRole('heading', { name: 'This date plan has ended' }).waitFor();
    await contactPage.getByText('Jordan cancelled this date plan').waitFor();
    await settle(contactPage);
    await shootBothThemes(contactPage, 'datesafety-shared-page-cancelled', { fullPage: true });

    // A link that is not one shows a plain sentence, not a blank page and not developer text.
    await contactPage.goto(`/date/${'A'.repeat(43)}`);
    await contactPage.getByRole('heading', { name: 'This link doesn’t work' }).waitFor();
    await contactPage.goto('/date/mistyped-link');
    await contactPage.getByRole('heading', { name: 'This link doesn’t work' }).waitFor();
    await contactPage.getByText('This link is not valid.').waitFor();
    expect(await contactPage.locator('main').innerText()).not.toContain('Invalid');
    await settle(contactPage);
    await shootBothThemes(contactPage, 'datesafety-shared-page-badlink', { fullPage: true });

    await Promise.all([jordanContext.close(), alexContext.close(), contactContext.close()]);
  }, 120_000);
});
