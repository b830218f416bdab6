import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import { phoneContext, saveTheme, screenshot, signUpViaApi, useServerAndBrowser } from './harness';

/*
 * With the keyboard alone: on every screen below the first Tab stop is
 * "Skip to content", which moves focus to the main region; and at every Tab stop the focused element is
 * inside the viewport and not under the header, the bottom navigation or another sticky bar.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

interface Person {
  context: BrowserContext;
  page: Page;
  user: SelfUser;
}

async function person(name: string, theme: 'light' | 'dark', interests: string[] = []): Promise<Person> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  contexts.push(context);
  const user = await signUpViaApi(context, { name, location: 'Portland, Oregon', interests });
  await saveTheme(context, user.id, theme);
  return { context, page: await context.newPage(), user };
}

/** Both like each other and one message is sent, so the new-matches strip and the conversation have content. */
async function matchWithMessage(a: Person, b: Person): Promise<string> {
  await a.context.request.post('/api/likes', { data: { targetUserId: b.user.id, isLike: true } });
  const second = await b.context.request.post('/api/likes', { data: { targetUserId: a.user.id, isLike: true } });
  const matchId = ((await second.json()) as { match: { id: string } }).match.id;
  const sent = await b.context.request.post('/api/messages', {
    data: { matchId, content: 'Hello! Tea this weekend?', messageType: 'text' },
  });
  expect(sent.status()).toBe(201);
  return matchId;
}

interface FocusReport {
  label: string;
  isSkipLink: boolean;
  isMain: boolean;
  problem: string | null;
}

/**
 * Where the focused element is: a problem when its box leaves the viewport or overlaps a header, nav or
 * sticky bar (any `header`, `nav` or `[data-obscures-focus]` that is fixed or sticky) it is not part of.
 * Elements inside such a bar, or floating above the page (fixed: dialogs, toasts, the skip link), only
 * have to be inside the viewport.
 */
function inspectFocus(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { label: 'body', isSkipLink: false, isMain: false, problem: null };
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const box = el.getBoundingClientRect();
    const slack = 1;
    const problems: string[] = [];
    if (box.top < -slack || box.left < -slack || box.bottom > innerHeight + slack || box.right > innerWidth + slack)
      problems.push(`outside the ${innerWidth}x${innerHeight} viewport at ${JSON.stringify(box)}`);
    const bars = [...document.querySelectorAll('header, nav, [data-obscures-focus]')].filter((bar) => {
      const position = getComputedStyle(bar).position;
      return position === 'fixed' || position === 'sticky';
    });
    let floating = false;
    for (let node: Element | null = el; node; node = node.parentElement)
      if (getComputedStyle(node).position === 'fixed') floating = true;
    const inBar = bars.some((bar) => bar.contains(el));
    if (!floating && !inBar) {
      for (const bar of bars) {
        const b = bar.getBoundingClientRect();
        const overlaps =
          b.height > 0 &&
          box.top < b.bottom - slack &&
          box.bottom > b.top + slack &&
          box.left < b.right &&
          box.right > b.left;
        if (overlaps)
          problems.push(
            `under the ${bar.tagName.toLowerCase()} bar (${Math.round(b.top)}–${Math.round(b.bottom)}px) at ${Math.round(box.top)}–${Math.round(box.bottom)}px`,
          );
      }
    }
    return {
      label,
      isSkipLink: el.textContent === 'Skip to content',
      isMain: el.tagName === 'MAIN',
      problem: problems.length ? problems.join('; ') : null,
    };
  });
}

/** Tabs through the whole screen from the top; returns the stops seen. */
async function tabThroughScreen(page: Page, screen: string): Promise<number> {
  await page.keyboard.press('Tab');
  const first = await inspectFocus(page);
  expect(first.isSkipLink, `${screen}: first Tab stop is ${first.label}`).toBe(true);
  // Visible when focused: a real box inside the viewport.
  const skipBox = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
  expect(skipBox!.width).toBeGreaterThan(40);
  expect(skipBox!.height).toBeGreaterThan(20);
  let stops = 1;
  for (;;) {
    await page.keyboard.press('Tab');
    // The focus keeper scrolls on the next frame: wait for a settled answer, not a fixed time.
    const report = await expect
      .poll(() => inspectFocus(page), { timeout: 2_000, interval: 50 })
      .toSatisfy((r: FocusReport) => r.problem === null)
      .then(
        () => inspectFocus(page),
        async () => inspectFocus(page),
      );
    if (report.isSkipLink || report.label === 'body') break;
    stops += 1;
    expect(report.problem, `${screen}: Tab stop ${stops} ${report.label}`).toBeNull();
    expect(stops, `${screen}: Tab never came back round`).toBeLessThan(250);
  }
  return stops;
}

async function skipLinkMovesFocusToMain(page: Page, screen: string, ready: () => Promise<void>) {
  // Start again from the top of the document, with the keyboard only.
  await page.reload();
  await ready();
  await page.keyboard.press('Tab');
  expect((await inspectFocus(page)).isSkipLink, screen).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await inspectFocus(page)).isMain, { timeout: 2_000 }).toBe(true);
  // The next Tab stop is inside main, past the header.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement) ?? false);
  expect(inMain, `${screen}: Tab after the skip link lands in main`).toBe(true);
}

describe.each(['light', 'dark'] as const)('keyboard only, %s theme', (theme) => {
  let ana: Person;
  let matchId: string;
  beforeAll(async () => {
    ana = await person(theme === 'light' ? 'Ana' : 'Dana', theme);
    const bea = await person(theme === 'light' ? 'Bea' : 'Bo', theme);
    matchId = await matchWithMessage(ana, bea);
  }, 60_000);

  const screens = () => [
    { name: 'home', path: '/home', ready: (p: Page) => p.getByRole('link', { name: /^Chat with / }) },
    {
      name: 'conversation',
      path: `/conversation/${matchId}`,
      ready: (p: Page) => p.getByText('Hello! Tea this weekend?'),
    },
    { name: 'tea', path: '/tea', ready: (p: Page) => p.getByRole('heading', { level: 1 }) },
    { name: 'settings', path: '/settings', ready: (p: Page) => p.getByRole('heading', { level: 1 }) },
    // Its interest chips are a roving-focus group under a sticky save bar.
    { name: 'edit-profile', path: '/profile/edit', ready: (p: Page) => p.getByRole('heading', { level: 1 }) },
  ];

  it('a chip Tab reaches half under the save bar is scrolled clear of it (the chips pass their focus on)', async () => {
    const { page } = await person(theme === 'light' ? 'Cat' : 'Cy', theme, ['Hiking', 'Reading', 'Board Games']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile/edit');
    const showAll = page.getByRole('button', { name: /^Show all \d+ interests$/ });
    await showAll.focus();
    // Her chosen chips follow the button: put the first one 10 px into the save bar, then Tab to it.
    await page.evaluate(async () => {
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
      const button = document.activeElement!;
      const chip = button.nextElementSibling!.querySelector('button')!;
      const bar = document.querySelector('main [data-obscures-focus="bottom"]')!;
      const into = chip.getBoundingClientRect().top - (bar.getBoundingClientRect().top - 10);
      window.scrollBy({ top: into, behavior: 'instant' });
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).not.toBeNull();
    await expect.poll(async () => (await inspectFocus(page)).problem, { timeout: 2_000, interval: 50 }).toBeNull();
    await screenshot(page, `keyboard-edit-profile-chip-${theme}`);
  });

  it("Tab from Profile's section tabs lands on the section with its ring showing", async () => {
    const { page } = await person(theme === 'light' ? 'Fay' : 'Flo', theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Details' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const panel = page.getByRole('tabpanel', { name: 'Details' });
    await expect.poll(() => panel.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await panel.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await inspectFocus(page)).problem, { timeout: 2_000, interval: 50 }).toBeNull();
    await screenshot(page, `keyboard-profile-section-${theme}`);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 320, height: 568 },
  ]) {
    it(`${viewport.width}px: the skip link comes first and no Tab stop hides under a bar on /home, a conversation, Tea, Settings and Edit Profile`, async () => {
      const { page } = ana;
      await page.setViewportSize(viewport);
      for (const screen of screens()) {
        await page.goto(screen.path);
        await screen.ready(page).first().waitFor({ timeout: 15_000 });
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const stops = await tabThroughScreen(page, `${screen.name} ${viewport.width}px ${theme}`);
        expect(stops).toBeGreaterThan(3);
        const ready = () => screen.ready(page).first().waitFor({ timeout: 15_000 });
        if (viewport.width === 390) {
          await page.reload();
          await ready();
          await page.keyboard.press('Tab');
          await screenshot(page, `keyboard-skip-link-${screen.name}-${theme}`);
        }
        await skipLinkMovesFocusToMain(page, screen.name, ready);
      }
    }, 120_000);
  }
});
