import { transformAsync } from '@babel/core';

const LINGUI_MACRO = /@lingui\/(?:core|react)\/macro/;

/**
 * linguiMacros(): compiles Lingui's macros (`t`, `msg`, `<Trans>`, decision 0023) with Babel, in the files
 * that import one and only there; everything else stays on Oxc alone. plugin-react 6 has no Babel option,
 * and @rolldown/plugin-babel (the route it documents) needs Node 22, which Steep does not require yet.
 * Used by vite.config.ts (the build) and vitest.config.ts (unit tests of modules that import translated
 * components); a plain .mjs so both configs load it without a TypeScript extension import.
 * @returns {import('vite').Plugin}
 */
export function linguiMacros() {
  return {
    name: 'steep:lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[jt]sx?$/.test(id) || id.includes('/node_modules/') || !LINGUI_MACRO.test(code)) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
