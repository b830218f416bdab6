import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/harness';
import { createMatch } from '../test/matches';
import { chatMedia } from '../test/tables';

/*
 * A member cancels a photo upload (or her connection drops) half-way through the body. Node reports that as
 * an ECONNRESET, the same errno a lost database connection has: it must be logged as what it is, not as
 * "database unavailable" (which pages whoever watches the logs).
 */

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const logged = (text: string) => logLines.some((line) => line.includes(text));

it('an upload cut off half-way is logged as the client going away, not as the database', async () => {
  const ana = await signUp(t.app, { name: 'Ana' });
  const bea = await signUp(t.app, { name: 'Bea' });
  const matchId = await createMatch(t.database.db, ana.user.id, bea.user.id);
  const { port } = t.app.server.address() as AddressInfo;

  const boundary = 'cut-off-boundary';
  const start = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const started = new Promise<void>((resolve) => t.app.server.once('request', () => resolve()));
  socket.write(
    `POST /api/matches/${matchId}/media HTTP/1.1\r\nHost: localhost\r\nCookie: ${ana.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 200000\r\n\r\n${start}`,
  );
  // A tenth of the photo, then she presses Cancel.
  socket.write(Buffer.alloc(20_000, 0xff));
  await started;
  socket.destroy();

  await vi.waitFor(() => expect(logged('the client closed the request before its body arrived')).toBe(true), {
    timeout: 5_000,
  });
  expect(logged('database unavailable')).toBe(false);
  // Nothing was stored for it.
  expect(await t.database.db.select().from(chatMedia)).toEqual([]);
});
