/**
 * A token bucket: `capacity` tokens, refilled continuously at `perSecond`. Each allowed event takes
 * one. Time is passed in so the rule is testable without waiting.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
    now: number = performance.now(),
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  take(now: number = performance.now()): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
