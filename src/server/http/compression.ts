import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this a compressed body saves less than the header and the CPU cost. */
const MIN_COMPRESSED_BYTES = 1024;

/** Text formats; images, media and archives are already compressed. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|problem\+json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/i;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q-value among br and gzip
 * (`*` counts for both), Brotli on a tie; undefined when neither is acceptable.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[token.trim()] = Number.isFinite(value) ? value : 0;
  }
  const weight = (encoding: Encoding) => q[encoding] ?? q['*'] ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Per-response compression favours speed (Brotli 4 is about as fast as gzip 6 and smaller); the build
 * writes maximum-quality .br/.gz files for the static assets (vite.config.ts), served as they are.
 */
const BROTLI_DYNAMIC = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

function compressBuffer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_DYNAMIC) : gzipAsync(body);
}

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (value.split(',').some((v) => ['*', 'accept-encoding'].includes(v.trim().toLowerCase()))) return;
  void reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

function isStream(payload: unknown): payload is Readable {
  return typeof (payload as Readable | null)?.pipe === 'function';
}

/**
 * Brotli or gzip for every text response (JSON, HTML, JS, CSS, SVG) the client accepts, streamed or
 * not; already-encoded answers (precompressed assets, index.html from memory) pass through. Partial
 * content and `no-transform` responses are left alone.
 */
export function installCompression(app: FastifyInstance): void {
  // A callback hook, not an async one: most answers leave untouched, and a promise per response is
  // measurable on the hottest reads (docs/performance.md, "Response serialisation").
  app.addHook('onSend', (request, reply, payload, done) => {
    if (payload === null || payload === undefined || request.method === 'HEAD') return done(null, payload);
    if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return done(null, payload);
    const stream = isStream(payload);
    // A body too small to be worth compressing is the same whatever the client accepts: no Vary either.
    if (!stream && bodyLength(payload) < MIN_COMPRESSED_BYTES) return done(null, payload);
    if (reply.getHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    if (String(reply.getHeader('cache-control') ?? '').includes('no-transform')) return done(null, payload);

    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);

    if (stream) {
      void reply.removeHeader('content-length').header('content-encoding', encoding);
      const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_DYNAMIC) : createGzip();
      // pipeline, not pipe: a failing source (a file read error) also ends the compressed stream.
      return done(
        null,
        pipeline(payload, compressor, () => {}),
      );
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return done(null, payload);
    compressBuffer(body, encoding).then(
      (compressed) => {
        void reply.header('content-encoding', encoding).header('content-length', compressed.length);
        done(null, compressed);
      },
      (error: Error) => done(error),
    );
  });
}

/** Bytes of a string or buffer body, without copying it; anything else is not ours to compress. */
function bodyLength(payload: unknown): number {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  return Buffer.isBuffer(payload) ? payload.length : 0;
}
