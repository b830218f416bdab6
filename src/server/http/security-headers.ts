import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { mediaOrigins } from '../media/serve';

/**
 * Only what the app uses. Photos are picked with a file input (no camera permission needed, and
 * the same holds for a future verification selfie taken through `capture`); the microphone only on
 * this origin, for voice messages and the voice status (MediaRecorder); nothing asks for location or
 * payment APIs in the browser.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=(self)',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * What Stripe.js needs (Stripe's security guide, "Content Security Policy"): its script, the frames
 * its card fields and 3-D Secure run in, and its API. Only with PAYMENTS=stripe; the demo processor
 * loads nothing from outside.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/**
 * Security headers for documents (the web app, static files, media, health): a CSP the built SPA passes
 * (its only script is the hashed bundle; no inline script anywhere), no framing, no MIME sniffing,
 * a referrer that never carries a path across sites, and HSTS when the public address is https.
 * Styles allow inline: Radix and motion set element styles at run time (and Radix's scroll lock
 * injects a <style>); an inline style cannot run code.
 */
function helmetOptions(config: Config): HelmetOptions {
  const https = config.PUBLIC_URL?.startsWith('https:') === true;
  const stripe = config.PAYMENTS === 'stripe';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_CSP.scriptSrc : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins(config)],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? STRIPE_CSP.connectSrc : [])],
        // Without frame-src, default-src ('self') decides: no third-party frame in demo mode.
        ...(stripe ? { frameSrc: ["'self'", ...STRIPE_CSP.frameSrc] } : {}),
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet sets for these options, worked out once. They do not depend on the request (no CSP
 * nonces: the SPA has no inline script), and @fastify/helmet rebuilt helmet and re-parsed the CSP on every
 * request: a fifth of `/api/auth/me`'s CPU (docs/performance.md, "Response serialisation").
 */
function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure instanceof Error) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * What a JSON answer of a declared route needs (OWASP REST Security Cheat Sheet, "Security headers"):
 * it is never a document, so no script, frame, form or browser feature policy can apply to it. A CSP of
 * `default-src 'none'` still makes a browser that is tricked into rendering one run nothing, and
 * `frame-ancestors 'none'` with X-Frame-Options keeps it out of frames. The document-only headers
 * (the SPA's CSP, Permissions-Policy, COOP, Origin-Agent-Cluster and helmet's legacy ones) cost a
 * third of `/api/auth/me`'s response bytes and most of its write time (decision 0025).
 */
function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy'];
  if (documentHeaders['strict-transport-security'] !== undefined) kept.push('strict-transport-security');
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };
  for (const name of kept) headers[name] = documentHeaders[name]!;
  return headers;
}

/**
 * The full set on everything a browser may treat as a document or load into one (the web app, static
 * files, media, health, 404s); the short JSON set on declared /api routes, told apart by the route's
 * declaration, not its URL. Declared routes that answer a file set their own sandboxing CSP.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const documents = securityHeaders(config);
  const api = apiHeaders(documents);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.routeOptions.config.declaration === undefined ? documents : api);
    done();
  });
}
