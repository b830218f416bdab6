import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { keepFocusClearOfBars } from '../lib/keep-focus-visible';

/** The id of every signed-in screen's main region, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * Navigation state for a screen that sends her on after an action (Save on Edit Profile): the screen she lands on
 * takes her focus to its heading, instead of it falling to the page, where the next Tab starts from the top.
 */
export const FOCUS_MAIN = { focusMain: true } as const;

/**
 * Marks an element focused by script that always draws its focus ring (styles.css: `:focus-visible` may not match
 * a focus the page moved after a tap), and that a toast must not cover (components/ui/float-edge.ts).
 */
const SHOWS_FOCUS = 'data-shows-focus';

/**
 * Focuses the screen's h1, which says where she is (main itself draws no ring, so she could not see where her focus
 * went). Focusable by script only while it holds her focus: a later click on the heading selects text, as before.
 */
function focusHeading(heading: HTMLElement): void {
  const hadTabIndex = heading.hasAttribute('tabindex');
  if (!hadTabIndex) heading.tabIndex = -1;
  heading.setAttribute(SHOWS_FOCUS, '');
  heading.addEventListener(
    'blur',
    () => {
      heading.removeAttribute(SHOWS_FOCUS);
      if (!hadTabIndex) heading.removeAttribute('tabindex');
    },
    { once: true },
  );
  heading.focus({ preventScroll: true });
}

/** Moves focus to the screen's heading when she arrived with `FOCUS_MAIN`. Used by each layout that renders main. */
export function useFocusMainOnArrival(): void {
  const location = useLocation();
  useEffect(() => {
    if ((location.state as Partial<typeof FOCUS_MAIN> | null)?.focusMain !== true) return;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      focusHeading(heading);
      return;
    }
    // The screen is still on its way (its chunk, its data): main keeps her focus until the heading is there.
    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      const arrived = main.querySelector<HTMLElement>('h1');
      if (!arrived) return;
      observer.disconnect();
      // Unless she has moved on meanwhile.
      if (document.activeElement === main) focusHeading(arrived);
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [location]);
}

/**
 * "Skip to content" (WCAG 2.4.1): the first Tab stop of every signed-in screen, hidden until focused,
 * moving focus into the screen's <main id="main" tabIndex={-1}>. It also installs the one focus keeper
 * that scrolls a focused element out from under the fixed header and bottom bar (WCAG 2.4.11).
 */
export function SkipLink() {
  useEffect(() => keepFocusClearOfBars(document), []);
  const { t } = useLingui();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Not a hash navigation: the router owns the URL, and focus must land in main, not just scroll to it.
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus({ preventScroll: true });
        main?.scrollIntoView({ block: 'start' });
      }}
      className="fixed top-2 left-2 z-[120] -translate-y-[calc(100%+1rem)] rounded-full bg-plum-700 px-4 py-3 text-sm font-semibold text-white focus:translate-y-0 focus:shadow-float focus:outline-3 focus:outline-offset-2 focus:outline-plum-400"
    >
      {t`Skip to content`}
    </a>
  );
}
