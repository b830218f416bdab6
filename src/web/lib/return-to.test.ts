import { describe, expect, it } from 'vitest';
import { loginThenReturnTo, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnTo('/preferences')).toBe('/preferences');
    expect(safeReturnTo('/conversation/abc?x=1#end')).toBe('/conversation/abc?x=1#end');
  });

  it('refuses anything that could leave the site, or nothing at all', () => {
    for (const value of [
      null,
      undefined,
      '',
      'preferences',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\t/evil.example',
    ]) {
      expect(safeReturnTo(value)).toBe('/home');
    }
  });

  it('builds the login link that comes back', () => {
    expect(loginThenReturnTo('/preferences')).toEqual({ to: '/?returnTo=%2Fpreferences', state: { openLogin: true } });
  });
});
