import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request, WebSocketRoute } from 'playwright-core';
import sharp from 'sharp';
import type { SelfUser } from '../src/contract/users';
import { matchViaApi, phoneContext, screenshot, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Chat in two browsers at once: each context is a separate person with her own session and socket.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function person(
  overrides: Parameters<typeof signUpViaApi>[1],
  options: { worker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; user: SelfUser }> {
  const context = await phoneContext(
    env.browser,
    env.server.baseUrl,
    options.worker ? { serviceWorkers: 'allow' } : {},
  );
  contexts.push(context);
  const user = await signUpViaApi(context, overrides);
  const page = await context.newPage();
  return { context, page, user };
}

/** A soft gradient as a profile photo, so the list shows a photo avatar beside an initial one. */
async function uploadPhoto(context: BrowserContext, userId: string): Promise<void> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#cfe3a8"/><stop offset="1" stop-color="#a8427a"/></linearGradient></defs>' +
    '<rect width="400" height="400" fill="url(#g)"/><circle cx="200" cy="165" r="70" fill="#fbf6ee" fill-opacity="0.85"/>' +
    '<ellipse cx="200" cy="360" rx="130" ry="110" fill="#fbf6ee" fill-opacity="0.85"/></svg>';
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const response = await context.request.post(`/api/users/${userId}/photos`, {
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer } },
  });
  if (response.status() !== 201) throw new Error(`photo upload failed ${response.status()}: ${await response.text()}`);
}

/** Both like each other; returns the match id. */

const messageItem = (page: Page, text: string) => page.locator('li[data-message-id]', { hasText: text });

async function waitConnected(page: Page): Promise<void> {
  await page.getByRole('img', { name: 'Connected' }).waitFor({ timeout: 15_000 });
}

describe('chat', () => {
  it('shows the empty chat list with a way to Discover', async () => {
    const { page } = await person({ name: 'Nora' });
    await page.goto('/chats');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByText('No matches yet').waitFor();
    expect(await page.getByRole('region', { name: 'Ideas for meeting up' }).getByRole('listitem').count()).toBe(4);
    await screenshot(page, 'chat-list-empty');
    await page.getByRole('link', { name: 'Start Discovering!' }).click();
    await page.waitForURL('**/home');
  });

  it('carries a conversation between two browsers in real time', async () => {
    const alice = await person({ name: 'Alice', interests: ['Hiking', 'Yoga', 'Photography'] });
    const bea = await person({ name: 'Bea', interests: ['Rock Climbing', 'Baking', 'Board Games', 'Poetry'] });
    const cleo = await person({ name: 'Cleo', interests: ['Museums'] });
    await uploadPhoto(bea.context, bea.user.id);
    const withBea = await matchViaApi(alice, bea);
    const withCleo = await matchViaApi(alice, cleo);
    const fern = await person({ name: 'Fern', interests: ['Theater', 'Languages'] });
    await matchViaApi(alice, fern);

    // The chat list: both new matches, the banner and up to 2 interests per row.
    await alice.page.goto('/chats');
    const beaRow = alice.page.getByRole('link', { name: /Bea/ });
    await beaRow.waitFor();
    await alice.page.getByText('You have new matches! Tap any profile to start chatting.').waitFor();
    expect(await alice.page.getByText('New Match!').count()).toBe(3);
    expect(await beaRow.getByText('Rock Climbing').isVisible()).toBe(true);
    expect(await beaRow.getByText('Board Games').count()).toBe(0);
    expect(await beaRow.locator('img').count()).toBe(1);
    await screenshot(alice.page, 'chat-list-new-matches');

    // The empty conversation: who she matched with, 3 interests and the starters.
    await beaRow.click();
    await alice.page.waitForURL(`**/conversation/${withBea}`);
    await alice.page.getByRole('heading', { name: 'You matched with Bea!' }).waitFor();
    const interests = alice.page.getByRole('list', { name: "Bea's interests" }).getByRole('listitem');
    expect(await interests.allTextContents()).toEqual(['Rock Climbing', 'Baking', 'Board Games']);
    const starters = alice.page.getByRole('list', { name: 'Conversation starters' }).getByRole('button');
    await starters.first().waitFor();
    const firstSet = await starters.allTextContents();
    expect(firstSet.length).toBeGreaterThanOrEqual(3);
    await waitConnected(alice.page);
    await screenshot(alice.page, 'conversation-empty');
    await alice.page.getByRole('button', { name: 'New starters' }).click();
    await alice.page.waitForFunction((before) => {
      const now = [...document.querySelectorAll('[aria-labelledby="starters-title"] button')].map((b) => b.textContent);
      return now.length > 0 && now.join('|') !== before;
    }, firstSet.join('|'));

    // Bea opens the same conversation in her own env.browser.
    await bea.page.goto(`/conversation/${withBea}`);
    await bea.page.getByRole('heading', { name: 'You matched with Alice!' }).waitFor();
    await waitConnected(bea.page);

    // Alice types: Bea sees 'typing...' first, then the message, without a reload.
    const send = alice.page.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    const input = alice.page.getByLabel('Message', { exact: true });
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('');
    await input.pressSequentially('Hi Bea! Your climbing photos look amazing', { delay: 15 });
    await bea.page.getByText('typing...').waitFor({ timeout: 10_000 });
    expect(await messageItem(bea.page, 'Hi Bea!').count()).toBe(0);
    await screenshot(bea.page, 'conversation-typing');
    await input.press('Enter');
    await messageItem(bea.page, 'Hi Bea! Your climbing photos look amazing').waitFor({ timeout: 10_000 });
    await bea.page.getByText('typing...').waitFor({ state: 'hidden' });
    expect(await input.inputValue()).toBe('');

    // Bea has read it: Alice's tick turns to Read through the read receipt.
    await messageItem(alice.page, 'Hi Bea!').getByRole('img', { name: 'Read' }).waitFor({ timeout: 10_000 });

    // Shift+Enter breaks the line, Enter sends.
    const beaInput = bea.page.getByLabel('Message', { exact: true });
    await beaInput.pressSequentially('Thank you! Bouldering on Saturday?');
    await beaInput.press('Shift+Enter');
    await beaInput.pressSequentially('There is a great tea place next door.');
    expect(await beaInput.inputValue()).toBe(
      'Thank you! Bouldering on Saturday?\nThere is a great tea place next door.',
    );
    await beaInput.press('Enter');
    const reply = messageItem(alice.page, 'Bouldering on Saturday?');
    await reply.waitFor({ timeout: 10_000 });
    expect(await reply.innerText()).toContain('There is a great tea place next door.');
    expect(await reply.locator('time').innerText()).toMatch(/^\d{1,2}:\d{2}/);

    await alice.page.getByLabel('Message', { exact: true }).fill('Yes! I would love that');
    await alice.page.getByRole('button', { name: 'Send message' }).click();
    await messageItem(bea.page, 'Yes! I would love that').waitFor({ timeout: 10_000 });

    // Each "Add reaction" is told from the next by the message it reacts to (its description).
    const describedBy = await reply
      .getByRole('button', { name: 'Add reaction' })
      .evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(describedBy).toContain('Bouldering on Saturday?');
    // Reactions: the picker adds, clicking her own chip removes it again.
    await reply.getByRole('button', { name: 'Add reaction' }).click();
    await alice.page.getByRole('button', { name: 'React with heart', exact: true }).click();
    const heart = reply.getByRole('button', { name: /^heart 1, including you$/ });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await heart.waitFor({ state: 'detached' });
    await reply.getByRole('button', { name: 'Add reaction' }).click();
    await alice.page.getByRole('button', { name: 'React with heart', exact: true }).click();
    await reply.getByRole('button', { name: 'Add reaction' }).click();
    await alice.page.getByRole('button', { name: 'React with fire', exact: true }).waitFor();
    await settle(alice.page);
    await screenshot(alice.page, 'conversation-reaction-picker');
    await alice.page.getByRole('button', { name: 'React with fire', exact: true }).click();
    await reply.getByRole('button', { name: /^fire 1/ }).waitFor();
    const stored = await alice.context.request.get(`/api/messages/${withBea}`);
    const page = (await stored.json()) as { messages: Array<{ content: string; reactions: Array<{ emoji: string }> }> };
    const reacted = page.messages.find((m) => m.content.startsWith('Thank you!'));
    expect(reacted?.reactions.map((r) => r.emoji)).toEqual(['❤️', '🔥']);

    // By keyboard, the messages' "Add reaction" buttons are one Tab stop (the last she used, here the reply's; at
    // first the newest message's) and the arrow keys move between them; Tab then goes on to the composer.
    const reactionButtons = alice.page.getByRole('button', { name: 'Add reaction' });
    const tabIndexes = () => reactionButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('tabindex')));
    const focusedMessage = () => alice.page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? '');
    expect(await tabIndexes()).toEqual(['-1', '0', '-1']);
    await reactionButtons.nth(1).focus();
    await alice.page.keyboard.press('ArrowDown');
    await expect.poll(focusedMessage).toContain('Yes! I would love that');
    await alice.page.keyboard.press('ArrowDown');
    await expect.poll(focusedMessage).toContain('Yes! I would love that');
    await alice.page.keyboard.press('Home');
    await expect.poll(focusedMessage).toContain('Hi Bea!');
    await alice.page.keyboard.press('ArrowUp');
    await expect.poll(focusedMessage).toContain('Hi Bea!');
    expect(await tabIndexes()).toEqual(['0', '-1', '-1']);
    // Tab passes the other messages' buttons by: the reply's reaction chips (each its own stop), then the composer.
    const focusedName = () => alice.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    const tabbedTo: Array<string | null | undefined> = [];
    for (let i = 0; i < 3; i++) {
      await alice.page.keyboard.press('Tab');
      tabbedTo.push(await focusedName());
    }
    expect(tabbedTo).toEqual(['heart 1, including you', 'fire 1, including you', 'Share a photo']);

    // Bea reacts too; Alice sees it after a fresh load.
    const mine = messageItem(bea.page, 'Hi Bea!');
    await mine.getByRole('button', { name: 'Add reaction' }).click();
    await bea.page.getByRole('button', { name: 'React with smiling with hearts', exact: true }).click();
    await mine.getByRole('button', { name: /^smiling with hearts 1/ }).waitFor();

    await alice.page.reload();
    await messageItem(alice.page, 'Hi Bea!')
      .getByRole('button', { name: /^smiling with hearts 1/ })
      .waitFor();
    await waitConnected(alice.page);
    await alice.page.getByText('Bea', { exact: true }).first().waitFor();
    await screenshot(alice.page, 'conversation-messages');

    // Report from the menu: the same form as everywhere, with the reason hers to pick.
    await alice.page.getByRole('button', { name: 'Conversation options' }).click();
    await alice.page.getByRole('menuitem', { name: 'Report User' }).click();
    const reportForm = alice.page.getByRole('dialog', { name: 'Report Bea' });
    await reportForm.getByLabel('Reason').selectOption('harassment_or_bullying');
    await reportForm.getByRole('button', { name: 'Submit Report' }).click();
    await toastText(alice.page, 'Report submitted').waitFor();
    const reports = await alice.context.request.get(`/api/reports/${alice.user.id}`);
    expect(((await reports.json()) as Array<{ reportedUserId: string; reason: string }>)[0]).toMatchObject({
      reportedUserId: bea.user.id,
      reason: 'harassment_or_bullying',
    });

    // A starter sends itself as the first message of the conversation with Cleo.
    await alice.page.goto('/chats');
    await alice.page.getByRole('link', { name: /Cleo/ }).click();
    await alice.page.waitForURL(`**/conversation/${withCleo}`);
    const cleoStarters = alice.page.getByRole('list', { name: 'Conversation starters' }).getByRole('button');
    await cleoStarters.first().waitFor();
    const starterText = (await cleoStarters.first().textContent()) ?? '';
    await cleoStarters.first().click();
    const sentStarter = messageItem(alice.page, starterText);
    await sentStarter.waitFor({ timeout: 10_000 });
    expect(await sentStarter.getByText('Conversation starter').count()).toBe(1);
    expect(await alice.page.getByRole('heading', { name: 'You matched with Cleo!' }).count()).toBe(0);

    // Blocking ends the conversation and goes back to the list, where Cleo is gone.
    await alice.page.getByRole('button', { name: 'Conversation options' }).click();
    await alice.page.getByRole('menuitem', { name: 'Block User' }).click();
    await alice.page.getByRole('alertdialog').getByRole('heading', { name: 'Block Cleo?' }).waitFor();
    await settle(alice.page);
    await screenshot(alice.page, 'conversation-block-confirm');
    await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
    await alice.page.waitForURL('**/chats');
    await toastText(alice.page, 'Cleo is blocked').waitFor();
    await alice.page.getByRole('link', { name: /Bea/ }).waitFor();
    // The list refetches after the block: Cleo goes with it.
    await expect.poll(() => alice.page.getByRole('link', { name: /Cleo/ }).count()).toBe(0);

    // Alice's list updates live: Bea's new message shows as the preview with an unread count, on top.
    const late = await bea.context.request.post('/api/messages', {
      data: { matchId: withBea, content: 'See you at 11 by the climbing wall?', clientMessageId: 'e2e-late-1' },
    });
    expect(late.status()).toBe(201);
    const updatedRow = alice.page.getByRole('link', { name: /See you at 11 by the climbing wall\?/ });
    await updatedRow.waitFor({ timeout: 10_000 });
    expect(await updatedRow.getByText('1 unread').count()).toBe(1);
    expect(
      await alice.page.getByRole('list', { name: 'Your matches' }).getByRole('link').first().innerText(),
    ).toContain('Bea');
    await screenshot(alice.page, 'chat-list-matches');
  }, 240_000);

  it('sends over HTTP without a socket, and catches up on missed messages after a reconnect', async () => {
    const dana = await person({ name: 'Dana' });
    const eve = await person({ name: 'Eve' });
    const matchId = await matchViaApi(dana, eve);

    // Eve's sockets pass through a switch, so the test can cut her real-time link while HTTP keeps working.
    let socketsAllowed = true;
    const live: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
    await eve.context.routeWebSocket('**/ws', (ws) => {
      if (!socketsAllowed) {
        void ws.close({ code: 1011, reason: 'test outage' });
        return;
      }
      live.push({ page: ws, server: ws.connectToServer() });
    });

    await dana.page.goto(`/conversation/${matchId}`);
    await eve.page.goto(`/conversation/${matchId}`);
    await waitConnected(dana.page);
    await waitConnected(eve.page);

    socketsAllowed = false;
    for (const { page, server: upstream } of live.splice(0)) {
      await upstream.close();
      await page.close({ code: 1011, reason: 'test outage' });
    }
    await eve.page.getByRole('img', { name: 'Disconnected' }).waitFor({ timeout: 10_000 });
    // With her socket cut, Eve's page could only learn of a message by fetching the conversation: watch for that.
    const eveFetches: string[] = [];
    const onEveRequest = (request: Request) => {
      if (request.method() === 'GET' && request.url().includes(`/api/messages/${matchId}`))
        eveFetches.push(request.url());
    };
    eve.page.on('request', onEveRequest);

    // Dana writes while Eve's socket is down: it is stored, and Eve has no way to hear of it yet.
    await dana.page.getByLabel('Message', { exact: true }).fill('Are you there?');
    await dana.page.getByLabel('Message', { exact: true }).press('Enter');
    await messageItem(dana.page, 'Are you there?').getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });
    expect(eveFetches).toEqual([]);
    expect(await messageItem(eve.page, 'Are you there?').count()).toBe(0);

    // Eve writes without a socket: it goes over HTTP, is stored once, and reaches Dana live.
    await eve.page.getByLabel('Message', { exact: true }).fill('Sorry, my train went into a tunnel');
    await eve.page.getByLabel('Message', { exact: true }).press('Enter');
    await messageItem(eve.page, 'Sorry, my train').getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });
    await messageItem(dana.page, 'Sorry, my train').waitFor({ timeout: 10_000 });
    // Her own send over HTTP did not fetch the conversation either: Dana's message is still missed.
    expect(eveFetches).toEqual([]);
    expect(await messageItem(eve.page, 'Are you there?').count()).toBe(0);
    eve.page.off('request', onEveRequest);

    // The socket comes back: the reconnect refetches the open conversation, so the missed message shows.
    socketsAllowed = true;
    await waitConnected(eve.page).catch(async () => {
      // The retries may be spent by now; the notice offers a manual reconnect.
      await eve.page.getByRole('button', { name: 'Reconnect' }).click();
      await waitConnected(eve.page);
    });
    await messageItem(eve.page, 'Are you there?').waitFor({ timeout: 10_000 });
    const stored = await dana.context.request.get(`/api/messages/${matchId}`);
    expect(((await stored.json()) as { messages: Array<{ content: string }> }).messages.map((m) => m.content)).toEqual([
      'Are you there?',
      'Sorry, my train went into a tunnel',
    ]);
  }, 180_000);

  it('says at once when her phone goes offline, keeps what she sent then to retry, and reconnects when it is back', async () => {
    // Offline as a phone is: with the app's service worker.
    const gia = await person({ name: 'Gia' }, { worker: true });
    const hana = await person({ name: 'Hana' });
    const matchId = await matchViaApi(gia, hana);
    await gia.page.goto(`/conversation/${matchId}`);
    await hana.page.goto(`/conversation/${matchId}`);
    await waitConnected(gia.page);
    await waitConnected(hana.page);
    await gia.page.locator('header').getByText('Online now').waitFor();

    // The network goes: the header and the notice say so without waiting for the socket to time out.
    await gia.context.setOffline(true);
    await gia.page.getByRole('img', { name: 'Disconnected' }).waitFor({ timeout: 5_000 });
    await gia.page.getByRole('status').getByText("You're offline. Check your connection.").waitFor();
    // Hana's presence is not known without a connection: no stale "Online now".
    expect(await gia.page.locator('header').getByText('Online now').count()).toBe(0);
    // What she sends meanwhile waits in the conversation as not sent.
    await gia.page.getByLabel('Message', { exact: true }).fill('Running late, 10 minutes');
    await gia.page.getByLabel('Message', { exact: true }).press('Enter');
    // Not stored, so not yet a message with an id: her row of the list.
    const unsent = gia.page.getByRole('listitem').filter({ hasText: 'Running late' });
    await unsent.getByText('Not sent.').waitFor({ timeout: 10_000 });
    // No toast over the header and the notice: they and the row say it already.
    expect(await toastText(gia.page, 'Failed to send message').count()).toBe(0);
    await shootBothThemes(gia.page, 'chat-offline');
    await hana.page.getByLabel('Message', { exact: true }).fill('No rush!');
    await hana.page.getByLabel('Message', { exact: true }).press('Enter');
    await messageItem(hana.page, 'No rush!').getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });

    // Back online: connected again without pressing anything, Hana's message catches up, and Retry sends hers.
    await gia.context.setOffline(false);
    await waitConnected(gia.page);
    await gia.page.locator('header').getByText('Online now').waitFor();
    expect(await gia.page.getByText("You're offline. Check your connection.").count()).toBe(0);
    await messageItem(gia.page, 'No rush!').waitFor({ timeout: 10_000 });
    await unsent.getByRole('button', { name: 'Retry' }).click();
    await messageItem(hana.page, 'Running late, 10 minutes').waitFor({ timeout: 10_000 });

    // The server in trouble for a moment: the match list's refetch after a send fails (502). The conversation she
    // has open stays; it was said to be "not found" (tryout).
    await gia.page.route('**/api/matches', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    const refused = gia.page.waitForResponse((r) => r.url().endsWith('/api/matches') && r.status() === 502);
    await gia.page.getByLabel('Message', { exact: true }).fill('Found a table by the window');
    await gia.page.getByLabel('Message', { exact: true }).press('Enter');
    await refused;
    await gia.page.getByLabel('Message', { exact: true }).fill('Green teapot');
    await gia.page.getByLabel('Message', { exact: true }).press('Enter');
    await messageItem(hana.page, 'Green teapot').waitFor({ timeout: 10_000 });
    expect(await gia.page.getByText('Conversation not found').count()).toBe(0);
    await messageItem(gia.page, 'Found a table by the window').waitFor();
    await gia.page.unroute('**/api/matches');
  });

  it('a text that failed to send is still there, not sent, when she reloads anyway, and Retry sends it once', async () => {
    const ida = await person({ name: 'Ida' });
    const jo = await person({ name: 'Jo' });
    const matchId = await matchViaApi(ida, jo);
    const input = ida.page.getByLabel('Message', { exact: true });
    await ida.page.goto(`/conversation/${matchId}`);
    await waitConnected(ida.page);
    await ida.context.setOffline(true);
    await ida.page.getByRole('img', { name: 'Disconnected' }).waitFor({ timeout: 5_000 });
    for (const text of ['Running late, 10 minutes', 'Order me a matcha']) {
      await input.fill(text);
      await input.press('Enter');
      await ida.page
        .getByRole('listitem')
        .filter({ hasText: text })
        .getByText('Not sent.')
        .waitFor({ timeout: 10_000 });
    }
    await input.fill('See you soon');
    await ida.context.setOffline(false);
    await waitConnected(ida.page);

    // The reload asks first (the outbox), and she goes on: her failed texts were lost with the tab's memory, then
    // came back merged into her draft (tryouts).
    const reloadAnyway = async () => {
      const asked = ida.page.waitForEvent('dialog');
      const reloaded = ida.page.waitForEvent('load');
      void ida.page.evaluate(() => location.reload()).catch(() => undefined);
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.accept();
      await reloaded;
    };
    await reloadAnyway();
    const unsent = (text: string) => ida.page.getByRole('listitem').filter({ hasText: text });
    await unsent('Running late, 10 minutes').getByText('Not sent.').waitFor({ timeout: 10_000 });
    await unsent('Order me a matcha').getByText('Not sent.').waitFor();
    await expect.poll(() => input.inputValue()).toBe('See you soon');
    await settle(ida.page);
    await shootBothThemes(ida.page, 'chat-failed-after-reload');

    // From the chat list too: reloaded there, the conversation is still marked.
    await ida.page.getByRole('link', { name: 'Back to messages' }).click();
    await ida.page.waitForURL('**/chats');
    await reloadAnyway();
    const row = ida.page.getByRole('list', { name: 'Your matches' }).getByRole('listitem').first();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Not sent');
    await row.getByRole('link', { name: /Jo/ }).click();
    await waitConnected(ida.page);

    // Delete is one tap, and the toast offers it back (a photo could not be typed again: tryout).
    await unsent('Order me a matcha').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => unsent('Order me a matcha').count()).toBe(0);
    await toastText(ida.page, 'Unsent message deleted').waitFor();
    await shootBothThemes(ida.page, 'chat-unsent-deleted');
    // From the keyboard: her focus goes on to the message box, not lost with the toast (tryout).
    await ida.page.getByTestId('toasts').getByRole('button', { name: 'Undo' }).focus();
    await ida.page.keyboard.press('Enter');
    await unsent('Order me a matcha').getByText('Not sent.').waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

    // Retry sends each as it was, once; the draft stays hers to send.
    await unsent('Running late, 10 minutes').getByRole('button', { name: 'Retry' }).click();
    await messageItem(ida.page, 'Running late, 10 minutes')
      .getByRole('img', { name: 'Sent' })
      .waitFor({ timeout: 10_000 });
    await unsent('Order me a matcha').getByRole('button', { name: 'Retry' }).click();
    await messageItem(ida.page, 'Order me a matcha').getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });
    expect(await input.inputValue()).toBe('See you soon');
    const answer = await jo.context.request.get(`/api/messages/${matchId}?limit=100`);
    const { messages } = (await answer.json()) as { messages: Array<{ content: string }> };
    expect(messages.map((m) => m.content).sort()).toEqual(['Order me a matcha', 'Running late, 10 minutes']);
  });

  it('a conversation first opened offline shows what she sent while its history has not come, and Retry sends it', async () => {
    const kim = await person({ name: 'Kim' }, { worker: true });
    const lou = await person({ name: 'Lou' });
    const mia = await person({ name: 'Mia' });
    const firstId = await matchViaApi(kim, lou);
    const secondId = await matchViaApi(kim, mia);
    // The conversation screen's code is on the page; Mia's messages never were.
    await kim.page.goto(`/conversation/${firstId}`);
    await waitConnected(kim.page);
    await kim.page.getByRole('link', { name: 'Back to messages' }).click();
    await kim.page.waitForURL('**/chats');
    await kim.context.setOffline(true);
    await kim.page.getByRole('list', { name: 'Your matches' }).getByRole('link', { name: /Mia/ }).click();
    await kim.page.waitForURL(`**/conversation/${secondId}`);
    await kim.page.getByText('Loading conversation…').waitFor();
    await kim.page.getByLabel('Message', { exact: true }).fill('Still on for Sunday?');
    await kim.page.getByLabel('Message', { exact: true }).press('Enter');
    // Only "Loading conversation…" was shown, and what she sent was nowhere (tryout).
    const unsent = kim.page.getByRole('listitem').filter({ hasText: 'Still on for Sunday?' });
    await unsent.getByText('Not sent.').waitFor({ timeout: 10_000 });
    await kim.page.getByText('Loading conversation…').waitFor();
    await shootBothThemes(kim.page, 'chat-offline-not-loaded');

    await kim.context.setOffline(false);
    await waitConnected(kim.page);
    await expect.poll(() => kim.page.getByText('Loading conversation…').count(), { timeout: 10_000 }).toBe(0);
    await unsent.getByRole('button', { name: 'Retry' }).click();
    await messageItem(kim.page, 'Still on for Sunday?').getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });
    await mia.page.goto(`/conversation/${secondId}`);
    await messageItem(mia.page, 'Still on for Sunday?').waitFor();
  });

  it('keeps what she typed across a reload and a trip to the list, and forgets it once sent or when she signs out', async () => {
    const ana = await person({ name: 'Ana' });
    const bea = await person({ name: 'Bea' });
    const matchId = await matchViaApi(ana, bea);
    const input = ana.page.getByLabel('Message', { exact: true });
    await ana.page.goto(`/conversation/${matchId}`);
    await waitConnected(ana.page);
    await input.fill('Saturday at the tea house?\nThe one by the river');

    await ana.page.reload();
    await waitConnected(ana.page);
    await expect.poll(() => input.inputValue()).toBe('Saturday at the tea house?\nThe one by the river');
    await settle(ana.page);
    await shootBothThemes(ana.page, 'chat-draft-kept');

    // To the chat list, which shows it as the conversation's line, and back into the conversation: still there.
    await ana.page.getByRole('link', { name: 'Back to messages' }).click();
    await ana.page.waitForURL('**/chats');
    const row = ana.page.getByRole('list', { name: 'Your matches' }).getByRole('listitem').first();
    await expect.poll(() => row.innerText()).toContain('Draft: Saturday at the tea house?');
    await settle(ana.page);
    await shootBothThemes(ana.page, 'chat-list-draft');
    await ana.page.getByRole('list', { name: 'Your matches' }).getByRole('link').first().click();
    await ana.page.waitForURL(`**/conversation/${matchId}`);
    await expect.poll(() => input.inputValue()).toBe('Saturday at the tea house?\nThe one by the river');

    // Sent: the draft goes with it.
    await input.press('Enter');
    await messageItem(ana.page, 'The one by the river').getByRole('img', { name: 'Sent' }).waitFor({ timeout: 10_000 });
    await ana.page.reload();
    await messageItem(ana.page, 'The one by the river').waitFor();
    expect(await input.inputValue()).toBe('');
    await ana.page.getByRole('link', { name: 'Back to messages' }).click();
    await expect.poll(() => row.innerText()).toContain('You: Saturday at the tea house?');
    expect(await row.innerText()).not.toContain('Draft:');
    await row.getByRole('link').first().click();

    // Signed out: nothing she typed stays on the tab for whoever signs in next (here, herself again).
    await input.fill('Half a thought');
    await ana.page.goto('/settings');
    await ana.page.getByRole('button', { name: 'Sign Out' }).click();
    await ana.page.waitForURL((url) => url.pathname === '/');
    expect(await ana.page.evaluate(() => window.sessionStorage.getItem('steep-message-drafts'))).toBeNull();
    const login = await ana.context.request.post('/api/auth/login', {
      data: { username: ana.user.username, password: 'Secret_123' },
    });
    expect(login.status()).toBe(200);
    await ana.page.goto(`/conversation/${matchId}`);
    await messageItem(ana.page, 'The one by the river').waitFor();
    expect(await input.inputValue()).toBe('');
  }, 180_000);

  it('the back arrow and the phone’s Back agree: no bouncing between the list and a conversation', async () => {
    const cleo = await person({ name: 'Cleo' });
    const dani = await person({ name: 'Dani' });
    const matchId = await matchViaApi(cleo, dani);
    const page = cleo.page;
    const back = page.getByRole('link', { name: 'Back to messages' });

    // From the list: the arrow goes back to it, and Back from there leaves chat (to Discover), not into the
    // conversation again.
    await page.goto('/home');
    await page.getByRole('link', { name: 'Chats', exact: true }).click();
    await page.waitForURL('**/chats');
    await page.getByRole('list', { name: 'Your matches' }).getByRole('link').first().click();
    await page.waitForURL(`**/conversation/${matchId}`);
    await back.click();
    await page.waitForURL('**/chats');
    await page.goBack();
    await page.waitForURL('**/home');

    // Opened from elsewhere (a link, a notification): the arrow shows the list in the conversation's place, so
    // Back from the list goes where she was before the conversation.
    await page.goto(`/conversation/${matchId}`);
    await waitConnected(page);
    await back.click();
    await page.waitForURL('**/chats');
    await page.goBack();
    await page.waitForURL('**/home');
  });
});
