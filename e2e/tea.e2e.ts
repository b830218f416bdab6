import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import { expectAccessible, phoneContext, screenshot, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { settle } from './waits';
import { shootBothThemes } from './flows-themes';

const env = useServerAndBrowser();

async function person(overrides: Partial<RegisterBody> = {}, premium = true) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, overrides);
  if (premium) {
    // The demo grant: the same call the paywall's 'Test Access' button makes.
    const granted = await context.request.post(`/api/grant-test-subscription/${user.id}`);
    expect(granted.status()).toBe(200);
  }
  const page = await context.newPage();
  return { context, user, page };
}

async function closeToast(page: Page) {
  // The toast's own Close (the badge reveal has one too).
  const close = page
    .getByRole('region', { name: /Notices/ })
    .getByRole('button', { name: 'Close', exact: true })
    .first();
  if (await close.isVisible()) await close.click();
}

function storyCard(page: Page, title: string) {
  return page.getByTestId('tea-story').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

describe('Tea', () => {
  let contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
    contexts = [];
  });

  it('a free member sees the paywall with $3.99, and Test Access opens Tea', async () => {
    const free = await person({ name: 'Frankie Free' }, false);
    contexts.push(free.context);
    await free.page.goto('/tea');
    await expect.poll(() => free.page.getByRole('heading', { name: 'Spill the Tea' }).isVisible()).toBe(true);
    expect(await free.page.getByTestId('tea-price').textContent()).toContain('$3.99');
    expect(await free.page.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/subscribe');
    await settle(free.page);
    await screenshot(free.page, 'tea-paywall');
    await expectAccessible(free.page, 'tea-paywall');
    // The API refuses her too, not only the screen.
    expect((await free.context.request.get('/api/tea/stories')).status()).toBe(403);

    await free.page.getByRole('button', { name: 'Test Access' }).click();
    await expect.poll(() => free.page.getByRole('button', { name: 'Share Your Experience' }).isVisible()).toBe(true);
  });

  it('a premium member shares a story through the dialog, sees it on top, and another member supports it', async () => {
    const author = await person({ name: 'Alex Author' });
    const reader = await person({ name: 'Riley Reader' });
    contexts.push(author.context, reader.context);

    // Someone else's story already in the list, so "on top" means something.
    const earlier = await reader.context.request.post('/api/tea/stories', {
      data: {
        title: 'Coffee shop situationship',
        content: 'Three months of maybe. '.repeat(20),
        category: 'Friendship',
      },
    });
    expect(earlier.status()).toBe(201);

    await author.page.goto('/tea');
    await author.page.getByRole('button', { name: 'Share Your Experience' }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Share Your Experience' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    // Missing fields: each beside its field at once, focus on the first, nothing sent.
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    await dialog.getByText('Add a title').waitFor();
    await dialog.getByText('Write your story').waitFor();
    await expect.poll(() => author.page.evaluate(() => document.activeElement?.id)).toBe('story-title');
    // Too short: the contract's minimum lengths, in words.
    await dialog.getByLabel('Title').fill('ok');
    await dialog.getByLabel('Your story').fill('short');
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    await dialog.getByText('Use at least 3 characters for the title').waitFor();
    await dialog.getByText('Tell your story in at least 20 characters').waitFor();
    await settle(author.page);
    await shootBothThemes(author.page, 'tea-share-dialog-errors', { fullPage: false });
    await dialog.getByLabel('Your story').fill('');

    await dialog.getByLabel('Title').fill('She planned the whole date');
    await dialog.getByRole('button', { name: 'I never expected…' }).click();
    expect(await dialog.getByLabel('Your story').inputValue()).toBe('I never expected… ');
    await dialog.getByLabel('Your story').pressSequentially('a picnic with homemade scones and jasmine tea.');
    await dialog.getByLabel(/About/).fill('Sam');
    await dialog.getByLabel(/Relationship/).selectOption('First date');
    await dialog.getByLabel('Category').selectOption('Dating');
    await settle(author.page);
    await screenshot(author.page, 'tea-share-dialog');
    await expectAccessible(author.page, 'tea-share-dialog');
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    await expect.poll(() => toastText(author.page, 'Story shared anonymously!').isVisible()).toBe(true);
    await closeToast(author.page);
    // Her first story earns Storyteller: the reveal is hers alone; she closes it.
    const reveal = author.page.getByRole('status', { name: 'New badge' });
    await expect.poll(() => reveal.getByText('Storyteller').first().isVisible()).toBe(true);
    await reveal.getByRole('button', { name: 'Close', exact: true }).click();

    const first = author.page.getByTestId('tea-story').first();
    await expect.poll(() => first.getByRole('heading').textContent()).toBe('She planned the whole date');
    expect(await first.getByText('About Sam').isVisible()).toBe(true);
    expect(await first.getByText('First date').isVisible()).toBe(true);
    expect(await first.getByText('Just now').isVisible()).toBe(true);
    await expect.poll(() => author.page.getByTestId('stat-Stories Shared').textContent()).toBe('2');
    await settle(author.page);
    await screenshot(author.page, 'tea-stories');
    await expectAccessible(author.page, 'tea-stories');

    // Another member supports it; the count goes up for both.
    await reader.page.goto('/tea');
    const card = storyCard(reader.page, 'She planned the whole date');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('About Sam').isVisible()).toBe(true);
    const support = card.getByRole('button', { name: /Support this story/ });
    expect(await card.getByTestId('support-count').textContent()).toBe('0');
    await support.click();
    await expect.poll(() => card.getByTestId('support-count').textContent()).toBe('1');
    expect(await support.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => reader.page.getByTestId('stat-Support Given').textContent()).toBe('1');

    // Long stories fold behind 'Read more'.
    const long = storyCard(reader.page, 'Coffee shop situationship');
    await long.getByRole('button', { name: 'Read more' }).click();
    expect(await long.getByRole('button', { name: 'Show less' }).isVisible()).toBe(true);
    await support.scrollIntoViewIfNeeded();
    await settle(reader.page);
    await screenshot(reader.page, 'tea-supported');

    await author.page.reload();
    const mine = storyCard(author.page, 'She planned the whole date');
    await expect.poll(() => mine.getByTestId('support-count').textContent()).toBe('1');

    // Category chips filter for real, with real counts.
    await reader.page.getByRole('button', { name: /^Friendship\s*1$/ }).click();
    await expect.poll(() => reader.page.getByTestId('tea-story').count()).toBe(1);
    await reader.page.getByRole('button', { name: /^Family\s*0$/ }).click();
    await expect.poll(() => reader.page.getByText('No Family stories yet').isVisible()).toBe(true);
    await settle(reader.page);
    await screenshot(reader.page, 'tea-empty-category');

    // The menu: the author can delete her own; the reader can only report.
    await mine.getByRole('button', { name: 'Story options' }).click();
    expect(await author.page.getByRole('menuitem', { name: 'Delete story' }).isVisible()).toBe(true);
    await author.page.keyboard.press('Escape');
  });

  it('wraps a long unbroken title, counts what the form keeps, and takes a first name but not a surname', async () => {
    const author = await person({ name: 'Wren Wide' });
    contexts.push(author.context);
    // Tryout: one such title stretched the page for every member and put the story's menu out of reach.
    const title = 'T'.repeat(120);
    const created = await author.context.request.post('/api/tea/stories', {
      data: { title, content: 'A long story, told at length. '.repeat(8), category: 'Dating' },
    });
    expect(created.status()).toBe(201);
    await author.page.goto('/tea');
    const card = storyCard(author.page, title);
    await card.waitFor();
    expect(await author.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: 'Story options' }).click();
    await author.page.getByRole('menuitem', { name: 'Delete story' }).waitFor();
    await author.page.keyboard.press('Escape');

    await author.page.getByRole('button', { name: 'Share Your Experience' }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Share Your Experience' });
    await dialog.getByLabel('Title').fill('x'.repeat(130));
    expect(await dialog.getByLabel('Title').inputValue()).toHaveLength(120);
    await dialog.getByText('120/120').waitFor();
    await dialog.getByLabel('Title').fill('The café that never was');
    await dialog
      .getByLabel('Your story')
      .fill('We met at a café that had closed the year before, and she had planned it.');
    await dialog.getByLabel(/^About/).fill('Jennifer Smith');
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    await dialog.getByText('"About" takes a first name or an initial only').waitFor();
    expect(await dialog.getByLabel(/^About/).getAttribute('aria-invalid')).toBe('true');
    await shootBothThemes(author.page, 'tea-share-about-refused', { fullPage: false });
    await dialog.getByLabel(/^About/).fill('Jennifer S.');
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    await expect.poll(() => toastText(author.page, 'Story shared anonymously!').isVisible()).toBe(true);
    await storyCard(author.page, 'The café that never was').getByText('About Jennifer S.').waitFor();
  });

  it('takes a story she reported out of her feed at once, and only hers', async () => {
    const author = await person({ name: 'Rue Writer' });
    const reader = await person({ name: 'Ivy Reader' });
    contexts.push(author.context, reader.context);
    const title = 'The brunch that lasted a week';
    const created = await author.context.request.post('/api/tea/stories', {
      data: { title, content: 'We met for brunch and she stayed on my sofa for seven days.', category: 'Dating' },
    });
    expect(created.status()).toBe(201);
    await reader.page.goto('/tea');
    const card = storyCard(reader.page, title);
    await card.getByRole('button', { name: 'Story options' }).click();
    await reader.page.getByRole('menuitem', { name: 'Report story' }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Report story' });
    // Sent with no reason: it says what is missing beside the field and files nothing.
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Pick a reason for your report' }).waitFor();
    await expect.poll(() => dialog.getByLabel('Reason').evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(reader.page);
    await shootBothThemes(reader.page, 'tea-report-no-reason');
    await dialog.getByLabel('Reason').selectOption('harassment_or_bullying');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    await toastText(reader.page, 'Report submitted').waitFor();
    await card.waitFor({ state: 'detached' });
    await author.page.goto('/tea');
    await storyCard(author.page, title).waitFor();
  });

  it('asks before posting a story that may hurt someone, and Post anyway shares it', async () => {
    const author = await person({ name: 'Nell Nudge' });
    contexts.push(author.context);
    await author.page.goto('/tea');
    await author.page.getByRole('button', { name: 'Share Your Experience' }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Share Your Experience' });
    await dialog.getByLabel('Title').fill('Worst ex ever');
    await dialog.getByLabel('Your story').fill('She was a lying bitch from day one.');
    // Half written, she goes to her chats and comes back: the story is still there (then once more after a reload).
    await dialog.getByRole('button', { name: 'Close' }).click();
    await author.page.getByRole('link', { name: 'Chats', exact: true }).click();
    await author.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await author.page.getByRole('link', { name: 'Tea', exact: true }).click();
    await author.page.getByRole('button', { name: 'Share Your Experience' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Worst ex ever');
    await author.page.reload();
    await author.page.getByRole('button', { name: 'Share Your Experience' }).click();
    expect(await dialog.getByLabel('Your story').inputValue()).toBe('She was a lying bitch from day one.');
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    const nudge = author.page.getByRole('alertdialog', { name: 'Are you sure? This story may hurt someone' });
    await expect.poll(() => nudge.isVisible()).toBe(true);
    await settle(author.page);
    await screenshot(author.page, 'tea-nudge');
    await expectAccessible(author.page, 'tea-nudge');
    await nudge.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => nudge.isVisible()).toBe(false);
    expect(await dialog.getByLabel('Your story').inputValue()).toContain('lying');
    await dialog.getByRole('button', { name: 'Share Anonymously' }).click();
    await nudge.getByRole('button', { name: 'Post anyway' }).click();
    await expect.poll(() => toastText(author.page, 'Story shared anonymously!').isVisible()).toBe(true);
    expect(await storyCard(author.page, 'Worst ex ever').isVisible()).toBe(true);
    // Shared, it is no longer a draft.
    await author.page.getByRole('button', { name: 'Share Your Experience' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('');
  });

  it('shows the teas with a brewing guide and takes a review with first name shown', async () => {
    const she = await person({ name: 'Tess Taster' });
    contexts.push(she.context);
    await she.page.goto('/tea');
    await she.page.getByRole('tab', { name: 'Teas' }).click();
    await expect.poll(() => she.page.getByRole('heading', { name: 'Matcha' }).isVisible()).toBe(true);
    await settle(she.page);
    await screenshot(she.page, 'tea-varieties');
    await expectAccessible(she.page, 'tea-varieties');
    await she.page.getByRole('button', { name: 'Reviews of Matcha' }).click();
    const sheet = she.page.getByRole('dialog', { name: 'Matcha reviews' });
    await sheet.getByRole('button', { name: '4 stars' }).click();
    await sheet.getByLabel(/Review/).fill('Bright and grassy, perfect before a date.');
    await sheet.getByRole('button', { name: 'Post review' }).click();
    await expect
      .poll(() => sheet.getByRole('listitem').getByText('Bright and grassy, perfect before a date.').isVisible())
      .toBe(true);
    expect(await sheet.getByRole('button', { name: 'Update review' }).isVisible()).toBe(true);
    await settle(she.page);
    await screenshot(she.page, 'tea-reviews');
    await expectAccessible(she.page, 'tea-reviews');
  });

  it('loads older stories as she scrolls (infinite scroll over the keyset pages)', async () => {
    const writers = await Promise.all([1, 2, 3, 4, 5].map((n) => person({ name: `Writer ${n}` })));
    contexts.push(...writers.map((w) => w.context));
    for (const [i, writer] of writers.entries()) {
      for (let j = 0; j < 5; j++) {
        const response = await writer.context.request.post('/api/tea/stories', {
          data: {
            title: `Scroll story ${i * 5 + j + 1}`,
            content: 'A short one, just enough to tell.',
            category: 'Workplace',
          },
        });
        expect(response.status()).toBe(201);
      }
    }
    const reader = writers[0]!;
    await reader.page.goto('/tea');
    await reader.page.getByRole('button', { name: /^Workplace\s*25$/ }).click();
    await expect.poll(() => reader.page.getByTestId('tea-story').count()).toBe(20);
    await reader.page.getByTestId('tea-story').last().scrollIntoViewIfNeeded();
    await expect.poll(() => reader.page.getByTestId('tea-story').count()).toBe(25);
    expect(await storyCard(reader.page, 'Scroll story 1').isVisible()).toBe(true);
  });
});
