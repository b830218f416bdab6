import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { preferredEncoding } from './compression';

/** Compressed text responses, precompressed hashed assets, index.html from memory. */

// A built web app in miniature: a hashed script with its build-time .br/.gz and an index.html.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

let web: string;
let t: TestApp;

beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'steep-web-'));
  await mkdir(path.join(web, 'assets'));
  const script = path.join(web, 'assets/app-3f9a1c.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await writeFile(path.join(web, 'index.html'), INDEX);
  t = await createTestApp({ SERVE_WEB: 'true' }, { webRoot: web });
});

afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
});

describe('hashed assets', () => {
  it('come precompressed with Brotli and cached immutable', async () => {
    const res = await t.app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('come gzipped to a client without Brotli, and plain to one that accepts neither', async () => {
    const gz = await t.app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('keep the strict security headers', async () => {
    const res = await t.app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('index.html', () => {
  it('is compressed, revalidated on every visit and never cached immutable', async () => {
    for (const url of ['/', '/home', '/conversation/abc']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['cache-control']).not.toContain('immutable');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('is served from memory: /index.html itself is not read from disk', async () => {
    await writeFile(path.join(web, 'index.html'), '<p>changed on disk</p>');
    try {
      for (const url of ['/', '/index.html']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.payload).toBe(INDEX);
      }
    } finally {
      await writeFile(path.join(web, 'index.html'), INDEX);
    }
  });
});

describe('API responses', () => {
  it('are compressed when large and accepted', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    const body = brotliDecompressSync(res.rawPayload);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body.toString())).toHaveProperty('openapi');
  });

  it('are gzipped for gzip-only clients and plain when no encoding is accepted', async () => {
    const gz = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('openapi');
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
  });

  it('are left plain when small (the header would cost more than it saves)', async () => {
    const res = await t.app.inject({ url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('preferredEncoding', () => {
  it('follows q-values, prefers Brotli on a tie and honours q=0 and *', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });
});
