import { describe, expect, it } from 'vitest';
import { dragDirection, dragFeedback, swipeDecision } from './swipe-gesture';

describe('dragDirection', () => {
  it('shows no direction under 20 px', () => {
    expect(dragDirection({ x: 19, y: 0 })).toBeNull();
    expect(dragDirection({ x: -10, y: -15 })).toBeNull();
  });

  it('follows the dominant axis from 20 px', () => {
    expect(dragDirection({ x: 20, y: 5 })).toBe('like');
    expect(dragDirection({ x: -25, y: 10 })).toBe('pass');
    expect(dragDirection({ x: 5, y: -30 })).toBe('super_like');
  });

  it('has no action downwards', () => {
    expect(dragDirection({ x: 0, y: 80 })).toBeNull();
  });
});

describe('dragFeedback', () => {
  it('shows the overlay only from 50 px', () => {
    expect(dragFeedback({ x: 49, y: 0 }, true)).toEqual({
      direction: 'like',
      showOverlay: false,
      superLikeBlocked: false,
    });
    expect(dragFeedback({ x: -50, y: 0 }, true)).toEqual({
      direction: 'pass',
      showOverlay: true,
      superLikeBlocked: false,
    });
    expect(dragFeedback({ x: 0, y: -60 }, true).showOverlay).toBe(true);
  });

  it('flags an upward drag when no super like is left', () => {
    expect(dragFeedback({ x: 0, y: -60 }, false)).toEqual({
      direction: 'super_like',
      showOverlay: true,
      superLikeBlocked: true,
    });
    expect(dragFeedback({ x: 60, y: 0 }, false).superLikeBlocked).toBe(false);
  });
});

describe('swipeDecision', () => {
  it('commits a horizontal swipe only beyond 100 px and when it exceeds the vertical offset', () => {
    expect(swipeDecision({ x: 100, y: 0 }, true)).toBeNull();
    expect(swipeDecision({ x: 101, y: 0 }, true)).toBe('like');
    expect(swipeDecision({ x: -140, y: 30 }, true)).toBe('pass');
    expect(swipeDecision({ x: 120, y: 130 }, true)).toBeNull();
  });

  it('commits a super like upwards beyond 100 px when one is left', () => {
    expect(swipeDecision({ x: 20, y: -101 }, true)).toBe('super_like');
    expect(swipeDecision({ x: 20, y: -101 }, false)).toBeNull();
    expect(swipeDecision({ x: 0, y: 150 }, true)).toBeNull();
  });

  it('prefers the horizontal swipe when it dominates an upward one', () => {
    expect(swipeDecision({ x: -160, y: -120 }, true)).toBe('pass');
  });
});
