import { describe, expect, it } from 'vitest';
import { signUp, type Client } from '../test/harness';
import { useSocketTestApp } from './test-socket';

const app = useSocketTestApp();

const like = (from: Client, to: Client, superLike = false) =>
  from.request('POST', '/api/likes', { targetUserId: to.user.id, isLike: true, superLike });

describe('app-wide awareness frames', () => {
  it('tells the liked member her bell count changed, without saying who', async () => {
    const [ana, bea] = [await signUp(app.t.app), await signUp(app.t.app)];
    const beaSocket = await app.socketOf(bea);
    expect((await like(ana, bea)).statusCode).toBe(201);
    const frame = await beaSocket.next('like_received');
    expect(frame).toEqual({ type: 'like_received', superLike: false, mode: 'dating' });
    expect(JSON.stringify(frame)).not.toContain(ana.user.id);
  });

  it('sends the match to both members, each hearing about the other', async () => {
    const [ana, bea] = [await signUp(app.t.app), await signUp(app.t.app)];
    const [anaSocket, beaSocket] = [await app.socketOf(ana), await app.socketOf(bea)];
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
    await app.settle();
    // A match is not also counted as a like for the bell.
    expect(beaSocket.frames.filter((f) => f.type === 'like_received')).toHaveLength(1);
    expect(anaSocket.frames.filter((f) => f.type === 'like_received')).toHaveLength(0);
  });
});
