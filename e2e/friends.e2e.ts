import { describe, expect, it } from 'vitest';
import { closeBadgeCard, phoneContext, signUpViaApi, toastText, useServerAndBrowser, watchBadgeCheck } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Friends mode (product §2 "Discover"): Fay, who has been dating in Duluth, switches "Looking for" to
 * Both on Discovery Filters (a Friends age range the wrong way round first, refused beside its field),
 * finds the Dating | Friends switch on Discover, likes Gwen (who liked her as a friend) back in the
 * Friends deck by keyboard, and
 * their conversation carries the "Friends" label in Messages and in its header. Ivy, who looks only for
 * friends, is never in Fay's dating deck.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

describe('friends mode', () => {
  it('switches to Both, swipes the Friends deck, makes a friends match and sees it labelled in chat', async () => {
    const fayContext = await phoneContext(env.browser, env.server.baseUrl);
    const gwenContext = await phoneContext(env.browser, env.server.baseUrl);
    const ivyContext = await phoneContext(env.browser, env.server.baseUrl);
    const here = { location: 'Duluth, Minnesota' };
    const fay = await signUpViaApi(fayContext, { name: 'Fay', ...here, interests: ['Hiking', 'Board Games'] });
    const gwen = await signUpViaApi(gwenContext, { name: 'Gwen', ...here, interests: ['Board Games'] });
    await signUpViaApi(ivyContext, { name: 'Ivy', ...here, interests: ['Hiking'] });
    // Gwen looks for both; Ivy looks only for friends.
    for (const [context, lookingFor] of [
      [gwenContext, 'both'],
      [ivyContext, 'friends'],
    ] as const) {
      const set = await context.request.put('/api/discovery/looking-for', { data: { lookingFor } });
      expect(set.status()).toBe(200);
    }
    // Dating only at first: no deck switch, Gwen in the deck, never Ivy.
    const page = await fayContext.newPage();
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/home');
    await page.getByRole('heading', { name: /Gwen/ }).waitFor();
    await closeBadgeCard(page, badges);
    expect(await page.getByRole('group', { name: 'Deck' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /Ivy/ }).count()).toBe(0);

    await page.goto('/filters');
    const card = page.getByRole('region', { name: 'Friends mode' });
    // The choices answer once her setting has loaded (the group is disabled until then).
    await card.locator('fieldset:not([disabled])').waitFor();
    // By keyboard: focus the checked choice (Dating), arrows move to Friends, then Both; each is saved.
    await card.getByRole('radio', { name: /^Dating/ }).focus();
    await page.keyboard.press('ArrowRight');
    await toastText(page, 'Looking for: Friends').waitFor();
    await page.keyboard.press('ArrowRight');
    await toastText(page, 'Looking for: Both').waitFor();
    expect(await card.getByRole('radio', { name: /^Both/ }).isChecked()).toBe(true);
    // Fay is in the Friends deck now: Gwen likes her there.
    const liked = await gwenContext.request.post('/api/likes', {
      data: { targetUserId: fay.id, isLike: true, mode: 'friends' },
    });
    expect(liked.status()).toBe(201);

    // Off the script: a Friends age range the wrong way round is refused beside its field.
    const form = card.getByRole('form', { name: 'Friends filters' });
    await form.getByLabel('Min age').fill('40');
    await form.getByLabel('Max age').fill('25');
    await form.getByRole('button', { name: 'Save Friends filters' }).click();
    await form.getByText('Maximum age must be at least the minimum age').waitFor();
    await form.getByLabel('Min age').fill('21');
    await form.getByLabel('Max age').fill('60');
    expect(await form.getByText('Maximum age must be at least the minimum age').count()).toBe(0);
    await form.getByRole('button', { name: 'Board Games' }).click();
    await page.getByTestId('toasts').getByRole('button', { name: 'Close' }).click();
    await toastText(page, 'Looking for: Both').waitFor({ state: 'detached' });
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'friends-looking-for', { axeWithin: '[aria-labelledby="friends-mode-title"]' });
    await form.getByRole('button', { name: 'Save Friends filters' }).click();
    await toastText(page, 'Friends filters saved').waitFor();
    const saved = await fayContext.request.get(`/api/users/${fay.id}/friends-filters`);
    expect(await saved.json()).toEqual({ minAge: 21, maxAge: 60, maxDistance: 25, interests: ['Board Games'] });

    // Discover now has the deck switch; the Friends deck holds Gwen (shared interest) and not Ivy
    // (no Board Games); the dating deck still never holds Ivy.
    await page.goto('/home');
    const decks = page.getByRole('group', { name: 'Deck' });
    await decks.waitFor();
    await page.getByRole('heading', { name: /Gwen/ }).waitFor();
    expect(await page.getByRole('heading', { name: /Ivy/ }).count()).toBe(0);
    const friendsButton = decks.getByRole('button', { name: 'Friends' });
    await friendsButton.focus();
    await page.keyboard.press('Enter');
    expect(await friendsButton.getAttribute('aria-pressed')).toBe('true');
    const friendsDeck = page.getByRole('region', { name: 'Friends to discover' });
    await friendsDeck.getByRole('heading', { name: /Gwen/ }).waitFor();
    expect(await friendsDeck.getByRole('heading', { name: /Ivy/ }).count()).toBe(0);
    await settle(page);
    await shootBothThemes(page, 'friends-deck');

    // Liking Gwen back in the Friends deck, by keyboard, makes a friends match.
    const like = friendsDeck.getByRole('button', { name: 'Like', exact: true });
    await like.focus();
    await page.keyboard.press('Enter');
    const celebration = page.getByRole('dialog', { name: 'New Friend!' });
    await celebration.getByText('You and Gwen want to be friends.').waitFor();
    await settle(page);
    await shootBothThemes(page, 'friends-match');
    const matches = (await (await fayContext.request.get('/api/matches?mode=friends')).json()) as Array<{
      id: string;
      mode: string;
    }>;
    expect(matches).toHaveLength(1);
    expect(await (await fayContext.request.get('/api/matches?mode=dating')).json()).toEqual([]);
    await celebration.getByRole('button', { name: 'Keep Swiping' }).click();
    await celebration.waitFor({ state: 'detached' });

    // Messages marks the conversation, and so does its header.
    await page.goto('/chats');
    const row = page.getByRole('link', { name: /Gwen/ });
    await row.getByText('Friends', { exact: true }).waitFor();
    await settle(page);
    await shootBothThemes(page, 'friends-chats');
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/conversation/${matches[0]?.id ?? ''}`);
    const header = page.locator('header').filter({ hasText: 'Gwen' });
    await header.getByText('Friends', { exact: true }).waitFor();
    await settle(page);
    await shootBothThemes(page, 'friends-conversation');
    expect(gwen.id).not.toBe(fay.id);

    // Ivy looks only for friends: no deck switch, and Discover says which deck she is in.
    const ivyPage = await ivyContext.newPage();
    const ivyBadges = await watchBadgeCheck(ivyPage, env.server);
    await ivyPage.goto('/home');
    await ivyPage.getByTestId('friends-only-note').waitFor();
    await closeBadgeCard(ivyPage, ivyBadges);
    expect(await ivyPage.getByRole('group', { name: 'Deck' }).count()).toBe(0);
    await settle(ivyPage);
    await shootBothThemes(ivyPage, 'friends-only-discover');

    await Promise.all([fayContext.close(), gwenContext.close(), ivyContext.close()]);
  }, 120_000);
});
