import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding, type Encoding } from './compression';
import { notFound } from './errors';

/** Content-hashed by Vite: a new build gets new names, so a browser may keep these for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on every visit, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

interface InMemoryPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function loadPage(file: string): InMemoryPage {
  const identity = readFileSync(file);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * The SPA: hashed assets from disk, precompressed (.br/.gz written by the build) and cached for a
 * year; index.html read once and answered from memory (already compressed) for every non-API GET.
 */
export async function serveWeb(app: FastifyInstance, webRoot: string, mediaPrefix: string): Promise<void> {
  const page = loadPage(path.join(webRoot, 'index.html'));
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    preCompressed: true,
    // index.html comes from memory (below), never from disk: no file route for it.
    index: false,
    globIgnore: ['index.html', 'index.html.*'],
    setHeaders: (res, filePath) => {
      void res.header('X-Content-Type-Options', 'nosniff');
      void res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // An API or media path no route has (a tab from before a deploy may ask one): 404 in her words.
    if (request.url.startsWith('/api/') || request.url.startsWith(mediaPrefix)) throw notFound();
    const encoding: Encoding | undefined = preferredEncoding(request.headers['accept-encoding']);
    void reply.header('Cache-Control', REVALIDATE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) void reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  });
}
