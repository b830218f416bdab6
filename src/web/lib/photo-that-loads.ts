import { useEffect, useState } from 'react';

/**
 * Her photo, until it fails to load (offline, a network that gave up): then none, so the screen shows her initial
 * instead of the browser's broken image and its alt text. When the network returns it is asked for again (listened
 * for only after a failure: a list of avatars adds no listeners).
 */
export function usePhotoThatLoads(src: string | undefined): { photo: string | undefined; onError: () => void } {
  const [unloaded, setUnloaded] = useState<string>();
  useEffect(() => {
    if (unloaded === undefined) return;
    const retry = () => setUnloaded(undefined);
    window.addEventListener('online', retry, { once: true });
    return () => window.removeEventListener('online', retry);
  }, [unloaded]);
  return { photo: src !== unloaded ? src : undefined, onError: () => setUnloaded(src) };
}
