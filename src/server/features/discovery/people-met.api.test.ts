import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleMet } from '../../../contract/discovery';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import {
  backdateSwipes,
  block,
  like,
  matchesOf,
  member,
  PRIVATE_PATTERN,
  swipe,
  writeMessage,
} from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const here = { location: 'Bozeman, Montana' };

async function peopleMet(client: Client): Promise<PeopleMet> {
  const response = await client.request('GET', '/api/discovery/people-met');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PeopleMet>();
}

describe('people she has met, for the Safety Center pickers', () => {
  it('lists chatted, then matched, then swiped on in the last 14 days; first name, photo and id only', async () => {
    const ana = await member(t, { ...here, name: 'Ana Lopez' });
    const [chatty, quiet, passed, seenLongAgo, blocked, stranger] = await Promise.all(
      ['Bea Smith', 'Cleo Park', 'Dana Ray', 'Eve Long', 'Fay Hart', 'Gia Moss'].map((name) =>
        member(t, { ...here, name }),
      ),
    );
    if (!chatty || !quiet || !passed || !seenLongAgo || !blocked || !stranger) throw new Error('members missing');

    await swipe(ana, seenLongAgo, false);
    await backdateSwipes(t, ana, 15 * 24);
    for (const other of [quiet, chatty]) {
      await like(other, ana);
      await like(ana, other);
    }
    expect((await swipe(ana, passed, false)).statusCode).toBe(201);
    await like(ana, blocked);
    await block(blocked, ana);
    const chat = (await matchesOf(ana)).find((m) => m.otherUser.id === chatty.user.id);
    if (!chat) throw new Error('no match with Bea');
    await writeMessage(t, chat.id, chatty);

    const { people } = await peopleMet(ana);
    expect(people.map((p) => [p.firstName, p.how])).toEqual([
      ['Bea', 'chatted'],
      ['Cleo', 'matched'],
      ['Dana', 'seen_recently'],
    ]);
    expect(people[0]?.id).toBe(chatty.user.id);
    for (const person of people) expect(Object.keys(person).sort()).toEqual(['firstName', 'how', 'id', 'photo']);
    const body = JSON.stringify(people);
    for (const other of [chatty, quiet, passed]) expect(body).not.toContain(other.user.username);
    expect(body).not.toMatch(PRIVATE_PATTERN);
    expect(body).not.toContain('Smith');

    // The id picks her in the Block form.
    const blocking = await ana.request('POST', '/api/blocks', { blockedUserId: people[2]?.id });
    expect(blocking.statusCode, blocking.body).toBe(201);
    expect((await peopleMet(ana)).people.map((p) => p.firstName)).toEqual(['Bea', 'Cleo']);

    // Someone who never met her has nobody to pick.
    expect((await peopleMet(stranger)).people).toEqual([]);
  });

  it('is for members only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/discovery/people-met' });
    expect(response.statusCode).toBe(401);
  });
});
