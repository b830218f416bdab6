import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import { phoneContext, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/* Replies on Tea stories (product §2 "Tea"): anonymous per story, the author marked "Author". */

const env = useServerAndBrowser();

async function premiumPerson(overrides: Partial<RegisterBody> = {}) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, overrides);
  const granted = await context.request.post(`/api/grant-test-subscription/${user.id}`);
  expect(granted.status()).toBe(200);
  return { context, user, page: await context.newPage() };
}

function storyCard(page: Page, title: string) {
  return page.getByTestId('tea-story').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

async function openThread(page: Page, title: string) {
  await page.goto('/tea');
  const card = storyCard(page, title);
  await expect.poll(() => card.isVisible()).toBe(true);
  await card.getByRole('button', { name: /Show replies/ }).click();
  await expect.poll(() => card.getByTestId('story-replies').isVisible()).toBe(true);
  return card;
}

async function postReply(page: Page, card: ReturnType<typeof storyCard>, text: string) {
  await card.getByLabel('Reply anonymously').fill(text);
  await card.getByRole('button', { name: 'Post reply' }).click();
  await expect.poll(() => card.getByTestId('tea-reply').filter({ hasText: text }).isVisible()).toBe(true);
  await expect.poll(() => toastText(page, 'Reply posted anonymously').isVisible()).toBe(true);
}

describe('Tea replies', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('a member replies under a tea name, another sees it, and the author replies marked Author', async () => {
    const author = await premiumPerson({ name: 'Avery Author' });
    const replier = await premiumPerson({ name: 'Robin Replier' });
    const reader = await premiumPerson({ name: 'Rowan Reader' });
    contexts.push(author.context, replier.context, reader.context);
    const title = 'She brought her ex to our date';
    const shared = await author.context.request.post('/api/tea/stories', {
      data: { title, content: 'Halfway through the matcha, the ex sat down with us.', category: 'Dating' },
    });
    expect(shared.status()).toBe(201);

    // The replier answers from the card, by keyboard: Tab to the composer, type, Enter on the button.
    const card = await openThread(replier.page, title);
    await expect.poll(() => card.getByText('No replies yet').isVisible()).toBe(true);
    // Too long is not cut: the counter says by how much, and the button waits.
    const composer = card.getByLabel('Reply anonymously');
    await composer.fill('y'.repeat(1003));
    await card.getByText('1003/1000 · shorten it by 3').waitFor();
    expect(await card.getByRole('button', { name: 'Post reply' }).isDisabled()).toBe(true);
    await settle(replier.page);
    await shootBothThemes(replier.page, 'tea-reply-too-long');
    await composer.fill('');
    await card.getByText('0/1000').waitFor();
    await composer.focus();
    await replier.page.keyboard.type('That happened to me too. You deserved better.');
    await replier.page.keyboard.press('Tab');
    expect(await card.getByRole('button', { name: 'Post reply' }).evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    await replier.page.keyboard.press('Enter');
    const mine = card.getByTestId('tea-reply').first();
    await expect.poll(() => mine.isVisible()).toBe(true);
    const pseudonym = (await mine.getByTestId('reply-pseudonym').textContent())!;
    expect(pseudonym).toMatch(/^[A-Z][A-Za-z -]+ \d{1,2}$/);
    expect(await mine.getByText('(you)').isVisible()).toBe(true);
    expect(await mine.getByTestId('reply-author').count()).toBe(0);

    // Another member sees the same tea name, never a real one.
    const seen = await openThread(reader.page, title);
    const theirs = seen.getByTestId('tea-reply').first();
    await expect.poll(() => theirs.getByTestId('reply-pseudonym').textContent()).toBe(pseudonym);
    expect(await seen.textContent()).not.toContain('Robin');
    expect(await theirs.getByRole('button', { name: `Report ${pseudonym}’s reply` }).isVisible()).toBe(true);

    // The author replies and is marked Author, for herself and for everyone else.
    const own = await openThread(author.page, title);
    await postReply(author.page, own, 'Thank you, it means a lot.');
    const authorsReply = own.getByTestId('tea-reply').filter({ hasText: 'Thank you' });
    expect(await authorsReply.getByTestId('reply-author').textContent()).toBe('Author');
    await reader.page.reload();
    const again = await openThread(reader.page, title);
    const marked = again.getByTestId('tea-reply').filter({ hasText: 'Thank you' });
    await expect.poll(() => marked.getByTestId('reply-author').isVisible()).toBe(true);
    expect(await again.getByTestId('tea-reply').count()).toBe(2);
    await expect.poll(() => again.getByTestId('reply-count').textContent()).toBe('2');
    expect(await again.textContent()).not.toContain('Avery');

    // Her own counts sit under the tiles, for her only.
    await expect.poll(() => replier.page.getByTestId('my-tea-stats').textContent()).toContain('written 1 reply');

    await again.scrollIntoViewIfNeeded();
    await settle(reader.page);
    await shootBothThemes(reader.page, 'tea-replies');
    await settle(author.page);
    await own.scrollIntoViewIfNeeded();
    await shootBothThemes(author.page, 'tea-replies-author');

    // The reader reports the author's reply from its own Report button: the story's reasons, the same promise.
    await marked.getByRole('button', { name: /^Report .+’s reply$/ }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Report reply' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Reasons that fit a text; no "Fake profile" or "Underage user".
    const reasons = await dialog.getByLabel('Reason').locator('option').allTextContents();
    expect(reasons).toContain('Shares someone’s private information');
    expect(reasons).not.toContain('Fake profile');
    expect(reasons).not.toContain('Underage user');
    // "Other" needs a few words.
    await dialog.getByLabel('Reason').selectOption('other');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await dialog.getByText(/Say in a few words what is wrong/).waitFor();
    await settle(reader.page);
    await shootBothThemes(reader.page, 'tea-report-reply-other');
    await dialog.getByLabel(/Details/).fill('Mocks the story');
    // A double tap sends one report: thanked once, never told it was already reported.
    await dialog.getByRole('button', { name: 'Submit report' }).dblclick();
    await expect.poll(() => toastText(reader.page, 'Report submitted').isVisible()).toBe(true);
    // She sees it as reported, and cannot report it again.
    const reported = again.getByTestId('tea-reply').filter({ hasText: 'You reported this reply.' });
    await reported.waitFor();
    expect(await reported.getByRole('button', { name: /^Report / }).count()).toBe(0);
    // By now a second request of the double tap would have been answered.
    expect(await toastText(reader.page, 'Already reported').count()).toBe(0);
  });
});
