import { vi } from 'vitest';

/**
 * The unit tier runs in Node: a Map stands in for the browser's `localStorage` or `sessionStorage` on a stubbed
 * `window` (undone by `vi.unstubAllGlobals()`). Returns the Map, to look at what was stored.
 */
export function stubStorage(kind: 'localStorage' | 'sessionStorage'): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    [kind]: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
  return items;
}
