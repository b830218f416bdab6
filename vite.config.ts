import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { linguiMacros } from './scripts/lingui-macros.mjs';
import { precacheList } from './scripts/precache';

/**
 * precompress(): after the build, writes `<file>.br` (Brotli 11) and `<file>.gz` (gzip 9) next to every
 * text asset, which the server sends as they are (@fastify/static `preCompressed`), so no request pays
 * for compressing them. index.html is left out: the server keeps it compressed in memory.
 */

const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function precompressDirectory(root: string): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !path.relative(root, file).startsWith('.vite'));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      written += 1;
    }),
  );
  return written;
}

/**
 * React Router's own production build in the production bundle. Its package exports only the development
 * build, whose warnings and invariant messages are not behind a NODE_ENV check: 0.6 KB gzipped of every first
 * paint. Dev (`vite`) keeps the development build and its warnings.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'steep:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
          },
        ],
      },
    }),
  };
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'steep:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}

/**
 * serviceWorker(): builds /sw.js from src/web/pwa/service-worker.js with this build's hashed assets as its
 * precache list (scripts/precache.ts) and a version derived from them, so every deploy installs a new worker (and the page shows
 * "A new version is ready — Reload") while an unchanged build changes nothing.
 */
function serviceWorker(): Plugin {
  return {
    name: 'steep:service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const assets = precacheList(bundle);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
      const template = await readFile(path.resolve(import.meta.dirname, 'src/web/pwa/service-worker.js'), 'utf8');
      const source = template
        .replace('self.__STEEP_VERSION__', JSON.stringify(version))
        .replace('self.__STEEP_PRECACHE__', JSON.stringify(assets));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * chunkModules(): writes `.vite/chunk-modules.json` (each JS chunk's own source files under src/web), which
 * scripts/check-bundle-size.ts reads to know which message catalogues a route's first paint needs: a chunk's
 * messages must be in a catalogue loaded before it renders (decision 0023).
 */
function chunkModules(): Plugin {
  return {
    name: 'steep:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const web = path.resolve(import.meta.dirname, 'src/web');
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = Object.keys(output.modules)
          .filter((id) => id.startsWith(web) && !id.includes('node_modules'))
          .map((id) => path.relative(import.meta.dirname, id.split('?')[0] ?? id))
          .sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

const LINGUI_CONFIG = `${import.meta.dirname}/lingui.config.ts`;
// The SPA lives in src/web and is built into dist/web, which the Fastify server serves.
// Lingui (decision 0023): linguiMacros() compiles the macros, lingui() the imported
// src/locales/<locale>/messages.po into a lazy chunk per locale (a missing translation fails the build).
export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    linguiMacros(),
    // STEEP_MESSAGES_DRAFT: the extract script's own build, made to find the new messages (scripts/i18n-extract.ts).
    lingui({ configPath: LINGUI_CONFIG, failOnMissing: !process.env.STEEP_MESSAGES_DRAFT, failOnCompileError: true }),
    tailwindcss(),
    serviceWorker(),
    chunkModules(),
    precompress(),
    reactRouterProduction(),
  ],
  build: {
    outDir: `${import.meta.dirname}/dist/web`,
    emptyOutDir: true,
    // Read by scripts/check-bundle-size.ts to add up what each route loads.
    manifest: true,
    // Every module of the first paint in one chunk: left alone, Rolldown gives each module the entry shares with
    // a lazy chunk a file of its own, each gzipped apart (2.2 KB more on '/', docs/performance.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
