import { useCallback, useSyncExternalStore } from 'react';
import { storage } from './storage';

/**
 * "Blur photos from matches": on by default. Kept on this device, like the theme: it only
 * decides how photos she receives are first shown to her. A photo the server labels likely explicit
 * stays blurred whatever this says.
 */
const KEY = 'blurMatchPhotos';
const listeners = new Set<() => void>();

function read(): boolean {
  return storage.get(KEY) !== 'off';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBlurPhotos(): [boolean, (blur: boolean) => void] {
  const blur = useSyncExternalStore(subscribe, read, () => true);
  const set = useCallback((next: boolean) => {
    storage.set(KEY, next ? 'on' : 'off');
    for (const listener of listeners) listener();
  }, []);
  return [blur, set];
}
