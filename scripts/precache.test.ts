import { describe, expect, it } from 'vitest';
import { precacheList } from './precache';

describe('precacheList', () => {
  const chunk = (...modules: string[]) => ({
    type: 'chunk' as const,
    modules: Object.fromEntries(modules.map((id) => [id, {}])),
  });

  it('lists every hashed asset, sorted, without source maps or files outside assets/', () => {
    expect(
      precacheList({
        'assets/signed-in-b.js': chunk('/app/src/web/app/signed-in.tsx'),
        'assets/index-a.js': chunk('/app/src/web/main.tsx'),
        'assets/index-a.js.map': { type: 'asset' },
        'assets/fraunces-c.woff2': { type: 'asset' },
        'sw.js': { type: 'asset' },
        '.vite/manifest.json': { type: 'asset' },
      }),
    ).toEqual(['/assets/fraunces-c.woff2', '/assets/index-a.js', '/assets/signed-in-b.js']);
  });

  it('leaves out the password-strength dictionaries, and keeps the scorer that loads them', () => {
    expect(
      precacheList({
        'assets/dist-en.js': chunk('/app/node_modules/@zxcvbn-ts/language-en/dist/index.mjs'),
        'assets/dist-common.js': chunk('/app/node_modules/@zxcvbn-ts/language-common/dist/index.mjs'),
        'assets/dist-core.js': chunk('/app/node_modules/@zxcvbn-ts/core/dist/index.mjs'),
        'assets/password-rules.js': chunk('/app/src/web/components/password/password-rules.tsx'),
      }),
    ).toEqual(['/assets/dist-core.js', '/assets/password-rules.js']);
  });
});
