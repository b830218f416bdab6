import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { createMatch, deleteMatch } from '../../test/matches';
import type { MessageToStore } from './store';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pair(): Promise<{ ana: Client; bea: Client; matchId: string }> {
  const [ana, bea] = [await signUp(t.app), await signUp(t.app)];
  return { ana, bea, matchId: await createMatch(db(), ana.user.id, bea.user.id) };
}

const message = (from: Client, to: Client, matchId: string, content: string): MessageToStore => ({
  matchId,
  senderId: from.user.id,
  recipientId: to.user.id,
  content,
  messageType: 'text',
  clientMessageId: null,
});

describe('storing messages with group commit', () => {
  it('stores messages that arrive together in one statement, and answers each with its own row', async () => {
    const conversations = await Promise.all(Array.from({ length: 4 }, () => pair()));
    const sends = conversations.flatMap(({ ana, bea, matchId }) =>
      Array.from({ length: 5 }, (_, i) => message(i % 2 ? bea : ana, i % 2 ? ana : bea, matchId, `hello ${i}`)),
    );
    const rows = await Promise.all(sends.map((m) => t.context.chat.storeMessage(m)));
    rows.forEach((row, i) => expect(row).toMatchObject({ content: sends[i]!.content, senderId: sends[i]!.senderId }));
    // One statement, one transaction: they share its timestamp. Twenty alone would each have their own.
    expect(new Set(rows.map((row) => row!.createdAt.getTime())).size).toBeLessThan(sends.length);
  });

  it('refuses one message of a batch (a block) without refusing the others', async () => {
    const open = await pair();
    const blocked = await pair();
    await db().insert(blocks).values({ blockerId: blocked.bea.user.id, blockedUserId: blocked.ana.user.id });
    const [stored, refused] = await Promise.all([
      t.context.chat.storeMessage(message(open.ana, open.bea, open.matchId, 'still here')),
      t.context.chat.storeMessage(message(blocked.ana, blocked.bea, blocked.matchId, 'not delivered')),
    ]);
    expect(stored?.content).toBe('still here');
    expect(refused).toBeUndefined();
  });

  it('fails only the message whose conversation was dissolved meanwhile (its foreign key), not its batch', async () => {
    const open = await pair();
    const gone = await pair();
    await deleteMatch(db(), gone.matchId);
    const [stored, failed] = await Promise.allSettled([
      t.context.chat.storeMessage(message(open.ana, open.bea, open.matchId, 'still here')),
      t.context.chat.storeMessage(message(gone.ana, gone.bea, gone.matchId, 'too late')),
    ]);
    expect(stored).toMatchObject({ status: 'fulfilled', value: { content: 'still here' } });
    expect(failed.status).toBe('rejected');
  });
});

describe('chat activity for badges, in memory', () => {
  it('counts what she sends after it is loaded, and a reply only once the other member wrote', async () => {
    const { ana, bea, matchId } = await pair();
    const send = async (from: Client, content: string) =>
      expect((await from.request('POST', '/api/messages', { matchId, content })).statusCode).toBe(201);
    await send(ana, 'one');
    expect(await t.context.chat.activityOf(ana.user.id)).toEqual({
      messagesSent: 1,
      icebreakersSent: 0,
      conversationsRepliedIn: 0,
    });
    await send(ana, 'two');
    expect((await t.context.chat.activityOf(ana.user.id)).conversationsRepliedIn).toBe(0);
    await send(bea, 'an answer');
    await send(ana, 'three, a reply');
    expect(await t.context.chat.activityOf(ana.user.id)).toEqual({
      messagesSent: 3,
      icebreakersSent: 0,
      conversationsRepliedIn: 1,
    });
    await send(ana, 'four');
    expect(await t.context.chat.activityOf(ana.user.id)).toMatchObject({ messagesSent: 4, conversationsRepliedIn: 1 });
  });
});
