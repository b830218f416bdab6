import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_SENT } from '../src/contract/account';
import {
  expectAccessible,
  phoneContext,
  screenshot,
  signUpViaApi,
  toastText,
  waitForMail,
  useServerAndBrowser,
} from './harness';
import { shootBothThemes } from './flows-themes';

/* 'Forgot password?' → the emailed link → a new password → log in with it. */

// The mail job needs a worker (tests run none by default).
const env = useServerAndBrowser({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { timeoutMs: 120_000 });

describe('password reset', () => {
  it('requests a link from the login tab, opens the mailed link, sets a new password and logs in with it', async () => {
    // She confirmed an email in Settings: the code comes through the same outbox.
    const own = await phoneContext(env.browser, env.server.baseUrl);
    const user = await signUpViaApi(own, { name: 'Rosa', location: 'Portland, Oregon' });
    const email = `${user.username}@example.com`;
    expect(
      (await own.request.post('/api/account/email', { data: { email, currentPassword: 'Secret_123' } })).status(),
    ).toBe(202);
    const codeMail = await waitForMail(env.server, email, /^Your Steep code: \d{6}$/);
    const code = /(\d{6})/.exec(codeMail.subject)?.[1];
    expect((await own.request.post('/api/account/email/verify', { data: { code } })).status()).toBe(200);
    await own.close();

    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await screenshot(page, 'password-forgot');
    await expectAccessible(page, '/forgot-password');

    // An unknown account gets the very same answer.
    await page.getByLabel('Username or email').fill('nobody_by_this_name');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText(PASSWORD_RESET_SENT).waitFor();
    await page.reload();
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText(PASSWORD_RESET_SENT).waitFor();
    await screenshot(page, 'password-forgot-sent');

    const resetMail = await waitForMail(env.server, email, /^Reset your Steep password$/);
    const link = /(https?:\/\/\S+)/.exec(resetMail.text)?.[1] ?? '';
    const url = new URL(link);
    expect(url.pathname).toBe('/reset-password');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);

    await page.goto(url.pathname + url.search);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The product's rules, checked before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm new password').fill('weakpass');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password must contain at least one uppercase letter').waitFor();
    // The rules under the field tick as she types, as at sign-up.
    const rules = page.getByRole('list', { name: 'Password rules' });
    expect(await rules.getByRole('listitem').filter({ hasText: 'An uppercase letter' }).textContent()).toContain(
      '(not yet)',
    );
    // Her current password is not a new one: said beside the field, and the link still works.
    await page.getByLabel('New password', { exact: true }).fill('Secret_123');
    await page.getByLabel('Confirm new password').fill('Secret_123');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('That is your current password. Log in with it, or choose a new one').waitFor();
    await shootBothThemes(page, 'password-reset-current-password');
    await page.getByLabel('New password', { exact: true }).fill('Fresh_Tea_42');
    await rules.getByRole('listitem').filter({ hasText: 'An uppercase letter' }).getByText('(done)').waitFor();
    await page.getByLabel('Confirm new password').fill('Fresh_Tea_42');
    await shootBothThemes(page, 'password-reset');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await page.waitForURL((u) => u.pathname === '/');
    await toastText(page, 'Password changed').waitFor();
    // The login form is hers: her username filled in, the cursor in the password field.
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Username').inputValue()).toBe(user.username);
    await shootBothThemes(page, 'password-reset-login');
    await password.fill('Fresh_Tea_42');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/home');
    // Discover opening is the answer: no greeting toast to follow her to the next screen.
    expect(await toastText(page, 'Welcome back!').count()).toBe(0);

    // The old password is gone, and the link worked once.
    const old = await context.request.post('/api/auth/login', {
      data: { username: user.username, password: 'Secret_123' },
    });
    expect(old.status()).toBe(401);
    // Opening the used link again: the page checked it and says so before she types anything.
    await page.goto(url.pathname + url.search);
    await page.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await shootBothThemes(page, 'password-reset-expired');
    await page.getByRole('link', { name: 'Send a New Link' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await context.close();
  }, 90_000);
});
