/**
 * The JavaScript budget, part of `npm test`: the gzipped JS a first visit downloads, read from
 * Vite's manifest. Landing = the entry and its static imports; /home adds the signed-in, shell and Discover
 * chunks (lazy routes, loaded through app/screens.ts) and their static imports. Fails when a budget is exceeded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { committedGroups, HOME_SCREENS, messageGroups } from './message-groups';

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

/** The catalogues each first paint has loaded before it renders (src/web/main.tsx, src/web/app/screens.ts). */
const FIRST_PAINT_CATALOGUES = { landing: ['start'], home: ['start', 'home'] } as const;

/**
 * The gzipped JS of each first paint, its message catalogues included (the larger of English and Spanish), and
 * whether the catalogues' split (src/locales/groups.json) still matches this build.
 */
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
  const gzFile = (file: string) => gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length / 1024;
  const gzKb = (keys: Set<string>) =>
    [...keys]
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => f?.endsWith('.js') ?? false)
      .reduce((sum, file) => sum + gzFile(file), 0);
  const catalogueKb = (catalogues: readonly string[]) =>
    catalogues.reduce((sum, catalogue) => {
      const sizes = ['en', 'es'].map((locale) => {
        const chunk = manifest[`../locales/${locale}/${catalogue}.po`];
        if (!chunk) throw new Error(`bundle check: catalogue ${locale}/${catalogue} is not in the Vite manifest`);
        return gzFile(chunk.file);
      });
      return sum + Math.max(...sizes);
    }, 0);
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('bundle check: no entry in the Vite manifest');
  const landing = closure([entry]);
  const home = closure(HOME_SCREENS, new Set(landing));
  return {
    sizes: {
      landing: gzKb(landing) + catalogueKb(FIRST_PAINT_CATALOGUES.landing),
      home: gzKb(home) + catalogueKb(FIRST_PAINT_CATALOGUES.home),
    },
    catalogues: {
      landing: catalogueKb(FIRST_PAINT_CATALOGUES.landing),
      home: catalogueKb(FIRST_PAINT_CATALOGUES.home),
    },
    groupsStale: JSON.stringify(messageGroups(webRoot)) !== JSON.stringify(committedGroups()),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { sizes, catalogues, groupsStale } = measure();
  let failed = false;
  for (const [route, kb] of Object.entries(sizes) as Array<[keyof typeof BUDGETS_KB, number]>) {
    const budget = BUDGETS_KB[route];
    const ok = kb <= budget;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${route}: ${kb.toFixed(1)} KB gzipped JS, ${catalogues[route].toFixed(1)} KB of it messages (budget ${budget} KB)`,
    );
  }
  if (groupsStale) {
    failed = true;
    console.log(
      'STALE src/locales/groups.json: a first paint now holds other files than the message catalogues were split for; run npm run i18n:extract',
    );
  }
  if (failed) process.exit(1);
}
