import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns off zod’s eval JIT without importing zod first', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    try {
      expect(z.config().jitless).toBe(true);
    } finally {
      z.config({ jitless: false });
    }
  });
});
