import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { keepFocusClearOfBars } from '../lib/keep-focus-visible';

/** The id of every signed-in screen's main region, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * Navigation state for a screen that sends her on after an action (Save on Edit Profile): the screen she lands on
 * takes her focus into its main region, instead of it falling to the page, where the next Tab starts from the top.
 */
export const FOCUS_MAIN = { focusMain: true } as const;

/** Moves focus into main when she arrived with `FOCUS_MAIN`. Used by each layout that renders main. */
export function useFocusMainOnArrival(): void {
  const location = useLocation();
  useEffect(() => {
    if ((location.state as Partial<typeof FOCUS_MAIN> | null)?.focusMain !== true) return;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
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
      className="fixed top-2 left-2 z-[120] -translate-y-[calc(100%+1rem)] rounded-full bg-plum-700 px-4 py-3 text-sm font-semibold text-white shadow-float focus:translate-y-0 focus:outline-3 focus:outline-offset-2 focus:outline-plum-400"
    >
      {t`Skip to content`}
    </a>
  );
}
