import { describe, expect, it } from 'vitest';
import { closeBadgeCard, phoneContext, watchBadgeCheck, signUpViaApi, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Like something specific (product §4): Vi likes one of Rosa's prompts with a comment, by keyboard, after
 * a comment too long is refused. Rosa, free, sees "Someone liked your prompt" with the comment blurred
 * (the server never sent it); with Premium she sees Vi, the prompt and the comment; liking back makes the
 * match, and the chat opens with Vi's comment as its first message.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

const COMMENT = 'A river walk after oolong? I know the perfect bench by the Willamette.';
const ANSWER = 'A slow oolong flight, then a walk by the river.';

describe('like something specific', () => {
  it('a prompt liked with a comment: blurred for a free member, read with Premium, the first message on match', async () => {
    const rosaContext = await phoneContext(env.browser, env.server.baseUrl);
    const viContext = await phoneContext(env.browser, env.server.baseUrl);
    const rosa = await signUpViaApi(rosaContext, { name: 'Rosa', location: 'Eugene, Oregon' });
    const vi = await signUpViaApi(viContext, { name: 'Vi', location: 'Eugene, Oregon' });
    const answered = await rosaContext.request.put(`/api/users/${rosa.id}`, {
      data: { prompts: [{ promptId: 'ideal-tea-date', answer: ANSWER }] },
    });
    expect(answered.status(), await answered.text()).toBe(200);

    // Vi meets Rosa in Discover: a heart on her prompt, reached by keyboard.
    const viPage = await viContext.newPage();
    const viBadges = await watchBadgeCheck(viPage, env.server);
    await viPage.goto('/home');
    await viPage.getByRole('heading', { name: /Rosa/ }).waitFor();
    await closeBadgeCard(viPage, viBadges);
    const card = viPage.getByTestId('top-card');
    const heart = card.getByRole('button', { name: 'Like this prompt' });
    await card
      .getByRole('button', { name: 'Like this photo' })
      .count()
      .then((n) => expect(n).toBe(0)); // no photo yet
    await settle(viPage);
    await shootBothThemes(viPage, 'liked-item-card');
    await heart.focus();
    await viPage.keyboard.press('Enter');
    const dialog = viPage.getByRole('dialog', { name: "Like Rosa's prompt" });
    await dialog.getByText(ANSWER).waitFor();
    const comment = dialog.getByLabel(/Add a comment/);
    expect(await comment.evaluate((el) => el === document.activeElement)).toBe(false);

    // Off the script: a comment over 140 characters is refused beside the field, and nothing is sent.
    let likesSent = 0;
    viPage.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/likes') likesSent += 1;
    });
    await comment.focus();
    await viPage.keyboard.insertText('x'.repeat(141));
    await dialog.getByText('141/140 · shorten it by 1').waitFor();
    await viPage.keyboard.press('Tab');
    const send = dialog.getByRole('button', { name: 'Send like' });
    expect(await send.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    await viPage.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('A comment is at most 140 characters').waitFor();
    expect(likesSent).toBe(0);
    expect(await comment.evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(viPage);
    await shootBothThemes(viPage, 'liked-item-too-long');

    await viPage.keyboard.press('ControlOrMeta+A');
    await viPage.keyboard.insertText(COMMENT);
    await dialog.getByText(`${COMMENT.length}/140`).waitFor();
    await settle(viPage);
    await shootBothThemes(viPage, 'liked-item-dialog');
    await viPage.keyboard.press('Tab');
    const sent = viPage.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/likes',
    );
    await viPage.keyboard.press('Enter');
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      targetUserId: rosa.id,
      isLike: true,
      likedItem: { kind: 'prompt', promptId: 'ideal-tea-date' },
      comment: COMMENT,
    });
    await dialog.waitFor({ state: 'detached' });

    // Rosa, free: which prompt of hers, a blurred comment, never who or what.
    const rosaPage = await rosaContext.newPage();
    const likesRead = rosaPage.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/notifications/likes-received',
    );
    const rosaBadges = await watchBadgeCheck(rosaPage, env.server);
    await rosaPage.goto('/home');
    await closeBadgeCard(rosaPage, rosaBadges);
    await rosaPage.getByRole('button', { name: /Notifications/ }).click();
    const freeBody = await (await likesRead).text();
    expect(freeBody).not.toContain(vi.id);
    expect(freeBody).not.toContain('Vi');
    expect(freeBody).not.toContain('Willamette');
    const panel = rosaPage.getByRole('dialog', { name: 'Notifications' });
    const locked = panel.getByTestId('locked-item-like');
    await locked.getByText('Someone liked your prompt').waitFor();
    await locked.getByText(ANSWER).waitFor();
    await locked.getByRole('link', { name: /Upgrade to read their comment/ }).waitFor();
    await settle(rosaPage);
    await shootBothThemes(rosaPage, 'liked-item-free');
    await rosaPage.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // With Premium: Vi, the prompt and the comment.
    expect((await rosaContext.request.post(`/api/grant-test-subscription/${rosa.id}`)).status()).toBe(200);
    await rosaPage.reload();
    await rosaPage.getByRole('button', { name: /Notifications/ }).click();
    const entry = rosaPage
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Vi' });
    await entry.getByTestId('liked-item').getByText(COMMENT, { exact: false }).waitFor();
    await entry.getByText(ANSWER).waitFor();
    await settle(rosaPage);
    await shootBothThemes(rosaPage, 'liked-item-premium');

    // She likes back: the match, and the chat opens with Vi's comment from Vi.
    await entry.getByRole('button', { name: /Vi/ }).click();
    const likedBack = rosaPage.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/likes',
    );
    await rosaPage.getByRole('button', { name: 'Like back' }).click();
    const match = ((await (await likedBack).json()) as { match: { id: string } | null }).match;
    if (!match) throw new Error('liking back made no match');
    await rosaPage.goto(`/conversation/${match.id}`);
    const first = rosaPage.getByRole('log').getByText(COMMENT);
    await first.waitFor();
    await settle(rosaPage);
    await shootBothThemes(rosaPage, 'liked-item-first-message');

    await Promise.all([rosaContext.close(), viContext.close()]);
  }, 120_000);
});
