import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * With the page at its top, each swipe button, reached by keyboard, is whole between the top bar and the tab bar with
 * its focus ring (a 2 px outline 2 px out) showing: on a short phone the card gives up height rather than push them
 * under the tab bar. The page must not have scrolled: the focus keeper would otherwise hide a button under a bar.
 */
export async function expectSwipeButtonsClear(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [i, name] of ['Pass', 'Super like', 'Like'].entries()) {
    const button = page.getByRole('button', { name, exact: true });
    if (i === 0) {
      await button.focus();
      // Focused by a key, so it shows the ring a keyboard user sees.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
    } else await page.keyboard.press('Tab');
    await expect
      .poll(() => button.evaluate((b) => b === document.activeElement && b.matches(':focus-visible')))
      .toBe(true);
    const place = await button.evaluate((b) => {
      const ring = 4;
      const box = b.getBoundingClientRect();
      const top = document.querySelector('[data-obscures-focus="top"]')?.getBoundingClientRect().bottom ?? 0;
      const bottom = document.querySelector('[data-obscures-focus="bottom"]')?.getBoundingClientRect().top ?? 0;
      return {
        clearOfTop: box.top - ring >= top,
        clearOfTabBar: box.bottom + ring <= bottom,
        scrollY: window.scrollY,
        outline: getComputedStyle(b).outlineStyle,
      };
    });
    expect(place, `${name} at ${JSON.stringify(page.viewportSize())}`).toEqual({
      clearOfTop: true,
      clearOfTabBar: true,
      scrollY: 0,
      outline: 'solid',
    });
  }
}
