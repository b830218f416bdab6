import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint-rules/layers.js';
import noFixedSleep from './eslint-rules/no-fixed-sleep.js';
import derivedQueryKeys from './eslint-rules/derived-query-keys.js';

const steep = {
  rules: { ...layers.rules, 'no-fixed-sleep': noFixedSleep, 'derived-query-keys': derivedQueryKeys },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'screenshots/**',
      'src/contract/locations-data.ts',
      'scripts/postinstall.mjs',
      // Plain JavaScript run before any TypeScript tooling loads (npm start); typed by build-keys.d.mts.
      'scripts/start.mjs',
      'scripts/build-keys.mjs',
      // Plain JavaScript so vite.config.ts and vitest.config.ts both load it; typed by lingui-macros.d.mts.
      'scripts/lingui-macros.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Fastify handlers and React event props are async by design.
      // Fastify plugins and hooks are async functions whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { steep },
    rules: { 'steep/layers': 'error' },
  },
  {
    // Tests read JSON bodies as `any` on purpose: the assertions are the type check.
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests and their helpers wait for the thing itself, never a fixed time.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'src/server/test/**/*.ts'],
    plugins: { steep },
    rules: { 'steep/no-fixed-sleep': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Query keys come from the route they read (src/web/lib/query-key.ts).
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { steep },
    rules: { 'steep/derived-query-keys': 'error' },
  },
  {
    // A part of a screen loads through lazyPart, which waits out a lost network instead of failing the screen.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/lazy-part.ts', 'src/web/app/guards.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazyPart (src/web/lib/lazy-part.ts).' }] },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
