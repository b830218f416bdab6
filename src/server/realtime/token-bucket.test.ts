import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a full burst at once, then nothing until tokens refill', () => {
    const bucket = new TokenBucket(20, 40, 0);
    const allowed = Array.from({ length: 50 }, () => bucket.take(0)).filter(Boolean).length;
    expect(allowed).toBe(40);
    expect(bucket.take(10)).toBe(false);
    expect(bucket.take(50)).toBe(true);
  });

  it('refills at the given rate and never above capacity', () => {
    const bucket = new TokenBucket(20, 40, 0);
    for (let i = 0; i < 40; i++) bucket.take(0);
    // One second later: 20 tokens.
    const afterOneSecond = Array.from({ length: 30 }, () => bucket.take(1000)).filter(Boolean).length;
    expect(afterOneSecond).toBe(20);
    // A long idle period refills to capacity, not beyond.
    const afterIdle = Array.from({ length: 100 }, () => bucket.take(600_000)).filter(Boolean).length;
    expect(afterIdle).toBe(40);
  });

  it('lets a steady sender at the rate through indefinitely', () => {
    const bucket = new TokenBucket(20, 40, 0);
    let refused = 0;
    for (let t = 0; t < 10_000; t += 50) if (!bucket.take(t)) refused++;
    expect(refused).toBe(0);
  });
});
