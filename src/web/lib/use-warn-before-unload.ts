import { useEffect } from 'react';

/**
 * While `active`, reloading, closing the tab or typing another address asks first (the browser's own prompt):
 * what is in flight or unsaved would be lost. Moves inside the app are not affected.
 */
export function useWarnBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
