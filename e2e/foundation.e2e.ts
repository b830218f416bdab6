import { describe, expect, it } from 'vitest';
import { newUser, phoneContext, screenshot, toastText, useServerAndBrowser } from './harness';

const env = useServerAndBrowser();

describe('foundation journeys', () => {
  it('signs up through the form, reaches /home, and logs out back to the landing page', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Get Started' }).isVisible()).toBe(true);
    await screenshot(page, 'foundation-landing');

    // Get Started opens the Sign up tab.
    await page.getByRole('button', { name: 'Get Started' }).click();
    const user = newUser();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill(user.username);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByLabel('Name', { exact: true }).fill('Robin');
    await form.getByLabel('Age').fill('31');
    await form.getByLabel('Gender identity').selectOption('woman');
    await form.getByLabel('Sexual orientation').selectOption('bisexual');
    await form.getByLabel('Bio').fill('Matcha person, amateur potter, always up for a long walk.');
    await form.getByLabel('State').selectOption('Oregon');
    await form.getByLabel('City').selectOption('Portland');
    await form.getByRole('button', { name: 'Yoga', exact: true }).first().click();
    await form.getByRole('button', { name: 'Matcha', exact: true }).click();
    await screenshot(page, 'foundation-signup', { fullPage: true });
    await form.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/home');
    // The first visit shows the onboarding tour; skipping stores the flag.
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBe('true');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await screenshot(page, 'foundation-shell-home');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? 'null'));
    expect(stored).toMatchObject({ username: user.username, name: 'Robin', location: 'Portland, Oregon' });

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    // The session is gone on the server too: /me answers 401 with the browser's cookies.
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    await context.close();
  });

  it('logs in with the form, and says a wrong password beside the field, focus in it', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const user = newUser();
    expect((await context.request.post('/api/auth/register', { data: user })).status()).toBe(201);
    await context.clearCookies();
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(user.username);
    await form.getByLabel('Password', { exact: true }).fill('Wrong_password1');
    await form.getByRole('button', { name: 'Log In', exact: true }).click();
    const password = form.getByLabel('Password', { exact: true });
    await expect
      .poll(() => form.locator('#login-password-error').textContent())
      .toBe('That username and password do not match');
    await expect.poll(() => password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toastText(page, 'Login failed').count()).toBe(0);
    await password.fill(user.password);
    // Her edit answers the message.
    expect(await form.locator('#login-password-error').count()).toBe(0);
    await form.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/home');
    await context.close();
  });

  it('sends a visitor at /chats back to the landing page', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/chats');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('button', { name: 'Get Started' }).isVisible()).toBe(true);
    await context.close();
  });

  it("shows 'Page Not Found' for an unknown path", async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    await screenshot(page, 'foundation-404');
    await context.close();
  });
});
