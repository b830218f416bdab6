import type { Page } from 'playwright-core';
import { expectAccessible, screenshot } from './harness';

/**
 * Screenshots the screen as it stands in the light theme and in the dark one, with axe in each (no
 * serious or critical violation in either), then puts the light theme back. The dark theme is what
 * public/theme.js paints for a saved 'dark' preference: the `dark` class on <html>.
 */
export async function shootBothThemes(
  page: Page,
  name: string,
  options: { fullPage?: boolean; axeWithin?: string } = {},
): Promise<void> {
  for (const dark of [false, true]) {
    await setDark(page, dark);
    const theme = dark ? 'dark' : 'light';
    await screenshot(page, `${name}-${theme}`, options);
    // axeWithin: one region only, for a shared screen where this journey changed one part and another change owns
    // the rest (Settings' 'Delete my account' contrast is the dark palette's job).
    await expectAccessible(page, `${name} (${theme})`, { within: options.axeWithin });
  }
  await setDark(page, false);
}

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => {
    document.documentElement.classList.toggle('dark', on);
    document.documentElement.style.colorScheme = on ? 'dark' : 'light';
  }, dark);
  // Two frames, so transitions triggered by the class change have started, then until the finite ones
  // (colour transitions) have finished: the shot shows the theme, not a blend of both.
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}
