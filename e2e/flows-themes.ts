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
    if (options.axeWithin) await expectAccessibleWithin(page, options.axeWithin, `${name} (${theme})`);
    else await expectAccessible(page, `${name} (${theme})`);
  }
  await setDark(page, false);
}

/**
 * axe on one region only: for a shared screen where this journey changed one part and another
 * change owns the rest (Settings' 'Delete my account' contrast is the dark palette's job).
 */
async function expectAccessibleWithin(page: Page, selector: string, context: string): Promise<void> {
  const { source } = await import('axe-core');
  await page.evaluate(source);
  const violations = await page.evaluate(async (include) => {
    type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
    type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run({ include: [include] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
  if (violations.length > 0) throw new Error(`axe found serious violations on ${context}:\n${violations.join('\n')}`);
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
