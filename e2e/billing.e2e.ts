import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FREE_DAILY_LIKES } from '../src/contract/discovery';
import type { SelfUser } from '../src/contract/users';
import { expectBadgesApart, newUser, phoneContext, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

const env = useServerAndBrowser();

const here = { location: 'Portland, Oregon' };

/** Someone else in her city, signed up straight through the API. */
async function other(name: string): Promise<SelfUser> {
  const response = await fetch(`${env.server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newUser({ ...here, name })),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as SelfUser;
}

async function fillCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('314');
  await form.getByLabel(/Name on card/).fill('Maya Reyes');
}

describe('Premium journey', () => {
  it('a free user hits the daily like limit, upgrades, pays with 4242 and lands on /tea; a declined card says Payment Failed', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    const me = await signUpViaApi(context, { ...here, name: 'Maya' });
    const people = [];
    for (let i = 0; i <= FREE_DAILY_LIKES; i++) people.push(await other(`Person ${i}`));
    for (const person of people.slice(0, FREE_DAILY_LIKES)) {
      const liked = await context.request.post('/api/likes', { data: { targetUserId: person.id, isLike: true } });
      expect(liked.status()).toBe(201);
    }

    await page.goto('/home');
    // At 0 likes left Like is off, and the reason under it offers Premium.
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await expect.poll(() => like.isDisabled(), { timeout: 10_000 }).toBe(true);
    await settle(page);
    await screenshot(page, 'billing-daily-limit');
    await page.getByRole('link', { name: 'go unlimited with Premium' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/premium');
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    expect(await page.getByRole('row', { name: /Unlimited likes/ }).textContent()).toContain('10 a day');
    await settle(page);
    await screenshot(page, 'billing-premium', { fullPage: true });

    await page.getByRole('link', { name: 'Go Premium' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/subscribe');
    const monthly = page.getByRole('radio', { name: /Monthly/ });
    await expect.poll(() => monthly.getAttribute('aria-checked')).toBe('true');
    expect(await monthly.textContent()).toContain('Launch Sale');
    // At $3.99 a month against $59.99 a year, the monthly plan is the better value per month.
    expect(await monthly.textContent()).toContain('Best Value');
    expect(await page.getByRole('radio', { name: /Annual/ }).textContent()).not.toContain('Best Value');
    await expectBadgesApart(monthly, ['Launch Sale', 'Best Value']);
    expect(await page.getByRole('radio', { name: /Annual/ }).textContent()).toContain('Equivalent to $5.00/month');
    await expect
      .poll(() => page.getByText('Demo payments: no real money moves.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: /Subscribe · \$3\.99\/month/ }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'billing-subscribe', { fullPage: true });

    // Changing the plan asks for a new payment secret; the button follows the plan.
    await page.getByRole('radio', { name: /Annual/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /Subscribe · \$59\.99\/year/ }).isVisible()).toBe(true);
    await page.getByRole('radio', { name: /Monthly/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /Subscribe · \$3\.99\/month/ }).isVisible()).toBe(true);

    // A mistyped number, a past expiry and a short code: all said at once, each beside its field (tryout).
    const form = page.getByRole('form', { name: 'Card payment' });
    await form.getByLabel('Card number').fill('4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('13/21');
    await form.getByLabel('CVC').fill('31');
    await page.getByRole('button', { name: /Subscribe ·/ }).click();
    await form.getByText('Your card number is incomplete.').waitFor();
    await form.getByText('Enter the expiry as MM/YY').waitFor();
    await form.getByText("Your card's security code is incomplete.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('cardNumber');
    await shootBothThemes(page, 'billing-card-errors', { fullPage: false });
    await form.getByLabel('Card number').fill('4242 4242 4242 4241');
    await form.getByLabel('Expiry (MM/YY)').fill('01/21');
    await form.getByLabel('CVC').fill('314');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/billing/confirm'));
    await page.getByRole('button', { name: /Subscribe ·/ }).click();
    expect((await refused).status()).toBe(400);
    await form.getByText('Your card number is invalid.').waitFor();
    await form.getByText("Your card's expiration date is in the past.").waitFor();
    expect(await page.getByText('Payment Failed').count()).toBe(0);

    // Declined card.
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /Subscribe ·/ }).click();
    await expect.poll(() => page.getByText('Payment Failed').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Your card was declined.').first().isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'billing-payment-failed');
    expect(new URL(page.url()).pathname).toBe('/subscribe');

    // 4242 succeeds, typed as bare digits: the field spaces them in groups of four as she types.
    await fillCard(page, '4242424242424242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByRole('button', { name: /Subscribe ·/ }).click();
    // Trying again clears the old failure.
    await expect.poll(() => page.getByText('Payment Failed').count()).toBe(0);
    // A confirmation that Premium is on and what it unlocks, then on to Tea.
    await page.getByRole('heading', { name: 'Premium is active' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'Now unlocked' }).isVisible()).toBe(true);
    await settle(page);
    await shootBothThemes(page, 'billing-premium-active');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/tea');
    const status = await context.request.get(`/api/subscription-status/${me.id}`);
    expect(await status.json()).toEqual({ hasActiveSubscription: true });

    // An active subscriber sent to /subscribe goes to /home.
    await page.goto('/subscribe');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });

  it('manages the subscription from Settings: cancel with a confirmation, then resume', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    await signUpViaApi(context, { ...here, name: 'Lena' });
    const secret = await context.request.post('/api/create-subscription', { data: { planType: 'monthly' } });
    const { clientSecret } = (await secret.json()) as { clientSecret: string };
    const paid = await context.request.post('/api/billing/confirm', {
      data: { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '314' },
    });
    expect(paid.status()).toBe(200);

    await page.goto('/settings');
    await expect.poll(() => page.getByText('Premium Member').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('link', { name: 'Manage' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
    await expect.poll(() => page.getByText('Renews on').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Monthly plan', { exact: true }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'billing-subscription', { fullPage: true });

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'billing-cancel-dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect.poll(() => page.getByText('Premium ends on').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, 'billing-cancelled');

    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await expect.poll(() => page.getByText('Renews on').isVisible(), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});
