import { describe, expect, it } from 'vitest';
import { expectAccessible, phoneContext, screenshot, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';

const env = useServerAndBrowser();

/** Tomorrow at 18:30 local time, as a datetime-local value. */
function tomorrowEvening(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:30`;
}

describe('tea meetups', () => {
  it('one member hosts a meetup through the dialog; another joins, sees the venue and guests, and leaves', async () => {
    const hostContext = await phoneContext(env.browser, env.server.baseUrl);
    const guestContext = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(hostContext, { name: 'Harper Lane', location: 'Portland, Oregon' });
    await signUpViaApi(guestContext, { name: 'Gwen Ito', location: 'Portland, Oregon' });

    const host = await hostContext.newPage();
    await host.goto('/events');
    await expect.poll(() => host.getByRole('heading', { name: 'No events yet' }).isVisible()).toBe(true);
    await screenshot(host, 'events-empty');
    await expectAccessible(host, '/events empty');

    const dialog = host.getByRole('dialog', { name: 'Create Tea Meetup' });
    // From the keyboard: the switch says what it is, and closing puts her back on the button that opened it (tryout).
    await host.getByRole('button', { name: 'Create Tea Meetup' }).focus();
    await host.keyboard.press('Enter');
    await dialog.getByRole('switch', { name: 'Verified members only' }).waitFor();
    await host.keyboard.press('Escape');
    await expect
      .poll(() => host.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Create Tea Meetup');

    await host.getByRole('button', { name: 'Create First Event' }).click();
    await dialog.getByRole('button', { name: 'Create Meetup' }).click();
    // Said beside each field, focus on the first; no toast repeating it.
    await dialog.getByText('Give your meetup a title').waitFor();
    await dialog.getByText('Say where you will meet').waitFor();
    await dialog.getByText('Choose a date and time').waitFor();
    await expect.poll(() => host.evaluate(() => document.activeElement?.id)).toBe('event-title');
    expect(await host.getByTestId('toasts').locator('li').count()).toBe(0);

    await dialog.getByLabel('Title').fill('Matcha and a slow walk');
    await dialog.getByLabel('Description').fill('Meet at the tea house, then a walk in the park. All welcome.');
    await dialog.getByLabel('Venue').fill('Tea Chai Té, NW 23rd Ave');
    await dialog.getByLabel('Date and time').fill(tomorrowEvening());
    await dialog.getByLabel('Max attendees').fill('6');
    await dialog.getByLabel('Featured tea').selectOption('Matcha');
    // Each message went as she answered its field.
    expect(await dialog.getByRole('alert').count()).toBe(0);
    // She sees how much room the title and description have left.
    await dialog.getByText('22/100', { exact: true }).waitFor();
    await dialog.getByText('60/2000', { exact: true }).waitFor();
    await screenshot(host, 'events-create-dialog', { fullPage: true });
    await expectAccessible(host, 'create meetup dialog');
    await shootBothThemes(host, 'events-create-dialog-filled');
    await dialog.getByRole('button', { name: 'Create Meetup' }).click();
    await expect.poll(() => toastText(host, 'Event created!').isVisible()).toBe(true);
    await expect.poll(() => host.getByRole('heading', { name: 'Matcha and a slow walk' }).isVisible()).toBe(true);
    expect(await host.getByText('Created by You').isVisible()).toBe(true);
    expect(await host.getByText(/Tomorrow at 6:30 PM/).isVisible()).toBe(true);
    // The host does not get a Join button on her own meetup.
    expect(await host.getByRole('button', { name: 'Join Event' }).count()).toBe(0);

    const guest = await guestContext.newPage();
    await guest.goto('/events');
    const card = guest.getByRole('article', { name: 'Matcha and a slow walk' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('Hosted by').isVisible()).toBe(true);
    expect(await card.getByText('Harper', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('5 spots left').isVisible()).toBe(true);
    // Until she joins, only the city shows.
    expect(await card.getByText('Tea Chai Té', { exact: false }).count()).toBe(0);
    await screenshot(guest, 'events-list');
    await expectAccessible(guest, '/events list');

    await card.getByRole('button', { name: 'Join Event' }).click();
    await expect.poll(() => toastText(guest, 'Joined event!').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Tea Chai Té, NW 23rd Ave', { exact: false }).isVisible()).toBe(true);
    expect(await card.getByText('4 spots left').isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Details' }).click();
    const sheet = guest.getByRole('dialog', { name: 'Matcha and a slow walk' });
    await expect.poll(() => sheet.getByRole('heading', { name: 'Guest list' }).isVisible()).toBe(true);
    await expect.poll(() => sheet.getByText('Gwen', { exact: true }).isVisible()).toBe(true);
    expect(await sheet.getByText('Harper', { exact: true }).isVisible()).toBe(true);
    await screenshot(guest, 'events-detail-sheet');
    await expectAccessible(guest, 'meetup sheet');

    await sheet.getByRole('button', { name: 'Leave Meetup' }).click();
    // The confirmation answers what she did in the sheet, so it shows over it.
    await expect.poll(() => toastText(guest, 'You left the meetup').isVisible()).toBe(true);
    await expect.poll(() => sheet.getByRole('button', { name: 'Join Event' }).isVisible()).toBe(true);
    expect(await sheet.getByText('Tea Chai Té', { exact: false }).count()).toBe(0);
    // Back closes the sheet and stays on the page.
    await guest.goBack();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(new URL(guest.url()).pathname).toBe('/events');

    await hostContext.close();
    await guestContext.close();
  });
});
