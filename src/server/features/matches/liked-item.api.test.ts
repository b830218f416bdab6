import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account';
import type { MessagePage } from '../../../contract/chat';
import type { SwipeResponse } from '../../../contract/matches';
import type { LikesReceived } from '../../../contract/notifications';
import type { PromptAnswer } from '../../../contract/prompts';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { block, member, premiumMember, setGhost, setProfile, swipe } from '../../test/members';
import { photos, swipes } from '../../test/tables';

/*
 * "Like something specific" (product §4): a like of one photo or prompt answer with an optional comment;
 * what a free and a Premium member see of it; the comment opening the chat when they match.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret_123';
const COMMENT = 'Your Sunday sounds perfect, I bring the oolong';
const PROMPTS: PromptAnswer[] = [
  { promptId: 'sunday', answer: 'Farmers market, then a long nap' },
  { promptId: 'comfort-brew', answer: 'Hojicha with oat milk' },
];

/** A photo row of hers (the pipeline is profiles' business): its URL as her card shows it. */
async function addPhoto(client: Client): Promise<{ id: string; url: string; thumbnail: string }> {
  const key = `test/${randomUUID()}`;
  const [row] = await t.database.db
    .insert(photos)
    .values({ userId: client.user.id, position: 0, largeKey: `${key}-large.webp`, smallKey: `${key}-small.webp` })
    .returning();
  if (!row) throw new Error('no photo');
  return { id: row.id, url: `/media/${row.largeKey}`, thumbnail: `/media/${row.smallKey}` };
}

async function withPrompts(t: TestApp, client: Client) {
  await setProfile(t, client, { prompts: PROMPTS });
}

const likeItem = (from: Client, to: Client, body: Record<string, unknown>) =>
  from.request('POST', '/api/likes', { targetUserId: to.user.id, isLike: true, ...body });

async function likesOf(client: Client): Promise<{ body: string; data: LikesReceived }> {
  const response = await client.request('GET', '/api/notifications/likes-received');
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, data: response.json<LikesReceived>() };
}

async function swipesBetween(a: Client, b: Client) {
  return t.database.db
    .select()
    .from(swipes)
    .where(or(eq(swipes.userId, a.user.id), eq(swipes.targetUserId, a.user.id)))
    .then((rows) => rows.filter((r) => r.userId === b.user.id || r.targetUserId === b.user.id));
}

async function messagesOf(client: Client, matchId: string) {
  const response = await client.request('GET', `/api/messages/${matchId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MessagePage>().messages;
}

describe('liking a photo or a prompt', () => {
  it('refuses a photo or prompt that is not hers, and saves nothing', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const cleo = await member(t);
    await withPrompts(t, cleo);
    const cleosPhoto = await addPhoto(cleo);

    const photo = await likeItem(ana, bea, { likedItem: { kind: 'photo', photoUrl: cleosPhoto.url } });
    expect(photo.statusCode).toBe(400);
    expect(photo.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'That photo is not on her profile' });

    const madeUp = await likeItem(ana, bea, { likedItem: { kind: 'photo', photoUrl: 'https://elsewhere.test/a.jpg' } });
    expect(madeUp.statusCode).toBe(400);

    // Cleo answers "sunday"; Bea answers nothing.
    const prompt = await likeItem(ana, bea, { likedItem: { kind: 'prompt', promptId: 'sunday' } });
    expect(prompt.statusCode).toBe(400);
    expect(prompt.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'That prompt is not one of her answers',
    });
    const unanswered = await likeItem(ana, cleo, { likedItem: { kind: 'prompt', promptId: 'boundary' } });
    expect(unanswered.statusCode).toBe(400);

    expect(await swipesBetween(ana, bea)).toEqual([]);
    expect(await swipesBetween(ana, cleo)).toEqual([]);

    // Her own photo and prompt: recorded, with the item.
    const ok = await likeItem(ana, cleo, { likedItem: { kind: 'photo', photoUrl: cleosPhoto.url } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await swipesBetween(ana, cleo)).toEqual([
      expect.objectContaining({ likedPhotoId: cleosPhoto.id, likedPromptId: null, comment: null }),
    ]);
  });

  it('refuses a comment that is too long, empty, on a pass or without an item, and saves nothing', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await withPrompts(t, bea);
    const item = { kind: 'prompt', promptId: 'sunday' };

    const tooLong = await likeItem(ana, bea, { likedItem: item, comment: 'x'.repeat(141) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'comment', message: 'A comment is at most 140 characters' }],
    });

    const blank = await likeItem(ana, bea, { likedItem: item, comment: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ path: 'comment' });

    const onPass = await ana.request('POST', '/api/likes', {
      targetUserId: bea.user.id,
      isLike: false,
      likedItem: item,
      comment: 'Not for me',
    });
    expect(onPass.statusCode).toBe(400);
    expect(onPass.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'comment', message: 'A pass carries no comment or liked item' }],
    });

    const bare = await likeItem(ana, bea, { comment: 'Hello' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0]).toMatchObject({
      path: 'comment',
      message: 'A comment goes with a liked photo or prompt',
    });

    const control = await likeItem(ana, bea, { likedItem: item, comment: 'hi\u0000' });
    expect(control.statusCode).toBe(400);

    expect(await swipesBetween(ana, bea)).toEqual([]);

    // Exactly 140 characters after trimming is fine; the stored comment is trimmed.
    const exact = await likeItem(ana, bea, { likedItem: item, comment: `  ${'y'.repeat(140)}  ` });
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await swipesBetween(ana, bea))[0]?.comment).toBe('y'.repeat(140));
  });

  it('answers a blocked or hidden member as before, whatever the item', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const gia = await premiumMember(t);
    await withPrompts(t, bea);
    await withPrompts(t, gia);
    await block(bea, ana);
    await setGhost(gia, true);
    for (const target of [bea, gia]) {
      for (const likedItem of [
        { kind: 'prompt', promptId: 'sunday' },
        { kind: 'prompt', promptId: 'boundary' },
        { kind: 'photo', photoUrl: '/media/nothing' },
      ]) {
        const response = await likeItem(ana, target, { likedItem, comment: COMMENT });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This profile is not available' });
      }
    }
  });
});

describe('what she sees in her likes list', () => {
  it('a free member sees which of hers was liked and that a comment came, never who or what', async () => {
    const liker = await member(t, { name: 'Rowan' });
    const superLiker = await member(t, { name: 'Sasha' });
    const plain = await member(t, { name: 'Quinn' });
    const her = await member(t);
    await withPrompts(t, her);
    const photo = await addPhoto(her);

    expect(
      (await likeItem(liker, her, { likedItem: { kind: 'prompt', promptId: 'sunday' }, comment: COMMENT })).statusCode,
    ).toBe(201);
    expect(
      (await likeItem(superLiker, her, { superLike: true, likedItem: { kind: 'photo', photoUrl: photo.url } }))
        .statusCode,
    ).toBe(201);
    expect((await swipe(plain, her)).statusCode).toBe(201);

    const { body, data } = await likesOf(her);
    expect(data).toEqual({
      count: 3,
      locked: true,
      entries: [],
      itemLikes: [
        { likedItem: { kind: 'photo', photoUrl: photo.thumbnail }, hasComment: false },
        {
          likedItem: {
            kind: 'prompt',
            promptId: 'sunday',
            question: 'A perfect Sunday looks like…',
            answer: PROMPTS[0]?.answer,
          },
          hasComment: true,
        },
      ],
    });
    for (const secret of [liker.user.id, superLiker.user.id, plain.user.id, 'Rowan', 'Sasha', 'Quinn', 'oolong']) {
      expect(body).not.toContain(secret);
    }
  });

  it('a Premium member sees who, what and the comment', async () => {
    const liker = await member(t, { name: 'Rowan' });
    const her = await premiumMember(t);
    await withPrompts(t, her);
    const photo = await addPhoto(her);
    const other = await member(t, { name: 'Sasha' });
    expect(
      (await likeItem(liker, her, { likedItem: { kind: 'prompt', promptId: 'comfort-brew' }, comment: COMMENT }))
        .statusCode,
    ).toBe(201);
    expect((await likeItem(other, her, { likedItem: { kind: 'photo', photoUrl: photo.url } })).statusCode).toBe(201);

    const { data } = await likesOf(her);
    expect(data.locked).toBe(false);
    expect(data.itemLikes).toEqual([]);
    expect(data.entries).toEqual([
      expect.objectContaining({
        id: other.user.id,
        name: 'Sasha',
        likedItem: { kind: 'photo', photoUrl: photo.thumbnail },
      }),
      expect.objectContaining({
        id: liker.user.id,
        name: 'Rowan',
        likedItem: {
          kind: 'prompt',
          promptId: 'comfort-brew',
          question: 'My comfort brew is…',
          answer: PROMPTS[1]?.answer,
        },
        comment: COMMENT,
      }),
    ]);
    expect(data.entries[0]).not.toHaveProperty('comment');

    // A photo deleted since: the like stays, without its item.
    await t.database.db.delete(photos).where(eq(photos.id, photo.id));
    const after = await likesOf(her);
    expect(after.data.entries[0]).not.toHaveProperty('likedItem');
  });
});

describe('the comment opens the chat', () => {
  it('when she likes back: the comment is the first message, from the liker', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await withPrompts(t, bea);
    expect(
      (await likeItem(ana, bea, { likedItem: { kind: 'prompt', promptId: 'sunday' }, comment: COMMENT })).statusCode,
    ).toBe(201);
    const back = await swipe(bea, ana);
    expect(back.statusCode).toBe(201);
    const matchId = back.json<SwipeResponse>().match?.id;
    if (!matchId) throw new Error('no match');
    await t.app.events.drain();

    for (const client of [ana, bea]) {
      expect(await messagesOf(client, matchId)).toEqual([
        expect.objectContaining({ senderId: ana.user.id, content: COMMENT, messageType: 'text' }),
      ]);
    }
  });

  it('when the commenting like makes the match, and when both wrote: oldest first, each once', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await withPrompts(t, ana);
    await withPrompts(t, bea);
    expect((await swipe(bea, ana)).statusCode).toBe(201);
    const made = await likeItem(ana, bea, {
      superLike: true,
      likedItem: { kind: 'prompt', promptId: 'sunday' },
      comment: COMMENT,
    });
    expect(made.statusCode, made.body).toBe(201);
    const matchId = made.json<SwipeResponse>().match?.id;
    if (!matchId) throw new Error('no match');
    await t.app.events.drain();
    expect(await messagesOf(bea, matchId)).toEqual([
      expect.objectContaining({ senderId: ana.user.id, content: COMMENT }),
    ]);

    // Both commented: both messages, in the order of the likes.
    const cleo = await member(t);
    const dana = await member(t);
    await withPrompts(t, cleo);
    await withPrompts(t, dana);
    expect(
      (await likeItem(cleo, dana, { likedItem: { kind: 'prompt', promptId: 'sunday' }, comment: 'First!' })).statusCode,
    ).toBe(201);
    const second = await likeItem(dana, cleo, {
      likedItem: { kind: 'prompt', promptId: 'comfort-brew' },
      comment: 'Second',
    });
    const secondMatch = second.json<SwipeResponse>().match?.id;
    if (!secondMatch) throw new Error('no match');
    await t.app.events.drain();
    // A page reads oldest to newest.
    expect((await messagesOf(cleo, secondMatch)).map((m) => [m.senderId, m.content])).toEqual([
      [cleo.user.id, 'First!'],
      [dana.user.id, 'Second'],
    ]);
  });

  it('nothing reaches a third member', async () => {
    const ana = await member(t, { name: 'Rowan' });
    const bea = await premiumMember(t);
    const eve = await premiumMember(t);
    await withPrompts(t, bea);
    expect(
      (await likeItem(ana, bea, { likedItem: { kind: 'prompt', promptId: 'sunday' }, comment: COMMENT })).statusCode,
    ).toBe(201);
    const back = await swipe(bea, ana);
    const matchId = back.json<SwipeResponse>().match?.id;
    if (!matchId) throw new Error('no match');
    await t.app.events.drain();

    const likes = await likesOf(eve);
    expect(likes.data.count).toBe(0);
    expect(likes.body).not.toContain('oolong');
    const chat = await eve.request('GET', `/api/messages/${matchId}`);
    expect(chat.statusCode).toBe(404);
    expect(chat.body).not.toContain('oolong');
    const exported = await eve.request('GET', '/api/account/export');
    expect(exported.body).not.toContain('oolong');
    // Bea's own export does not hold a comment she received either: it is Ana's.
    const beas = await bea.request('GET', '/api/account/export');
    expect(beas.json<AccountExport>().swipes.every((s) => s.comment === null)).toBe(true);
  });
});

describe('her data', () => {
  it('the export holds what she liked and her comment; deleting her account removes them', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const cleo = await member(t);
    await withPrompts(t, bea);
    const photo = await addPhoto(cleo);
    expect(
      (await likeItem(ana, bea, { likedItem: { kind: 'prompt', promptId: 'sunday' }, comment: COMMENT })).statusCode,
    ).toBe(201);
    expect((await likeItem(ana, cleo, { likedItem: { kind: 'photo', photoUrl: photo.url } })).statusCode).toBe(201);

    const exported = await ana.request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json<AccountExport>().swipes).toEqual([
      expect.objectContaining({
        targetUserId: bea.user.id,
        likedPromptId: 'sunday',
        likedPhotoId: null,
        comment: COMMENT,
      }),
      expect.objectContaining({
        targetUserId: cleo.user.id,
        likedPhotoId: photo.id,
        likedPromptId: null,
        comment: null,
      }),
    ]);

    expect((await ana.request('DELETE', '/api/account', { password: PASSWORD })).statusCode).toBe(200);
    await t.app.events.drain();
    const left = await t.database.db.select().from(swipes).where(eq(swipes.userId, ana.user.id));
    expect(left).toEqual([]);
    const beaSees = await likesOf(bea);
    expect(beaSees.data).toEqual({ count: 0, locked: true, entries: [], itemLikes: [] });
  });
});
