import { createECDH, createVerify, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/**
 * Test-only: a push service on a loopback port (RFC 8030). It records each push, and can answer a
 * path with another status. A subscription made here holds its own P-256 key pair and auth secret, as a
 * browser's does, so a test can decrypt what arrives (RFC 8291) and check the VAPID JWT (RFC 8292).
 */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  path: string;
  /** Decrypts a push sent to this subscription. */
  open(push: ReceivedPush): unknown;
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  to(sub: TestSubscription): ReceivedPush[];
  /** Answers pushes to this subscription with `status` (and headers) from now on. */
  answer(sub: TestSubscription, status: number, headers?: Record<string, string>): void;
  subscription(): TestSubscription;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const answer = answers.get(path) ?? { status: 201, headers: {} };
      if (answer.status < 300) received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    received,
    to: (sub) => received.filter((p) => p.path === sub.path),
    answer(sub, status, headers = {}) {
      answers.set(sub.path, { status, headers });
    },
    subscription() {
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const path = `/push/${++n}-${randomBytes(6).toString('hex')}`;
      return {
        endpoint: `${origin}${path}`,
        path,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret },
        open: (push): unknown =>
          JSON.parse(
            decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'),
          ) as unknown,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The VAPID header `vapid t=<jwt>, k=<public key>`: verifies the ES256 signature with k and returns the claims. */
export function readVapid(header: string | undefined): { claims: Record<string, unknown>; publicKey: string } {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization header: ${header}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [head, payload, signature] = jwt.split('.');
  if (!head || !payload || !signature) throw new Error('malformed JWT');
  const point = Buffer.from(publicKey, 'base64url');
  const key = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const ok = createVerify('SHA256')
    .update(`${head}.${payload}`)
    .verify({ key, format: 'jwk', dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { claims, publicKey };
}
