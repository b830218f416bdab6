import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  matchViaApi,
  phoneContext,
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

    // A wrong number is refused beside its field, from the server's own words.
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

    // The banner on the other screens, then I'm safe from the keyboard.
    await page.goto('/chats');
    await banner.waitFor();
    await settle(page);
    await shootBothThemes(page, 'datesafety-banner-chats');
    const safe = banner.getByRole('button', { name: 'I’m safe' });
    await safe.focus();
    await page.keyboard.press('Enter');
    await toastText(page, 'Glad you’re safe').waitFor();
    await banner.waitFor({ state: 'detached' });

    await contactPage.reload();
    await contactPage.getByText('Jordan checked in: safe.').waitFor();
    await expectAccessible(contactPage, '/date/:token (safe)');

    // A link that is not one shows a plain sentence, not a blank page.
    await contactPage.goto(`/date/${'A'.repeat(43)}`);
    await contactPage.getByRole('heading', { name: 'This link doesn’t work' }).waitFor();

    await Promise.all([jordanContext.close(), alexContext.close(), contactContext.close()]);
  }, 120_000);
});
