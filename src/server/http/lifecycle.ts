/**
 * The process's place between start and exit. On SIGTERM main.ts calls `drain()`: /ready answers
 * 503 so the load balancer stops sending new work, sockets are asked to reconnect elsewhere (1012),
 * and in-flight requests finish before the process exits.
 */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
  onDrain(listener: () => void): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  const listeners: Array<() => void> = [];
  return {
    get draining() {
      return draining;
    },
    drain() {
      if (draining) return;
      draining = true;
      for (const listener of listeners) listener();
    },
    onDrain(listener) {
      listeners.push(listener);
    },
  };
}
