import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { expectAccessible, phoneContext, screenshot, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { settle } from './waits';
import { shootBothThemes } from './flows-themes';

/* Reporting a meetup from its sheet, and the moderator seeing which meetup it was about. */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

describe('reporting a meetup', () => {
  it("a guest reports someone else's meetup from its sheet; the moderator sees the meetup's title", async () => {
    const hostContext = await phoneContext(env.browser, env.server.baseUrl);
    const guestContext = await phoneContext(env.browser, env.server.baseUrl);
    const modContext = await phoneContext(env.browser, env.server.baseUrl);
    const host = await signUpViaApi(hostContext, { name: 'Harper Lane', location: 'Portland, Oregon' });
    await signUpViaApi(guestContext, { name: 'Gwen Ito', location: 'Portland, Oregon' });
    const mod = await signUpViaApi(modContext, { name: 'Mara Mod', location: 'Portland, Oregon' });
    await env.server.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));

    const created = await hostContext.request.post('/api/events', {
      data: {
        title: 'Oolong by the river',
        description: 'A slow pot of oolong, then a walk.',
        location: 'Portland, Oregon',
        venue: 'Riverside Tea House',
        eventDate: new Date(Date.now() + 48 * 60 * 60_000).toISOString(),
        maxAttendees: 8,
      },
    });
    expect(created.status()).toBe(201);

    // Her own meetup has no Report action.
    const hostPage = await hostContext.newPage();
    await hostPage.goto('/events');
    await hostPage
      .getByRole('article', { name: 'Oolong by the river' })
      .getByRole('button', { name: 'Details' })
      .click();
    const hostSheet = hostPage.getByRole('dialog', { name: 'Oolong by the river' });
    await hostSheet.getByRole('button', { name: 'Cancel Meetup' }).waitFor();
    expect(await hostSheet.getByRole('button', { name: 'Report meetup' }).count()).toBe(0);

    const page = await guestContext.newPage();
    await page.goto('/events');
    await page.getByRole('article', { name: 'Oolong by the river' }).getByRole('button', { name: 'Details' }).click();
    const sheet = page.getByRole('dialog', { name: 'Oolong by the river' });
    await sheet.getByRole('button', { name: 'Report meetup' }).click();
    const form = page.getByRole('dialog', { name: 'Report meetup' });
    await form.getByText('“Oolong by the river”, hosted by Harper.', { exact: false }).waitFor();
    expect(await form.getByLabel('Username').count()).toBe(0);
    const submit = form.getByRole('button', { name: 'Submit Report' });
    // Sent without a reason: it says so beside the field, with her focus there, and nothing is filed.
    await submit.click();
    await form.getByRole('alert').filter({ hasText: 'Pick a reason for your report' }).waitFor();
    await expect.poll(() => form.getByLabel('Reason').evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(page);
    await shootBothThemes(page, 'event-report-form-no-reason');
    await form.getByLabel('Reason').selectOption('inappropriate_behavior');
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByLabel('What happened?').fill('The host asked guests for their home addresses.');
    await settle(page);
    await screenshot(page, 'event-report-form');
    await expectAccessible(page, 'the meetup report form');
    await submit.click();
    await toastText(page, 'Report submitted').waitFor();
    await expect.poll(() => form.isVisible()).toBe(false);

    const modPage = await modContext.newPage();
    await modPage.goto('/moderation');
    await modPage.getByRole('button', { name: new RegExp(`@${host.username}`) }).click();
    await modPage.getByText('Oolong by the river').waitFor();
    await modPage.getByText('“The host asked guests for their home addresses.”').waitFor();
    await screenshot(modPage, 'event-report-moderation');
    await expectAccessible(modPage, 'the moderation case of a reported host');

    await Promise.all([hostContext.close(), guestContext.close(), modContext.close()]);
  }, 90_000);
});
