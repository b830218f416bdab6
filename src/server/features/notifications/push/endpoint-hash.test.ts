import { describe, expect, it } from 'vitest';
import { endpointHash } from './subscriptions';

describe('endpointHash', () => {
  it('is the base64url SHA-256 the page computes (src/web/features/settings/push-resync.test.ts pins the same value)', () => {
    expect(endpointHash('https://push.example.net/send/new')).toBe('kNze2ryQxr28IkZbFDw9cIXTqeFtd3PKSKaa7YX_qb0');
  });
});
