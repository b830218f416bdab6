/**
 * The JavaScript budget, part of `npm test`: the gzipped JS a first visit downloads, read from
 * Vite's manifest. Landing = the entry and its static imports; /home adds the signed-in, shell and Discover
 * chunks (lazy routes, loaded through app/screens.ts) and their static imports. Fails when a budget is exceeded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = path.resolve(import.meta.dirname, '../dist/web');

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The targets. Before the first budget work: 135.8 and 283.9 (then without the signed-in chunk /home also loads). Met
 * there by loading after the first paint what it does not show: Radix's toast view, the auth card's tabs,
 * motion's animation features (LazyMotion), the notifications dialog, the Radix menu and confirmation behind
 * the discovery card's Report/Block button and the own-profile sheet (loaded on their first open), and zod with the route declarations
 * and frame schemas (lazyDeclarations in src/web/lib/api.ts, requested in parallel with
 * the first render). A static import of a zod contract module from a first-paint chunk breaks /home's.
 * With Lingui (decision 0023): the route table's screen loaders and their preload lists in their own chunk
 * (src/web/app/screens.ts, counted for /home), the onboarding provider in the signed-in chunk.
 */
export const BUDGETS_KB = { landing: 120, home: 200 } as const;

export function measure(webRoot = WEB) {
  const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`bundle check: ${key} is not in the Vite manifest`);
      into.add(key);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const gzKb = (keys: Set<string>) =>
    [...keys]
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => f?.endsWith('.js') ?? false)
      .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length, 0) / 1024;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('bundle check: no entry in the Vite manifest');
  const landing = closure([entry]);
  const home = closure(
    ['app/screens.ts', 'app/signed-in.tsx', 'app/shell.tsx', 'features/discovery/discover-page.tsx'],
    new Set(landing),
  );
  return { landing: gzKb(landing), home: gzKb(home) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = measure();
  let failed = false;
  for (const [route, kb] of Object.entries(sizes) as Array<[keyof typeof BUDGETS_KB, number]>) {
    const budget = BUDGETS_KB[route];
    const ok = kb <= budget;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} ${route}: ${kb.toFixed(1)} KB gzipped JS (budget ${budget} KB)`);
  }
  if (failed) process.exit(1);
}
