import type { Theme } from '../../contract/preferences';

/** The key public/theme.js reads before the first paint. */
const THEME_STORAGE_KEY = 'steep-theme';

let systemListener: (() => void) | undefined;

/** Applies a theme now and remembers it for the next load (so reloads do not flash). */
export function applyTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the theme still applies to this page.
  }
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const paint = () => {
    const dark = theme === 'dark' || (theme === 'system' && media.matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  if (systemListener) media.removeEventListener('change', systemListener);
  systemListener = theme === 'system' ? paint : undefined;
  if (systemListener) media.addEventListener('change', systemListener);
  paint();
}
