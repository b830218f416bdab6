/**
 * HTTP and WebSocket clients for the cluster suite. Each can leave from its own loopback address
 * (127.0.0.0/8 is all loopback on Linux), so nginx sees distinct client addresses, as it would see
 * distinct people.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { check } from '../lib/services';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

export function request(
  base: string,
  method: string,
  url: string,
  options: {
    cookie?: string;
    body?: unknown;
    raw?: { data: Buffer; headers: Record<string, string> };
    from?: string;
  } = {},
): Promise<Reply> {
  const target = new URL(url, base);
  const payload =
    options.raw?.data ?? (options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body)));
  const headers: Record<string, string> = {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.raw?.headers ?? (options.body === undefined ? {} : { 'content-type': 'application/json' })),
    ...(payload ? { 'content-length': String(payload.length) } : {}),
    // State-changing requests carry the app's origin, as a browser on it would.
    origin: base,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export interface Member {
  id: string;
  username: string;
  cookie: string;
}

let signedUp = 0;
export async function signUp(base: string, from: string): Promise<Member> {
  signedUp += 1;
  const username = `cl_${process.pid}_${signedUp}`;
  const response = await request(base, 'POST', '/api/auth/register', {
    from,
    body: {
      username,
      password: 'Cluster_pass1',
      name: `Cluster ${signedUp}`,
      age: 30,
      location: 'Portland, Oregon',
      genderIdentity: 'woman',
      sexualOrientation: 'lesbian',
    },
  });
  check(response.status === 201, `sign-up answered ${response.status}: ${response.body.toString()}`);
  const cookie = String(response.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  return { id: response.json<{ id: string }>().id, username, cookie };
}

export async function match(base: string, a: Member, b: Member, from: string): Promise<string> {
  await request(base, 'POST', '/api/likes', { from, cookie: a.cookie, body: { targetUserId: b.id, isLike: true } });
  await request(base, 'POST', '/api/likes', { from, cookie: b.cookie, body: { targetUserId: a.id, isLike: true } });
  const matches = (await request(base, 'GET', '/api/matches', { from, cookie: a.cookie })).json<
    Array<{ id: string; otherUser: { id: string } }>
  >();
  const found = matches.find((m) => m.otherUser.id === b.id);
  check(found, 'the two members did not match');
  return found.id;
}

export type Frame = { type: string; [key: string]: unknown };

/** An authenticated socket that records every frame and can wait for one. */
export class Socket {
  readonly frames: Frame[] = [];
  closeCode: number | undefined;
  private waiters: Array<{ test: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse((data as Buffer).toString('utf8')) as Frame;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    ws.on('close', (code) => (this.closeCode = code));
  }

  /** Opens /ws through `base`, authenticates and waits for `connected`. Rejects on refusal or timeout. */
  static open(base: string, member: Pick<Member, 'id' | 'cookie'>, from?: string, timeoutMs = 30_000): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
        headers: { cookie: member.cookie, origin: base },
        ...(from ? { localAddress: from } : {}),
        handshakeTimeout: timeoutMs,
      });
      const socket = new Socket(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('socket: no connected frame in time'));
      }, timeoutMs);
      ws.on('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(Object.assign(new Error(`socket refused: ${res.statusCode}`), { status: res.statusCode }));
      });
      ws.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', userId: member.id })));
      void socket
        .next((f) => f.type === 'connected', timeoutMs)
        .then(
          () => {
            clearTimeout(timer);
            resolve(socket);
          },
          () => {},
        );
    });
  }

  get open() {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: Frame) {
    this.ws.send(JSON.stringify(frame));
  }

  /** The next frame (from now on, or already received when `past`) that passes `test`. */
  next(test: (f: Frame) => boolean, timeoutMs = 30_000, past = false): Promise<Frame> {
    const seen = past ? this.frames.find(test) : undefined;
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        test,
        resolve: (f: Frame) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error('socket: the awaited frame did not come'));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  closed(timeoutMs = 30_000): Promise<number> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve(this.closeCode ?? 0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not close')), timeoutMs);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close() {
    this.ws.terminate();
  }
}
