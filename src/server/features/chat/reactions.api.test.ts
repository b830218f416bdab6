import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_EMOJI, type Message, type MessagePage, type MessageReactions } from '../../../contract/chat';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';

let t: TestApp;
let ana: Client;
let bea: Client;
let cleo: Client;
let matchId: string;

beforeAll(async () => {
  t = await createTestApp();
  [ana, bea, cleo] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  matchId = await createMatch(t.database.db, ana.user.id, bea.user.id);
});
afterAll(() => t.close());

async function newMessage(): Promise<string> {
  const response = await ana.request('POST', '/api/messages', { matchId, content: 'react to me' });
  return response.json<Message>().id;
}
const url = (messageId: string) => `/api/messages/${messageId}/reactions`;

describe('message reactions', () => {
  it('has exactly the 10 emoji of the spec', () => {
    expect(REACTION_EMOJI).toEqual(['❤️', '😍', '😊', '😁', '🔥', '💯', '👍', '😮', '🥰', '✨']);
  });

  it('adds, groups per emoji with counts, and toggles off', async () => {
    const id = await newMessage();
    expect((await bea.request('GET', url(id))).json()).toEqual({ messageId: id, reactions: [] });

    const first = await bea.request('POST', url(id), { emoji: '🔥', userId: bea.user.id });
    expect(first.statusCode).toBe(201);
    await ana.request('POST', url(id), { emoji: '🔥' });
    await ana.request('POST', url(id), { emoji: '❤️' });

    const seenByBea = (await bea.request('GET', url(id))).json<MessageReactions>();
    // Picker order, not insertion order.
    expect(seenByBea.reactions).toEqual([
      { emoji: '❤️', count: 1, userIds: [ana.user.id], reactedByMe: false },
      { emoji: '🔥', count: 2, userIds: [bea.user.id, ana.user.id], reactedByMe: true },
    ]);

    const removed = await bea.request('DELETE', url(id), { emoji: '🔥' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<MessageReactions>().reactions).toEqual([
      { emoji: '❤️', count: 1, userIds: [ana.user.id], reactedByMe: false },
      { emoji: '🔥', count: 1, userIds: [ana.user.id], reactedByMe: false },
    ]);
  });

  it('keeps one reaction per user and emoji however often it is posted', async () => {
    const id = await newMessage();
    expect((await bea.request('POST', url(id), { emoji: '👍' })).statusCode).toBe(201);
    const again = await bea.request('POST', url(id), { emoji: '👍' });
    expect(again.statusCode).toBe(200);
    expect(again.json<MessageReactions>().reactions).toEqual([
      { emoji: '👍', count: 1, userIds: [bea.user.id], reactedByMe: true },
    ]);
    // Removing one she does not have is harmless.
    expect((await bea.request('DELETE', url(id), { emoji: '✨' })).statusCode).toBe(200);
  });

  it('shows reactions on the messages of the conversation', async () => {
    const id = await newMessage();
    await bea.request('POST', url(id), { emoji: '🥰' });
    const page = (await ana.request('GET', `/api/messages/${matchId}`)).json<MessagePage>();
    expect(page.messages.find((m) => m.id === id)?.reactions).toEqual([
      { emoji: '🥰', count: 1, userIds: [bea.user.id], reactedByMe: false },
    ]);
  });

  it.each([['🍆'], ['heart'], [''], ['❤']])('refuses %j with 400', async (emoji) => {
    const id = await newMessage();
    const response = await bea.request('POST', url(id), { emoji });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('emoji');
  });

  it('refuses a forged userId with 403', async () => {
    const id = await newMessage();
    expect((await bea.request('POST', url(id), { emoji: '🔥', userId: ana.user.id })).statusCode).toBe(403);
    expect((await bea.request('DELETE', url(id), { emoji: '🔥', userId: ana.user.id })).statusCode).toBe(403);
    expect((await bea.request('GET', url(id))).json<MessageReactions>().reactions).toEqual([]);
  });

  it('is 404 for a non-member (read, add, remove) and for an unknown message', async () => {
    const id = await newMessage();
    await bea.request('POST', url(id), { emoji: '🔥' });
    expect((await cleo.request('GET', url(id))).statusCode).toBe(404);
    expect((await cleo.request('POST', url(id), { emoji: '🔥' })).statusCode).toBe(404);
    expect((await cleo.request('DELETE', url(id), { emoji: '🔥' })).statusCode).toBe(404);
    expect((await ana.request('GET', url(randomUUID()))).statusCode).toBe(404);
    expect((await ana.request('GET', url(id))).json<MessageReactions>().reactions).toHaveLength(1);
  });
});
