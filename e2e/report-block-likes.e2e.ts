import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import type { DiscoveryPage } from '../src/contract/discovery';
import type { Message } from '../src/contract/chat';
import { phoneContext, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * As a member meets them: Report and Block from the discovery card's menu,
 * its profile sheet, the likes list and the conversation (one form with the 8 reasons everywhere); a
 * reported person never comes back to her Discover; "See who liked you" acts (Like back → the match
 * celebration → chat, Pass, Report); and a reaction shows on the other phone without a reload.
 * Everyone lives in Boise, far from the other journeys' cities.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });
const here: Partial<RegisterBody> = { location: 'Boise, Idaho' };

async function person(name: string) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, { ...here, name });
  return { context, user, page: await context.newPage() };
}
type Person = Awaited<ReturnType<typeof person>>;

async function like(from: Person, to: Person) {
  const response = await from.context.request.post('/api/likes', { data: { targetUserId: to.user.id, isLike: true } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { match: { id: string } | null };
}

async function feedNames(context: BrowserContext, userId: string): Promise<string[]> {
  const response = await context.request.get(`/api/users/discovery/${userId}?limit=50`);
  return ((await response.json()) as DiscoveryPage).users.map((u) => u.name);
}

const topCard = (page: Page) => page.getByTestId('top-card');
const topCardName = async (page: Page) => (await topCard(page).locator('h2 span').first().textContent()) ?? '';

describe('report, block, likes and live reactions', () => {
  it('reports and blocks from the card menu and the profile sheet; a reported person never returns', async () => {
    const pia = await person('Pia');
    const others = [await person('Rae'), await person('Sol'), await person('Tam')];
    await pia.page.goto('/home');
    await expect.poll(() => topCardName(pia.page), { timeout: 15_000 }).not.toBe('');

    // The card's ⋯ menu, from the keyboard: its Radix code loads on this first open, and focus goes
    // into the menu and back to the button on Escape.
    const first = await topCardName(pia.page);
    const menuButton = topCard(pia.page).getByRole('button', { name: `More options for ${first}` });
    await menuButton.focus();
    await pia.page.keyboard.press('Enter');
    const menu = pia.page.getByRole('menu');
    await menu.waitFor();
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await pia.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => menuButton.evaluate((b) => b === document.activeElement)).toBe(true);

    // Report, with the reason hers to pick.
    await menuButton.click();
    await pia.page.getByRole('menuitem', { name: `Report ${first}` }).waitFor();
    await settle(pia.page);
    await shootBothThemes(pia.page, 'report-card-menu', { axeWithin: '[role="menu"]' });
    await pia.page.getByRole('menuitem', { name: `Report ${first}` }).click();
    const form = pia.page.getByRole('dialog', { name: `Report ${first}` });
    const reasons = await form
      .getByLabel('Reason')
      .evaluate((select: HTMLSelectElement) => [...select.options].filter((o) => !o.disabled).length);
    expect(reasons).toBe(8);
    await form.getByLabel('Reason').selectOption('fake_profile');
    await form.getByLabel('What happened?').fill('Photos are from a stock site.');
    await settle(pia.page);
    await shootBothThemes(pia.page, 'report-card-form', { axeWithin: '[role="dialog"]' });
    await form.getByRole('button', { name: 'Submit Report' }).click();
    await toastText(pia.page, 'Report submitted').waitFor();
    await expect.poll(() => topCardName(pia.page)).not.toBe(first);

    // The profile sheet: Block, confirmed first.
    const second = await topCardName(pia.page);
    await topCard(pia.page)
      .getByRole('button', { name: `View ${second}'s full profile` })
      .click();
    const sheet = pia.page.getByTestId('profile-detail');
    await sheet.getByRole('button', { name: `Block ${second}` }).waitFor();
    await settle(pia.page);
    await shootBothThemes(pia.page, 'report-profile-sheet', { axeWithin: '[role="dialog"]' });
    await sheet.getByRole('button', { name: `Block ${second}` }).click();
    const confirm = pia.page.getByRole('alertdialog', { name: `Block ${second}?` });
    await confirm.waitFor();
    // One overlay at a time: the sheet closed before the question opened.
    expect(await sheet.count()).toBe(0);
    await settle(pia.page);
    await shootBothThemes(pia.page, 'report-block-confirm', { axeWithin: '[role="alertdialog"]' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await toastText(pia.page, `${second} is blocked`).waitFor();
    await expect.poll(() => topCardName(pia.page)).not.toBe(second);

    // Neither comes back: not after a reload, not in the API's feed.
    await pia.page.reload();
    const third = others.map((o) => o.user.name).find((n) => n !== first && n !== second);
    await expect.poll(() => topCardName(pia.page), { timeout: 15_000 }).toBe(third);
    const feed = await feedNames(pia.context, pia.user.id);
    expect(feed).not.toContain(first);
    expect(feed).not.toContain(second);
    for (const p of [pia, ...others]) await p.context.close();
  }, 120_000);

  it('acts on "See who liked you": Like back makes the match and opens chat, Pass and Report clear the list', async () => {
    const uma = await person('Uma');
    expect((await uma.context.request.post(`/api/grant-test-subscription/${uma.user.id}`)).status()).toBe(200);
    const [vik, wren, xia] = [await person('Vik'), await person('Wren'), await person('Xia')];
    for (const liker of [vik, wren, xia]) await like(liker, uma);

    await uma.page.goto('/home');
    const openLikes = async () => {
      await uma.page
        .getByRole('button', { name: /Notifications/ })
        .first()
        .click();
      await uma.page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    };
    await openLikes();
    const vikRow = uma.page.getByRole('button', { name: /^Vik, \d+.*open profile/ });
    await vikRow.waitFor();
    await settle(uma.page);
    await shootBothThemes(uma.page, 'likes-list', { axeWithin: '[role="dialog"]' });

    // Vik: the profile sheet (the panel closed first), Like back → the celebration → chat.
    await vikRow.click();
    const sheet = uma.page.getByTestId('profile-detail');
    await sheet.getByRole('button', { name: 'Like back' }).waitFor();
    expect(await uma.page.getByRole('dialog', { name: 'Notifications' }).count()).toBe(0);
    await settle(uma.page);
    await shootBothThemes(uma.page, 'likes-profile-sheet', { axeWithin: '[role="dialog"]' });
    await sheet.getByRole('button', { name: 'Like back' }).click();
    await uma.page.getByRole('heading', { name: /It.s a Match/ }).waitFor();
    await settle(uma.page);
    await shootBothThemes(uma.page, 'likes-match-celebration', { axeWithin: '[role="dialog"]' });
    await uma.page.getByRole('link', { name: 'Send a Message' }).click();
    await uma.page.waitForURL('**/conversation/**');

    // Wren: Pass. Xia: Report from the list's sheet.
    await uma.page.goto('/home');
    await openLikes();
    await uma.page.getByRole('button', { name: /^Wren, \d+.*open profile/ }).click();
    await sheet.getByRole('button', { name: 'Pass' }).click();
    await toastText(uma.page, 'Passed on Wren').waitFor();
    await openLikes();
    await uma.page.getByRole('button', { name: /^Xia, \d+.*open profile/ }).click();
    await sheet.getByRole('button', { name: 'Report Xia' }).click();
    const form = uma.page.getByRole('dialog', { name: 'Report Xia' });
    await form.getByLabel('Reason').selectOption('spam_or_scam');
    await form.getByRole('button', { name: 'Submit Report' }).click();
    await toastText(uma.page, 'Report submitted').waitFor();

    const reports = await uma.context.request.get(`/api/reports/${uma.user.id}`);
    expect(await reports.json()).toEqual([
      expect.objectContaining({ reportedUserId: xia.user.id, reason: 'spam_or_scam' }),
    ]);
    const matches = (await (await uma.context.request.get('/api/matches')).json()) as { otherUser: { id: string } }[];
    expect(matches.map((m) => m.otherUser.id)).toEqual([vik.user.id]);
    await openLikes();
    await uma.page.getByRole('button', { name: /^Xia, \d+.*open profile/ }).waitFor();
    expect(await uma.page.getByRole('button', { name: /^(Vik|Wren), \d+.*open profile/ }).count()).toBe(0);
    for (const p of [uma, vik, wren, xia]) await p.context.close();
  }, 120_000);

  it('reports from a conversation with a reason she picks, and shows a reaction on the other phone live', async () => {
    const yara = await person('Yara');
    const zoe = await person('Zoe');
    await like(yara, zoe);
    const match = (await like(zoe, yara)).match;
    if (!match) throw new Error('no match');
    const sent = await yara.context.request.post('/api/messages', {
      data: { matchId: match.id, content: 'Oolong at the market tomorrow?' },
    });
    const message = (await sent.json()) as Message;

    await Promise.all([yara.page.goto(`/conversation/${match.id}`), zoe.page.goto(`/conversation/${match.id}`)]);
    const bubble = (page: Page) => page.locator('li[data-message-id]', { hasText: 'Oolong at the market tomorrow?' });
    await bubble(yara.page).waitFor();
    await bubble(zoe.page).waitFor();

    // Zoe reacts through the API her own screen uses; Yara's screen shows it without a reload.
    const reacted = await zoe.context.request.post(`/api/messages/${message.id}/reactions`, { data: { emoji: '🔥' } });
    expect(reacted.status()).toBe(201);
    await bubble(yara.page)
      .getByRole('button', { name: /fire 1/ })
      .waitFor({ timeout: 10_000 });
    await shootBothThemes(yara.page, 'chat-reaction-live');
    await zoe.context.request.delete(`/api/messages/${message.id}/reactions`, { data: { emoji: '🔥' } });
    await expect
      .poll(() =>
        bubble(yara.page)
          .getByRole('button', { name: /fire 1/ })
          .count(),
      )
      .toBe(0);

    // Yara reports Zoe from the menu, picking the reason and attaching the messages.
    await yara.page.getByRole('button', { name: 'Conversation options' }).click();
    await yara.page.getByRole('menuitem', { name: 'Report User' }).click();
    const form = yara.page.getByRole('dialog', { name: 'Report Zoe' });
    await form.getByLabel('Reason').selectOption('harassment_or_bullying');
    await form.getByLabel('Include our recent messages').check();
    await settle(yara.page);
    await shootBothThemes(yara.page, 'chat-report-form', { axeWithin: '[role="dialog"]' });
    await form.getByRole('button', { name: 'Submit Report' }).click();
    await toastText(yara.page, 'Report submitted').waitFor();
    const reports = await yara.context.request.get(`/api/reports/${yara.user.id}`);
    expect(await reports.json()).toEqual([
      expect.objectContaining({
        reportedUserId: zoe.user.id,
        reason: 'harassment_or_bullying',
        messagesAttached: true,
      }),
    ]);
    await Promise.all([yara.context.close(), zoe.context.close()]);
  }, 120_000);

  it('lets the Safety Center pick who to report or block from her chats, matches and people seen recently, with by-username kept', async () => {
    const ada = await person('Ada');
    const [bo, cy, dee] = [await person('Bo'), await person('Cy'), await person('Dee Lane')];
    for (const other of [bo, cy]) {
      await like(ada, other);
      await like(other, ada);
    }
    // Dee was on one of her Discover cards this week: she passed.
    const passed = await ada.context.request.post('/api/likes', { data: { targetUserId: dee.user.id, isLike: false } });
    expect(passed.status()).toBe(201);
    const matches = (await (await ada.context.request.get('/api/matches')).json()) as {
      id: string;
      otherUser: { id: string };
    }[];
    const withBo = matches.find((m) => m.otherUser.id === bo.user.id);
    await ada.context.request.post('/api/messages', { data: { matchId: withBo?.id, content: 'Hi Bo' } });

    await ada.page.goto('/safety');
    await ada.page.getByRole('button', { name: /Report User/ }).click();
    const form = ada.page.getByRole('dialog', { name: 'Report User' });
    const who = form.getByLabel('Who?');
    await expect
      .poll(() => who.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.text)))
      .toEqual(['Choose someone', 'Bo · Chatted', 'Cy · Matched', 'Dee · Seen recently', 'Someone else (by username)']);
    await who.selectOption({ label: 'Dee · Seen recently' });
    // Her first name and photo to recognise her by; nothing else about her.
    await form.getByTestId('report-person-chosen').waitFor();
    expect(await form.getByTestId('report-person-chosen').textContent()).toBe('Dee · Seen recently');
    expect(await form.getByLabel('Username').count()).toBe(0);
    await form.getByLabel('Reason').selectOption('inappropriate_photos');
    await settle(ada.page);
    await shootBothThemes(ada.page, 'safety-report-picker', { axeWithin: '[role="dialog"]' });
    await form.getByRole('button', { name: 'Submit Report' }).click();
    await toastText(ada.page, 'Report submitted').waitFor();
    const reports = await ada.context.request.get(`/api/reports/${ada.user.id}`);
    expect(await reports.json()).toEqual([
      expect.objectContaining({ reportedUserId: dee.user.id, reason: 'inappropriate_photos' }),
    ]);

    // Block: Bo picked from the list; the username field is there for anyone else.
    await ada.page.getByRole('button', { name: /Block & Unblock/ }).click();
    const blockForm = ada.page.getByRole('dialog', { name: 'Block & Unblock' });
    await blockForm.getByLabel('Who?').selectOption({ label: 'Bo · Chatted' });
    await settle(ada.page);
    await shootBothThemes(ada.page, 'safety-block-picker', { axeWithin: '[role="dialog"]' });
    await blockForm.getByRole('button', { name: 'Block', exact: true }).click();
    await blockForm.getByRole('button', { name: 'Unblock Bo' }).waitFor();
    await blockForm.getByLabel('Who?').selectOption({ label: 'Someone else (by username)' });
    await blockForm.getByLabel('Block by username').waitFor();
    for (const p of [ada, bo, cy, dee]) await p.context.close();
  }, 120_000);
});
