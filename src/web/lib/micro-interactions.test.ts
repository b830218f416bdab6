import { describe, expect, it } from 'vitest';
import { MICRO_INTERACTION_STYLES, particleOffsets, readMicroInteraction, vibrationFor } from './micro-interactions';

describe('micro-interaction styles (product §9 table)', () => {
  it.each([
    ['like', 8, 50],
    ['pass', 4, 30],
    ['super_like', 12, [50, 50, 50]],
    ['match', 15, [200, 100, 200]],
    ['message_sent', 6, 30],
    ['profile_view', 5, 20],
    ['boost', 10, [100, 50, 100, 50]],
  ] as const)('%s has %i particles and vibrates %j', (type, particles, vibration) => {
    expect(MICRO_INTERACTION_STYLES[type].particles).toBe(particles);
    expect(vibrationFor(type)).toEqual(vibration);
  });

  it('vibrates 30 ms for an unknown type', () => {
    expect(vibrationFor('wink')).toBe(30);
  });
});

describe('readMicroInteraction', () => {
  it('accepts a typed event with finite coordinates', () => {
    expect(readMicroInteraction({ type: 'match', x: 10, y: 20.5 })).toEqual({ type: 'match', x: 10, y: 20.5 });
  });

  it.each([null, 'like', { type: 'wink', x: 1, y: 1 }, { type: 'like', x: '1', y: 1 }, { type: 'like', x: NaN, y: 1 }])(
    'rejects %j',
    (detail) => {
      expect(readMicroInteraction(detail)).toBeNull();
    },
  );
});

describe('particleOffsets', () => {
  it('spreads every particle around the centre within the radius', () => {
    const offsets = particleOffsets(15, 80);
    expect(offsets).toHaveLength(15);
    for (const { x, y } of offsets) {
      const distance = Math.hypot(x, y);
      expect(distance).toBeGreaterThan(50);
      expect(distance).toBeLessThanOrEqual(81);
    }
    expect(new Set(offsets.map((o) => `${o.x},${o.y}`)).size).toBe(15);
  });
});
