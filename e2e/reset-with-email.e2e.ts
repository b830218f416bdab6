import { describe, expect, it, vi } from 'vitest';
import { newUser, phoneContext, readOutbox, toastText, useServerAndBrowser, waitForMail } from './harness';
import { shootBothThemes } from './flows-themes';

/*
 * A forgotten password can be reset because the email she gave at sign-up is mailed a code at once. Sign up
 * with an email → Discover's "Confirm your email" card → Enter code → Settings with the code field ready → verify → sign out
 * → forgot password → the mailed link → a new password → signed in with it.
 */

// Mail goes through the job queue: the worker runs here, and every mail is awaited by polling the outbox.
const env = useServerAndBrowser({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { timeoutMs: 120_000 });

/** The Settings card this journey changed; the rest of Settings is checked by the theme journeys. */
const EMAIL_CARD = '[data-testid="settings-email"]';
const STRONG = 'Steep-tea-garden-41';
const NEWER = 'Quiet-kettle-morning-87';

describe('password reset through a verified email', () => {
  it('signs up with an email, verifies it in Settings, and resets a forgotten password from the mailed link', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    const user = newUser();
    const email = `${user.username}@example.com`;

    await page.goto('/');
    // Get Started opens the Sign up tab.
    await page.getByRole('button', { name: 'Get Started' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill(user.username);
    await form.getByLabel('Password', { exact: true }).fill(STRONG);
    await form.getByLabel('Email').fill(email);
    await form.getByText('Recommended: it is how you reset a forgotten password').waitFor();
    await form.getByLabel('Name', { exact: true }).fill('Rosa');
    await form.getByLabel('Age').fill('29');
    await form.getByLabel('Gender identity').selectOption('non-binary');
    await form.getByLabel('Sexual orientation').selectOption('pansexual');
    await form.getByLabel('State').selectOption('Oregon');
    await form.getByLabel('City').selectOption('Portland');
    await shootBothThemes(page, 'reset-signup-email');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Skip' }).click();

    // After the tour: Discover's card says the code is on its way, with a way to type it in, and no toast says it again.
    const reminder = page.getByTestId('verify-email-reminder');
    await reminder.getByText('We emailed a 6-digit code to').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Check your email' }).count()).toBe(0);
    await shootBothThemes(page, 'reset-signup-code-reminder');
    await reminder.getByRole('link', { name: 'Enter code' }).click();
    await page.waitForURL('**/settings?verify=email');

    // Settings → Email: her address, not verified yet, why it matters, and the code field ready.
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(email);
    await page.getByText('Not verified', { exact: true }).waitFor();
    await page.getByText('Until it is verified, a forgotten password cannot be reset.').waitFor();
    await page.getByText(`Enter the 6-digit code we emailed to ${email}.`).waitFor();
    const codeField = page.getByLabel('6-digit code');
    await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    // Its Verify button in view too, above the tab bar.
    const verifyBox = await page.getByRole('button', { name: 'Verify Email' }).boundingBox();
    const barBox = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(
      verifyBox && barBox && verifyBox.y >= 0 && verifyBox.y + verifyBox.height <= barBox.y,
      JSON.stringify({ verifyBox, barBox }),
    ).toBe(true);
    await shootBothThemes(page, 'reset-settings-email-unverified', { axeWithin: EMAIL_CARD });

    // A wrong code is refused where she typed it.
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    // Said where she typed it, with how many guesses remain (five in all, then a new code).
    await page.getByText('That code is not right. 4 tries left.').waitFor();
    await shootBothThemes(page, 'reset-settings-email-wrong-code', { axeWithin: EMAIL_CARD });
    // The fifth wrong guess spends the code: Verify stops being offered, and her focus goes to a new code.
    for (const left of ['3 tries', '2 tries', '1 try']) {
      await codeField.fill(left === '1 try' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await page.getByText(`That code is not right. ${left} left.`).waitFor();
    }
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Too many wrong codes: ask for a new one').waitFor();
    expect(await page.getByRole('button', { name: 'Verify Email' }).isDisabled()).toBe(true);
    const sendNew = page.getByRole('button', { name: 'Send a new code' });
    await expect.poll(() => sendNew.evaluate((button) => button === document.activeElement)).toBe(true);
    await shootBothThemes(page, 'reset-settings-email-code-spent', { axeWithin: EMAIL_CARD });
    // "Use another email" opens the form with her focus in it and the address selected: typing replaces it, an
    // arrow key mends a typo. Escape closes it as Cancel does, her focus back on the button she opened it with.
    const another = page.getByRole('button', { name: 'Use another email' });
    await another.click();
    const newEmail = page.getByLabel('New email');
    await expect.poll(() => newEmail.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await newEmail.inputValue()).toBe(email);
    await page.keyboard.type('r');
    expect(await newEmail.inputValue()).toBe('r');
    expect(await page.getByText('Too many wrong codes').count()).toBe(0);
    await page.keyboard.press('Escape');
    await codeField.waitFor();
    await expect.poll(() => another.evaluate((button) => button === document.activeElement)).toBe(true);
    // Back at the code, which is still spent: still said, Verify still not offered…
    await page.getByText('Too many wrong codes: ask for a new one').waitFor();
    expect(await page.getByRole('button', { name: 'Verify Email' }).isDisabled()).toBe(true);
    // …until she types another code (one sent from her other device would be taken).
    await codeField.fill('123456');
    expect(await page.getByRole('button', { name: 'Verify Email' }).isEnabled()).toBe(true);
    expect(await page.getByText('Too many wrong codes').count()).toBe(0);
    // A reload (the phone reclaiming the tab while she opens her mail) keeps the code field; so does Settings
    // opened anew (another tab, another device): an unconfirmed address always has it.
    await page.reload();
    await codeField.waitFor({ timeout: 10_000 });
    await page.goto('/settings');
    await codeField.waitFor({ timeout: 10_000 });
    const first = await waitForMail(env.server, email, /^Your Steep code: \d{6}$/);
    const firstCode = /(\d{6})/.exec(first.subject)?.[1] ?? '';
    // A new code: she is told it went and that only it works; her focus waits in the code field.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText(`We sent a new code to ${email}. Only the newest code works.`).waitFor();
    await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    const codeMail = await vi.waitFor(
      async () => {
        const mails = (await readOutbox(env.server)).filter(
          (m) => m.to === email && /^Your Steep code/.test(m.subject),
        );
        if (mails.length < 2) throw new Error('no second code yet');
        return mails.at(-1) as (typeof mails)[number];
      },
      { timeout: 10_000, interval: 200 },
    );
    const code = /(\d{6})/.exec(codeMail.subject)?.[1] ?? '';
    // The first code was replaced by the new one: she is told so, not just that it is wrong.
    if (firstCode !== code) {
      await codeField.fill(firstCode);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await page.getByText('That code was replaced by a newer one — use the latest email').waitFor();
    }
    await codeField.fill(code);
    await shootBothThemes(page, 'reset-settings-email-code', { axeWithin: EMAIL_CARD });
    await page.getByRole('button', { name: 'Verify Email' }).click();
    const notice = page.getByTestId('email-notice');
    await notice.getByText('Your email is verified').waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('A reset link can reach you here if you forget your password.').waitFor();
    // Her focus is not dropped with the form it was in: it is on the line saying what happened.
    await expect.poll(() => notice.evaluate((p) => p === document.activeElement)).toBe(true);
    await shootBothThemes(page, 'reset-settings-email-verified', { axeWithin: EMAIL_CARD });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    // Forgot password: the same answer for anyone, and what to do when no email can come.
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // Back returns to the login card she came from (the tryout landed on an old sign-up draft).
    await page.goBack();
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'No email arriving?' }).waitFor();
    await page.getByText('Settings → Email there, add and verify one').waitFor();
    await shootBothThemes(page, 'reset-forgot');
    await page.getByLabel('Username or email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText('Check your email').waitFor();
    await shootBothThemes(page, 'reset-forgot-sent');

    const resetMail = await waitForMail(env.server, email, /^Reset your Steep password$/);
    const link = new URL(/(https?:\/\/\S+)/.exec(resetMail.text)?.[1] ?? '');
    expect(link.pathname).toBe('/reset-password');
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEWER);
    await page.getByLabel('Confirm new password').fill(NEWER);
    await shootBothThemes(page, 'reset-new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await page.waitForURL((u) => u.pathname === '/');
    await toastText(page, 'Password changed').waitFor();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(NEWER);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/home');
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ username: user.username, email, emailVerified: true });
    await context.close();
  }, 150_000);
});
