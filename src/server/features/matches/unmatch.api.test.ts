import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSocketTestApp } from '../../realtime/test-socket';
import { feedIds, like, matchesOf, member, swipe } from '../../test/members';

const app = useSocketTestApp();

const here = { location: 'Missoula, Montana' };

/** Two members who liked each other: a match, with a message already in it. */
async function matchedPair() {
  const [ana, bea] = [await member(app.t, here), await member(app.t, here)];
  await like(ana, bea);
  const matched = await like(bea, ana);
  const matchId = matched.match?.id;
  if (!matchId) throw new Error('no match');
  expect((await ana.request('POST', '/api/messages', { matchId, content: 'Hello!' })).statusCode).toBe(201);
  return { ana, bea, matchId };
}

describe('unmatch', () => {
  it.each(['first', 'second'] as const)(
    'by the %s member ends the conversation for both, over HTTP and the socket, and tells the other side',
    async (who) => {
      const { ana, bea, matchId } = await matchedPair();
      const [by, other] = who === 'first' ? [ana, bea] : [bea, ana];
      const [bySocket, otherSocket] = [await app.socketOf(by), await app.socketOf(other)];

      const response = await by.request('DELETE', `/api/matches/${matchId}`);
      expect(response.statusCode, response.body).toBe(200);
      // The other side's open conversation hears of it at once (and her own other tabs too).
      await otherSocket.next('match_ended', (f) => f.matchId === matchId);
      await bySocket.next('match_ended', (f) => f.matchId === matchId);

      for (const client of [ana, bea]) {
        expect(await matchesOf(client)).toEqual([]);
        expect((await client.request('GET', `/api/messages/${matchId}`)).statusCode).toBe(404);
        const sent = await client.request('POST', '/api/messages', { matchId, content: 'Still there?' });
        expect(sent.statusCode).toBe(404);
      }
      for (const socket of [bySocket, otherSocket]) {
        socket.send({ type: 'message', matchId, content: 'Over the socket', clientMessageId: randomUUID() });
        const refused = await socket.next('error');
        expect(refused.code).toBe('NOT_FOUND');
      }
      await app.settle();
      expect([...bySocket.frames, ...otherSocket.frames].filter((f) => f.type === 'message')).toEqual([]);

      // They never meet again in discovery, and cannot match again.
      expect(await feedIds(ana)).not.toContain(bea.user.id);
      expect(await feedIds(bea)).not.toContain(ana.user.id);
      expect((await swipe(ana, bea)).statusCode).toBe(404);
    },
  );

  it('is 404 for someone outside the match, a second time, and for an unknown or malformed id', async () => {
    const { ana, bea, matchId } = await matchedPair();
    const cleo = await member(app.t, here);
    expect((await cleo.request('DELETE', `/api/matches/${matchId}`)).statusCode).toBe(404);
    expect(await matchesOf(ana)).toHaveLength(1);
    expect((await ana.request('DELETE', `/api/matches/${matchId}`)).statusCode).toBe(200);
    expect((await bea.request('DELETE', `/api/matches/${matchId}`)).statusCode).toBe(404);
    expect((await ana.request('DELETE', `/api/matches/${randomUUID()}`)).statusCode).toBe(404);
    expect((await ana.request('DELETE', '/api/matches/nope')).statusCode).toBe(404);
  });
});
