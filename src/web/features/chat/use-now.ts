import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative texts ('5m ago', 'New Match!') age on screen. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
