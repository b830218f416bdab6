import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `load` (a dynamic import), made to wait out a lost network: a download that fails is tried again once the network
 * is back (browsers fetch a module that failed again on the next import()), or, when the browser thinks it is
 * online, five seconds later. Anything but a failed download still rejects.
 */
export function retryingDownload<T>(load: () => Promise<T>): () => Promise<T> {
  const attempt = async (): Promise<T> => {
    try {
      return await load();
    } catch (error) {
      // A module or catalogue that could not be downloaded rejects with a TypeError, as fetch does.
      if (!(error instanceof TypeError)) throw error;
      await new Promise((back) =>
        navigator.onLine ? setTimeout(back, 5000) : addEventListener('online', back, { once: true }),
      );
      return attempt();
    }
  };
  return attempt;
}

/**
 * `React.lazy` for a part of a screen (an overlay, a banner, a dialog, a form), not a screen: the router's lazy
 * routes say "You're offline" when a screen's code cannot be fetched. A part that did the same took the whole
 * screen with it: a connection lost while the feedback overlay's code was on its way turned the chat she was
 * reading into the offline page. A part waits instead (its Suspense fallback stays) until its code arrives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint, so props are inferred as there
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(retryingDownload(load));
}
