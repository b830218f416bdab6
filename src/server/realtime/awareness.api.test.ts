import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Client, type TestApp } from '../test/harness';
import { connect, sleep, type TestSocket } from './test-socket';

let t: TestApp;
let baseUrl: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

async function socketOf(client: Client): Promise<TestSocket> {
  const socket = await connect(baseUrl, client.user, client.cookie);
  open.push(socket);
  return socket;
}

const like = (from: Client, to: Client, superLike = false) =>
  from.request('POST', '/api/likes', { targetUserId: to.user.id, isLike: true, superLike });

describe('app-wide awareness frames', () => {
  it('tells the liked member her bell count changed, without saying who', async () => {
    const [ana, bea] = [await signUp(t.app), await signUp(t.app)];
    const beaSocket = await socketOf(bea);
    expect((await like(ana, bea)).statusCode).toBe(201);
    const frame = await beaSocket.next('like_received');
    expect(frame).toEqual({ type: 'like_received', superLike: false });
    expect(JSON.stringify(frame)).not.toContain(ana.user.id);
  });

  it('sends the match to both members, each hearing about the other', async () => {
    const [ana, bea] = [await signUp(t.app), await signUp(t.app)];
    const [anaSocket, beaSocket] = [await socketOf(ana), await socketOf(bea)];
    await like(ana, bea);
    const response = await like(bea, ana);
    const matchId = response.json<{ match: { id: string } }>().match.id;
    expect(await anaSocket.next('match')).toMatchObject({
      matchId,
      otherUserId: bea.user.id,
      otherName: bea.user.name,
    });
    expect(await beaSocket.next('match')).toMatchObject({
      matchId,
      otherUserId: ana.user.id,
      otherName: ana.user.name,
    });
    await sleep(50);
    // A match is not also counted as a like for the bell.
    expect(beaSocket.frames.filter((f) => f.type === 'like_received')).toHaveLength(1);
    expect(anaSocket.frames.filter((f) => f.type === 'like_received')).toHaveLength(0);
  });
});
