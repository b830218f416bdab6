/**
 * Which source files' messages each first-needed catalogue holds (lingui.config.ts, decision 0023), read from a
 * production build: `start` = the entry chunk's files (the landing page's first paint); `visitor` = what the other
 * signed-out screens and the landing page's lazily opened parts load; `home` = what /home's first paint adds. Every file's
 * messages are also in `rest`, which every other screen loads. `npm run i18n:extract` writes the result to
 * src/locales/groups.json; `npm run test:bundle` fails when the build no longer matches it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MessageGroups {
  start: string[];
  visitor: string[];
  home: string[];
}

export const GROUPS_FILE = path.resolve(import.meta.dirname, '../src/locales/groups.json');

/**
 * The signed-out screens and the parts the landing page opens later, each loaded with `withMessages('visitor', …)`
 * (their own lazy imports lead into the signed-in app, so only their static imports count).
 */
const VISITOR_SCREENS = [
  'features/auth/auth-card.tsx',
  'features/auth/login-form.tsx',
  'features/auth/signup-form.tsx',
  'components/ui/toast-view.tsx',
  'components/update-prompt-view.tsx',
  'features/auth/forgot-password-page.tsx',
  'features/auth/reset-password-page.tsx',
  'features/auth/unsubscribe-page.tsx',
  'app/not-found-page.tsx',
];

/** /home's first paint: the signed-in screens the route table loads for it (src/web/app/screens.ts). */
export const HOME_SCREENS = [
  'app/screens.ts',
  'app/signed-in.tsx',
  'app/shell.tsx',
  'features/discovery/discover-page.tsx',
];

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * A module that looks its labels up by id (lib/labels/interests.ts) keeps their words in `<name>.messages.ts` beside
 * it, which no chunk holds: its messages go wherever the module goes.
 */
function messagesBeside(file: string): string[] {
  const beside = file.replace(/\.ts$/, '.messages.ts');
  return beside !== file && existsSync(path.resolve(import.meta.dirname, '..', beside)) ? [beside] : [];
}

export function messageGroups(webRoot: string): MessageGroups {
  const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const modules = JSON.parse(readFileSync(path.join(webRoot, '.vite/chunk-modules.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`message groups: ${key} is not in the Vite manifest`);
      if (into.has(key)) continue;
      into.add(key);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const files = (keys: Set<string>, except: ReadonlySet<string> = new Set()) =>
    [
      ...new Set(
        [...keys]
          .flatMap((key) => (modules[manifest[key]?.file ?? ''] ?? []).filter((file) => /\.tsx?$/.test(file)))
          .flatMap((file) => [file, ...messagesBeside(file)])
          .filter((file) => !except.has(file)),
      ),
    ].sort();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('message groups: no entry in the Vite manifest');
  const start = files(closure([entry]));
  const startSet = new Set(start);
  return {
    start,
    visitor: files(closure(VISITOR_SCREENS), startSet),
    home: files(closure(HOME_SCREENS), startSet),
  };
}

export const committedGroups = (): MessageGroups => JSON.parse(readFileSync(GROUPS_FILE, 'utf8')) as MessageGroups;
