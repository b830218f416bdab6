/**
 * Counts failed logins per key in a fixed window. In-process: with several instances each
 * enforces its own budget, which still bounds guessing to instances × limit per window.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (entry.resetAt <= now) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Failures of the key in its current window. */
  count(key: string): number {
    const entry = this.failures.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.failures.size > 100_000) this.sweep(now);
    } else {
      entry.count += 1;
    }
  }

  /** Undoes one `fail`: an attempt counted up front that turned out to succeed. */
  refund(key: string): void {
    const entry = this.failures.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}

/**
 * Failed logins of one account from anywhere, answered with a growing delay instead of a lock:
 * none for the first 3 failures in the window, then 0.5 s doubling per failure up to 5 s.
 */
export class AccountDelay {
  private readonly failures: FailureThrottle;

  constructor(
    windowMs: number,
    now: () => number = Date.now,
    private readonly maxDelayMs = 5_000,
  ) {
    this.failures = new FailureThrottle(Number.MAX_SAFE_INTEGER, windowMs, now);
  }

  delayMs(key: string): number {
    const count = this.failures.count(key);
    if (count < 4) return 0;
    return Math.min(this.maxDelayMs, 500 * 2 ** (count - 4));
  }

  fail(key: string): void {
    this.failures.fail(key);
  }

  reset(key: string): void {
    this.failures.reset(key);
  }
}
