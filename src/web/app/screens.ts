import type { ComponentType } from 'react';
import { withMessages } from '../lib/i18n';

/**
 * The loaders of /home's screens (the signed-in frame, the shell, Discover), by their component's name; every
 * other screen's are in ./more-screens.ts. Kept out of the entry chunk on purpose: each `import()` here carries the
 * list of chunks to preload with that screen, which the landing page's first paint does not need, and /home's
 * first paint does not need the other screens' lists (about 3 KB gzipped; scripts/check-bundle-size.ts). The router
 * requests this module as soon as it is evaluated, in parallel with the first render. A screen resolves once its
 * words are loaded too (withMessages: its catalogue in lingui.config.ts).
 */
export const screens = {
  SignedIn: withMessages('home', () => import('./signed-in').then((m) => m.SignedIn)),
  AppShell: withMessages('home', () => import('./shell').then((m) => m.AppShell)),
  DiscoverPage: withMessages('home', () => import('../features/discovery/discover-page').then((m) => m.DiscoverPage)),
  BareLayout: withMessages('home', () => import('./shell').then((m) => m.BareLayout)),
} satisfies Record<string, () => Promise<ComponentType>>;

export type HomeScreenName = keyof typeof screens;

/** Discover's data code, for the /home loader that starts fetching the first page during the chunks' download. */
export const discoveryApi = () => import('../features/discovery/discovery-api');

/** Her preferences' code, for the signed-in loader that reads her saved language before the first paint. */
export const preferencesApi = () => import('../lib/preferences');
