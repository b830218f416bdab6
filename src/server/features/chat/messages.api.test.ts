import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage, ReadReceipt } from '../../../contract/chat';
import { setSuspendedUntil } from '../../core';
import { signUp, type Client, createTestApp, type TestApp } from '../../test/harness';
import { conversationSummaries, matchHasMessages } from './repository';
import { createMatch, deleteMatch } from '../../test/matches';

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

/** A fresh matched pair, for tests that need a conversation of their own. */
async function pair(): Promise<{ a: Client; b: Client; matchId: string }> {
  const [a, b] = [await signUp(t.app), await signUp(t.app)];
  return { a, b, matchId: await createMatch(t.database.db, a.user.id, b.user.id) };
}

const send = (client: Client, body: Record<string, unknown>) => client.request('POST', '/api/messages', body);

describe('POST /api/messages', () => {
  it('stores a trimmed text message from the session user and returns it', async () => {
    const response = await send(ana, { matchId, content: '  Hi Bea!  ', messageType: 'text', senderId: ana.user.id });
    expect(response.statusCode).toBe(201);
    const message = response.json<Message>();
    expect(message).toMatchObject({
      matchId,
      senderId: ana.user.id,
      content: 'Hi Bea!',
      messageType: 'text',
      icebreakerId: null,
      readAt: null,
      reactions: [],
    });
    expect(new Date(message.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const page = (await bea.request('GET', `/api/messages/${matchId}`)).json<MessagePage>();
    expect(page.messages.map((m) => m.id)).toContain(message.id);
  });

  it('defaults messageType to text', async () => {
    const response = await send(bea, { matchId, content: 'Hello!' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Message>().messageType).toBe('text');
  });

  it('refuses a forged senderId with 403 and stores nothing', async () => {
    const { a, b, matchId: id } = await pair();
    const response = await send(a, { matchId: id, content: 'pretending', senderId: b.user.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await a.request('GET', `/api/messages/${id}`)).json<MessagePage>().messages).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['blank', ' \n\t  '],
    ['2001 characters', 'x'.repeat(2001)],
  ])('refuses %s content with 400 and a field error', async (_case, content) => {
    const response = await send(ana, { matchId, content });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors[0].path).toBe('content');
  });

  it('accepts exactly 2000 characters (after trimming)', async () => {
    const response = await send(ana, { matchId, content: `  ${'y'.repeat(2000)}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json<Message>().content).toHaveLength(2000);
  });

  it.each([
    ['a match id that is not a uuid', { matchId: 'abc', content: 'hi' }, 'matchId'],
    ['an unknown message type', { content: 'hi', messageType: 'photo' }, 'messageType'],
    ['an icebreaker message without icebreakerId', { content: 'hi', messageType: 'icebreaker' }, 'icebreakerId'],
    [
      'a text message with an icebreakerId',
      { content: 'hi', messageType: 'text', icebreakerId: randomUUID() },
      'icebreakerId',
    ],
    ['an empty clientMessageId', { content: 'hi', clientMessageId: '' }, 'clientMessageId'],
  ])('refuses %s with 400', async (_case, body, path) => {
    const response = await send(ana, { matchId, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('answers 404 to a non-member and to an unknown match, alike, and stores nothing', async () => {
    const before = (await ana.request('GET', `/api/messages/${matchId}`)).json<MessagePage>().messages.length;
    const intruder = await send(cleo, { matchId, content: 'let me in' });
    const unknown = await send(ana, { matchId: randomUUID(), content: 'anyone?' });
    expect(intruder.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(intruder.json()).toEqual(unknown.json());
    expect((await ana.request('GET', `/api/messages/${matchId}`)).json<MessagePage>().messages).toHaveLength(before);
  });

  it('stores one message for the same clientMessageId sent twice, and answers both with it', async () => {
    const { a, matchId: id } = await pair();
    const clientMessageId = randomUUID();
    const first = await send(a, { matchId: id, content: 'once', clientMessageId });
    const retry = await send(a, { matchId: id, content: 'once', clientMessageId });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Message>().id).toBe(first.json<Message>().id);
    expect(retry.json<Message>().clientMessageId).toBe(clientMessageId);
    expect((await a.request('GET', `/api/messages/${id}`)).json<MessagePage>().messages).toHaveLength(1);
  });

  it('stores one message when the same clientMessageId races itself', async () => {
    const { a, matchId: id } = await pair();
    const clientMessageId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send(a, { matchId: id, content: 'race', clientMessageId })),
    );
    expect(new Set(responses.map((r) => r.json<Message>().id)).size).toBe(1);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await a.request('GET', `/api/messages/${id}`)).json<MessagePage>().messages).toHaveLength(1);
  });

  it('keeps clientMessageIds per sender, and refuses reusing one in another conversation', async () => {
    const { a, b, matchId: id } = await pair();
    const other = await createMatch(t.database.db, a.user.id, cleo.user.id);
    const clientMessageId = randomUUID();
    expect((await send(a, { matchId: id, content: 'mine', clientMessageId })).statusCode).toBe(201);
    expect((await send(b, { matchId: id, content: 'hers', clientMessageId })).statusCode).toBe(201);
    const reused = await send(a, { matchId: other, content: 'elsewhere', clientMessageId });
    expect(reused.statusCode).toBe(409);
    expect((await a.request('GET', `/api/messages/${other}`)).json<MessagePage>().messages).toEqual([]);
  });

  it('stops messaging both ways once either member blocks the other', async () => {
    const { a, b, matchId: id } = await pair();
    expect((await send(b, { matchId: id, content: 'before' })).statusCode).toBe(201);
    expect((await a.request('POST', '/api/blocks', { blockedUserId: b.user.id })).statusCode).toBe(201);
    expect((await send(b, { matchId: id, content: 'after' })).statusCode).toBe(404);
    expect((await send(a, { matchId: id, content: 'after' })).statusCode).toBe(404);
    expect((await b.request('GET', `/api/messages/${id}`)).statusCode).toBe(404);
  });

  it('forgets the remembered pair on a block or unmatch, announced on the real-time bus', async () => {
    const remembered = (id: string) =>
      t.context.caches.databaseCache<{ id: string }>('conversation-pairs', { max: 1 }).on(t.database.db).get(id);
    const blocked = await pair();
    const unmatched = await pair();
    for (const { a, matchId: id } of [blocked, unmatched]) {
      expect((await send(a, { matchId: id, content: 'hello' })).statusCode).toBe(201);
      expect(remembered(id)).toMatchObject({ id });
    }
    expect((await blocked.b.request('POST', '/api/blocks', { blockedUserId: blocked.a.user.id })).statusCode).toBe(201);
    expect(remembered(blocked.matchId)).toBeUndefined();
    expect((await unmatched.b.request('DELETE', `/api/matches/${unmatched.matchId}`)).statusCode).toBe(200);
    expect(remembered(unmatched.matchId)).toBeUndefined();
  });

  it('stops messaging a member suspended mid-conversation, though the pair is remembered', async () => {
    const { a, b, matchId: id } = await pair();
    expect((await send(a, { matchId: id, content: 'hello' })).statusCode).toBe(201);
    await setSuspendedUntil(t.database.db, t.context.caches, b.user.id, new Date(Date.now() + 86_400_000));
    expect((await send(a, { matchId: id, content: 'still there?' })).statusCode).toBe(404);
    await setSuspendedUntil(t.database.db, t.context.caches, b.user.id, null);
    expect((await send(a, { matchId: id, content: 'welcome back' })).statusCode).toBe(201);
  });

  it('stops messaging once the match is gone, even mid-conversation', async () => {
    const { a, b, matchId: id } = await pair();
    expect((await send(a, { matchId: id, content: 'hello' })).statusCode).toBe(201);
    await deleteMatch(t.database.db, id);
    expect((await send(a, { matchId: id, content: 'still there?' })).statusCode).toBe(404);
    expect((await send(b, { matchId: id, content: 'hello?' })).statusCode).toBe(404);
    expect((await a.request('GET', `/api/messages/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/messages/:matchId', () => {
  it('pages from the newest backwards, each page oldest first, until nextCursor is null', async () => {
    const { a, b, matchId: id } = await pair();
    for (let i = 1; i <= 7; i++) {
      expect((await send(i % 2 ? a : b, { matchId: id, content: `m${i}` })).statusCode).toBe(201);
    }
    const contents: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const response = await a.request('GET', `/api/messages/${id}${query}`);
      expect(response.statusCode).toBe(200);
      const page: MessagePage = response.json<MessagePage>();
      contents.push(page.messages.map((m) => m.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(contents).toEqual([['m5', 'm6', 'm7'], ['m2', 'm3', 'm4'], ['m1']]);
  });

  it('returns an empty first page for a new conversation', async () => {
    const { a, matchId: id } = await pair();
    expect((await a.request('GET', `/api/messages/${id}`)).json()).toEqual({
      messages: [],
      nextCursor: null,
      mode: 'dating',
    });
  });

  it('refuses a cursor from another conversation and bad limits with 400', async () => {
    const { a, matchId: id } = await pair();
    const foreign = (await send(ana, { matchId, content: 'elsewhere' })).json<Message>().id;
    expect((await a.request('GET', `/api/messages/${id}?cursor=${foreign}`)).statusCode).toBe(400);
    expect((await a.request('GET', `/api/messages/${id}?limit=0`)).statusCode).toBe(400);
    expect((await a.request('GET', `/api/messages/${id}?limit=101`)).statusCode).toBe(400);
  });

  it('is 404 for a non-member and for a malformed id is 400', async () => {
    expect((await cleo.request('GET', `/api/messages/${matchId}`)).statusCode).toBe(404);
    expect((await cleo.request('GET', '/api/messages/nope')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/messages/${matchId}` })).statusCode).toBe(401);
  });
});

describe('PUT /api/messages/:id/read', () => {
  it('lets only the recipient mark a message read, once', async () => {
    const { a, b, matchId: id } = await pair();
    const message = (await send(a, { matchId: id, content: 'read me' })).json<Message>();
    expect((await a.request('PUT', `/api/messages/${message.id}/read`)).statusCode).toBe(404);
    expect((await cleo.request('PUT', `/api/messages/${message.id}/read`)).statusCode).toBe(404);
    expect((await b.request('PUT', `/api/messages/${randomUUID()}/read`)).statusCode).toBe(404);

    const first = await b.request('PUT', `/api/messages/${message.id}/read`);
    expect(first.statusCode).toBe(200);
    const receipt = first.json<ReadReceipt>();
    expect(receipt).toMatchObject({ messageId: message.id, matchId: id });
    const again = await b.request('PUT', `/api/messages/${message.id}/read`);
    expect(again.json<ReadReceipt>().readAt).toBe(receipt.readAt);
    const stored = (await a.request('GET', `/api/messages/${id}`)).json<MessagePage>().messages[0];
    expect(stored?.readAt).toBe(receipt.readAt);
  });
});

describe('conversation summaries (for the match list)', () => {
  it('gives the last message and the unread count per match', async () => {
    const { a, b, matchId: id } = await pair();
    const empty = await createMatch(t.database.db, a.user.id, cleo.user.id);
    expect(await matchHasMessages(t.database.db, id)).toBe(false);
    await send(b, { matchId: id, content: 'one' });
    const two = (await send(b, { matchId: id, content: 'two' })).json<Message>();
    await send(b, { matchId: id, content: 'three' });
    await send(a, { matchId: id, content: 'my reply' });
    expect((await a.request('PUT', `/api/messages/${two.id}/read`)).statusCode).toBe(200);

    expect(await matchHasMessages(t.database.db, id)).toBe(true);
    const summaries = await conversationSummaries(t.database.db, a.user.id, [id, empty]);
    expect(summaries.get(id)).toMatchObject({
      lastMessage: { content: 'my reply', senderId: a.user.id, messageType: 'text', viewOnce: false },
      unreadCount: 2,
    });
    expect(summaries.get(empty)).toEqual({ lastMessage: null, unreadCount: 0 });
    const hers = await conversationSummaries(t.database.db, b.user.id, [id]);
    expect(hers.get(id)?.unreadCount).toBe(1);
  });
});
