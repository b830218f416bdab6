import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` after probing whether eval is allowed. Our
 * CSP forbids eval (script-src 'self'), and the probe alone makes Chromium report a violation, so
 * the web app parses without the JIT. Imported first by main.tsx, before any schema runs.
 */
z.config({ jitless: true });
