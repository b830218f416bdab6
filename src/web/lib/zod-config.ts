/**
 * Zod compiles fast object parsers with `new Function` after probing whether eval is allowed. Our
 * CSP forbids eval (script-src 'self'), and the probe alone makes Chromium report a violation, so
 * the web app parses without the JIT. Imported first by main.tsx, before any schema is built.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (one object shared by every copy of zod, whenever it loads),
 * so setting it here keeps zod itself out of the landing page's JavaScript; lib/zod-config.test.ts
 * checks that zod still honours it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
export {};
