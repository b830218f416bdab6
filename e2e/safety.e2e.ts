import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_MODERATOR_LOGIN } from '../src/server/seed/demo';
import { phoneContext, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { settle } from './waits';
import { shootBothThemes } from './flows-themes';

/*
 * A member reports another from /safety and blocks/unblocks her; the demo moderator reviews the
 * report in /moderation and suspends the reported member, whose open tab is signed out at once.
 */

// The worker files a report by username against whoever the name belongs to, after the answer.
const env = useServerAndBrowser({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { demoUsers: 3, timeoutMs: 180_000 });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function newContext(viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const context = viewport
    ? await env.browser.newContext({ viewport, baseURL: env.server.baseUrl, deviceScaleFactor: 1 })
    : await phoneContext(env.browser, env.server.baseUrl);
  contexts.push(context);
  return context;
}

/** The whole toast with this title (title and description), found in the harness's toast viewport. */
async function toastContent(page: Page, title: string) {
  const toast = page.getByTestId('toasts').locator('li', { hasText: title }).first();
  await toast.waitFor({ timeout: 10_000 });
  return toast.innerText();
}

describe('safety center and moderation', () => {
  it('reports and blocks from /safety; the moderator suspends; the reported member is signed out', async () => {
    const anaContext = await newContext();
    const ana = await signUpViaApi(anaContext, { name: 'Ana' });
    const sueContext = await newContext();
    const sue = await signUpViaApi(sueContext, { name: 'Sue' });

    // Sue is using the app in an open tab.
    const suePage = await sueContext.newPage();
    await suePage.goto('/home');
    await suePage.getByRole('navigation', { name: 'Main' }).waitFor();

    const page = await anaContext.newPage();
    await page.goto('/safety');
    await page.getByRole('heading', { name: 'Safety Center' }).waitFor();
    await expect.poll(() => page.getByText('Reports filed').locator('..').innerText()).toContain('0');
    await screenshot(page, 'safety-center');
    // The emergency lines and external links are real links.
    expect(await page.getByRole('link', { name: /Call 911/ }).getAttribute('href')).toBe('tel:911');
    const trevor = page.getByRole('link', { name: /The Trevor Project/ });
    expect(await trevor.getAttribute('target')).toBe('_blank');
    expect(await trevor.getAttribute('rel')).toBe('noopener noreferrer');

    // Report Sue by username.
    await page.getByRole('button', { name: /Report User/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Report User' });
    const submit = dialog.getByRole('button', { name: 'Submit Report' });
    // Sent empty: both missing answers are said beside their fields, her focus on the first.
    await submit.click();
    await dialog.getByRole('alert').filter({ hasText: 'Enter their @username' }).waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Pick a reason for your report' }).waitFor();
    await expect.poll(() => dialog.getByLabel('Username').evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(page);
    await shootBothThemes(page, 'safety-report-dialog-empty');
    // A name no member could have is refused beside the field, by the sign-up rules (the same for every name).
    await dialog.getByLabel('Username').fill('sue tryout!');
    await submit.click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Username may only contain letters, numbers, dots and underscores' })
      .waitFor();
    await dialog.getByLabel('Username').fill(`@${sue.username}`);
    await submit.click();
    expect(await dialog.getByRole('alert').allInnerTexts()).toEqual(['Pick a reason for your report']);
    await dialog.getByLabel('Reason').selectOption('harassment_or_bullying');
    await dialog.getByLabel(/What happened/).fill('She keeps sending me threatening messages.');
    await settle(page);
    await screenshot(page, 'safety-report-dialog');
    await submit.click();
    expect(await toastContent(page, 'Report submitted')).toContain(
      `Thank you. If @${sue.username} is on Steep, our team will review your report.`,
    );
    await dialog.waitFor({ state: 'hidden' });
    // Listed by the name she typed, as a name nobody has would be: never whose account it is.
    const filed = page
      .getByRole('listitem')
      .filter({ hasText: `@${sue.username}` })
      .filter({ hasText: 'Received' });
    await filed.getByText('Received', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('Reports filed').locator('..').innerText()).toContain('1');
    await filed.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'safety-center-reported-by-username');

    // Block and unblock her from the dialog.
    await page.getByRole('button', { name: /Block & Unblock/ }).click();
    const blockDialog = page.getByRole('dialog', { name: 'Block & Unblock' });
    // Block with no one named: it says so beside the field.
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    await blockDialog.getByRole('alert').filter({ hasText: 'Enter their @username' }).waitFor();
    await expect
      .poll(() => blockDialog.getByLabel('Block by username').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await settle(page);
    await shootBothThemes(page, 'safety-block-dialog-no-username');
    await blockDialog.getByLabel('Block by username').fill(sue.username);
    expect(await blockDialog.getByRole('alert').count()).toBe(0);
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    // By username, the same true words whoever the name is: a typo blocks no one.
    expect(await toastContent(page, 'User blocked')).toContain(
      `If @${sue.username} is on Steep, you won't see each other again.`,
    );
    // The same name again (a second tap, another device): she is protected, so it reads as such, not as a failure.
    await blockDialog.getByLabel('Block by username').fill(sue.username.toUpperCase());
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    expect(await toastContent(page, 'Already blocked')).toContain('You have already blocked this username');
    expect(await blockDialog.getByLabel('Block by username').inputValue()).toBe('');
    // Her focus stays on the button she pressed, ringed in both themes.
    await expect
      .poll(() =>
        blockDialog.getByRole('button', { name: 'Block', exact: true }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await settle(page);
    await shootBothThemes(page, 'safety-block-again');
    // A block by username is listed by the name she typed: the answer never says whose account it is.
    const unblock = blockDialog.getByRole('button', { name: `Unblock ${sue.username}` });
    await unblock.waitFor();
    await screenshot(page, 'safety-block-dialog');
    const blocksNow = async () =>
      (await (await anaContext.request.get(`/api/blocks/${ana.id}`)).json()) as { id: string }[];
    // Unblock asks first, over the sheet (the one dialog she can reach); Cancel, or Escape, keeps the block and
    // leaves her on the list, on the button she pressed.
    await unblock.click();
    const confirmUnblock = page.getByRole('alertdialog', { name: `Unblock ${sue.username}?` });
    await confirmUnblock.getByText('they’ll be able to see you').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await settle(page);
    await shootBothThemes(page, 'safety-unblock-confirm', { fullPage: false });
    await confirmUnblock.getByRole('button', { name: 'Cancel' }).click();
    await confirmUnblock.waitFor({ state: 'detached' });
    await expect.poll(() => unblock.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await confirmUnblock.waitFor();
    await page.keyboard.press('Escape');
    await confirmUnblock.waitFor({ state: 'detached' });
    await blockDialog.waitFor();
    expect(await blocksNow()).toHaveLength(1);
    // Unblocked on another device meanwhile: her Unblock here reads as done, not as a failure.
    const blocks = await blocksNow();
    expect((await anaContext.request.delete(`/api/blocks/${blocks[0]?.id ?? ''}`)).ok()).toBe(true);
    await unblock.click();
    await confirmUnblock.getByRole('button', { name: 'Unblock' }).click();
    expect(await toastContent(page, 'Already unblocked')).toContain('They are no longer on your list.');
    await confirmUnblock.waitFor({ state: 'detached' });
    await blockDialog.getByText('You haven’t blocked anyone.').waitFor();
    // A name nobody has is blocked in the same words (a typo protects no one, and the words say so), and unblocked.
    const nobody = 'nobody_has_this_name_it_is_30c';
    await blockDialog.getByLabel('Block by username').fill(nobody);
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    expect(await toastContent(page, 'User blocked')).toContain(
      `If @${nobody} is on Steep, you won't see each other again.`,
    );
    // A name of the longest kind truncates in its row: the sheet never scrolls sideways (it did: tryout).
    const unblockNobody = blockDialog.getByRole('button', { name: `Unblock ${nobody}` });
    await unblockNobody.waitFor();
    expect(await blockDialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    // Offline, the unblock fails at once and the question stays open to try again.
    await anaContext.setOffline(true);
    await unblockNobody.click();
    const confirmNobody = page.getByRole('alertdialog', { name: `Unblock ${nobody}?` });
    await confirmNobody.getByRole('button', { name: 'Unblock' }).click();
    expect(await toastContent(page, 'Not unblocked')).toContain(
      'Could not reach Steep. Check your connection and try again.',
    );
    await confirmNobody.waitFor();
    await anaContext.setOffline(false);
    await confirmNobody.getByRole('button', { name: 'Unblock' }).click();
    expect(await toastContent(page, 'User unblocked')).toContain('You can now see this user again');
    await blockDialog.getByText('You haven’t blocked anyone.').waitFor();
    // Her row gone, her focus is on the list's heading in the sheet, not on the page behind it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('blocked-list-title');
    // A block that fails says why in the words every screen uses: the server's own, or that Steep was out of reach.
    await page.route('**/api/blocks', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '9' },
        body: JSON.stringify({
          message: 'You are doing that too often. Please try again in 9 seconds.',
          code: 'RATE_LIMITED',
        }),
      }),
    );
    await blockDialog.getByLabel('Block by username').fill(nobody);
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    expect(await toastContent(page, 'Not blocked')).toContain(
      'You are doing that too often. Please try again in 9 seconds.',
    );
    await page.unroute('**/api/blocks');
    await anaContext.setOffline(true);
    await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
    expect(await toastContent(page, 'Could not reach Steep. Check your connection and try again.')).toContain(
      'Not blocked',
    );
    await anaContext.setOffline(false);
    await blockDialog.getByRole('button', { name: 'Close' }).click();
    await blockDialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /Mental Health Resources/ }).click();
    const resources = page.getByRole('dialog', { name: 'Mental Health Resources' });
    await resources.waitFor();
    await screenshot(page, 'safety-resources-dialog');
    await resources.getByRole('button', { name: 'Close' }).click();
    await resources.waitFor({ state: 'hidden' });

    // A member does not see the console link, and /moderation is not there for her.
    expect(await page.getByRole('link', { name: 'Moderation console' }).count()).toBe(0);
    await page.goto('/moderation');
    await page.getByText('Page Not Found').first().waitFor();

    // She also reports Sue from her profile (by id), as she would once Sue shows up in her discovery.
    const fromProfile = await anaContext.request.post('/api/reports', {
      data: { reportedUserId: sue.id, reason: 'spam_or_scam' },
    });
    expect(fromProfile.status()).toBe(202);

    // The demo moderator logs in on a laptop.
    const modContext = await newContext({ width: 1280, height: 800 });
    const modPage = await modContext.newPage();
    await modContext.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const login = await modContext.request.post('/api/auth/login', { data: DEMO_MODERATOR_LOGIN });
    expect(login.status()).toBe(200);
    await modPage.goto('/home');
    await modPage.getByRole('link', { name: 'Moderation console' }).click();
    await modPage.getByRole('tab', { name: 'Reports' }).waitFor();
    const sueRow = modPage.getByRole('button', { name: new RegExp(`@${sue.username}`) });
    await sueRow.click();
    await modPage.getByRole('heading', { name: /^Sue, / }).waitFor();
    await modPage.getByText('“She keeps sending me threatening messages.”').waitFor();
    await modPage.getByLabel('Reason for the audit log').fill('Threats confirmed in the report');
    // The queue's cards stay in their column: a long name once widened them under the case (tryout).
    const caseLeft = await modPage
      .locator('article[aria-labelledby="case-title"]')
      .evaluate((el) => el.getBoundingClientRect().left);
    const cardRight = await sueRow.evaluate((el) => el.getBoundingClientRect().right);
    expect(cardRight).toBeLessThan(caseLeft);
    await screenshot(modPage, 'moderation-console-1280');
    await modPage.getByRole('button', { name: 'Suspend 7 days' }).click();
    await modPage
      .getByText(/^Suspended until/)
      .first()
      .waitFor();

    // Sue's open tab is signed out by itself: the server closes her socket (1008) and the app, finding
    // her session gone, leaves for '/'. No reload.
    await suePage.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await screenshot(suePage, 'suspended-signed-out');
    const again = await sueContext.request.post('/api/auth/login', {
      data: { username: sue.username, password: 'Secret_123' },
    });
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { message: string }).message).toMatch(/^Your account is suspended until/);

    // Ana sees that action was taken on her report from Sue's profile, not which. Her report by username still
    // reads Received: its progress would tell her whether the name is a member's.
    await page.goto('/safety');
    await page.getByRole('listitem').filter({ hasText: 'Sue' }).getByText('Action taken', { exact: true }).waitFor();
    await filed.getByText('Received', { exact: true }).waitFor();
    expect(await page.getByText(/suspend/i).count()).toBe(0);

    // The audit log lists the suspension; the console at phone size.
    await modPage.getByRole('tab', { name: 'Audit log' }).click();
    await modPage.getByText('Threats confirmed in the report').waitFor();
    const phoneMod = await modContext.newPage();
    await phoneMod.setViewportSize({ width: 390, height: 844 });
    await phoneMod.goto('/moderation');
    await phoneMod.getByRole('tab', { name: 'Reports' }).waitFor();
    await settle(phoneMod);
    await screenshot(phoneMod, 'moderation-console');
    void ana;
  }, 180_000);
});
