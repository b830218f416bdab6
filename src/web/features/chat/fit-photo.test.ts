import { describe, expect, it } from 'vitest';
import { scaledSize } from './fit-photo';

describe('scaledSize', () => {
  it('brings the longest side down to the limit, keeping the shape', () => {
    expect(scaledSize(4032, 3024, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(scaledSize(3024, 4032, 2560)).toEqual({ width: 1920, height: 2560 });
  });

  it('never enlarges a small photo, and never draws a side of zero', () => {
    expect(scaledSize(800, 600, 2560)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(10_000, 1, 2560)).toEqual({ width: 2560, height: 1 });
  });
});
