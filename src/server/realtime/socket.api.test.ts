import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Message, MessagePage } from '../../contract/chat';
import { WS_MAX_PAYLOAD_BYTES } from '../../contract/realtime';
import { createMatch } from '../test/matches';
import { findUser } from '../core';
import { clientFor, sessionCookie, signUp, type Client } from '../test/harness';
import WebSocket from 'ws';
import { openSocket, UpgradeRefused, type TestSocket, useSocketTestApp } from './test-socket';

const app = useSocketTestApp();

/** Two matched users and an outsider, each with a connected socket. */
async function scene() {
  const [ana, bea, cleo] = [await signUp(app.t.app), await signUp(app.t.app), await signUp(app.t.app)];
  const matchId = await createMatch(app.t.database.db, ana.user.id, bea.user.id);
  const [anaSocket, beaSocket, cleoSocket] = [
    await app.socketOf(ana),
    await app.socketOf(bea),
    await app.socketOf(cleo),
  ];
  return { ana, bea, cleo, matchId, anaSocket, beaSocket, cleoSocket };
}

const messagesOf = async (client: Client, matchId: string) =>
  (await client.request('GET', `/api/messages/${matchId}`)).json<MessagePage>().messages;

/** What a socket heard of conversations: everything but its own `connected` and partners' presence. */
const heard = (socket: TestSocket) =>
  socket.frames.filter((f) => f.type !== 'connected' && f.type !== 'online_status').map((f) => f.type);

/** Frames travel through one in-process bus: once the addressee has a frame, anyone else would have it too. */
const settle = () => app.settle();

describe('the upgrade', () => {
  it('is refused with HTTP 401 without a session, so no socket opens', async () => {
    await expect(openSocket(app.baseUrl, undefined)).rejects.toEqual(new UpgradeRefused(401));
    await expect(openSocket(app.baseUrl, 'steep_session=forged-token')).rejects.toEqual(new UpgradeRefused(401));
  });

  it('is refused with 403 from a foreign Origin', async () => {
    const ana = await signUp(app.t.app);
    await expect(openSocket(app.baseUrl, ana.cookie, { origin: 'https://evil.example' })).rejects.toEqual(
      new UpgradeRefused(403),
    );
    const sameOrigin = await openSocket(app.baseUrl, ana.cookie, { origin: app.baseUrl });
    app.track(sameOrigin);
  });

  it('to any other path is answered over HTTP and its connection released', async () => {
    for (const path of ['/api/auth/me', '/no-such-page']) {
      const released = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${app.baseUrl.replace(/^http/, 'ws')}${path}`);
        ws.on('open', () => reject(new Error(`${path} upgraded`)));
        ws.on('unexpected-response', (_request, response) => {
          response.resume();
          response.socket.on('close', () => resolve(response.statusCode ?? 0));
        });
      });
      expect(released).toBe(path === '/no-such-page' ? 404 : 401);
    }
  });
});

describe('the auth frame', () => {
  it("with someone else's id gets an error, close 1008 and nothing else", async () => {
    const { ana, bea, matchId, beaSocket } = await scene();
    const impostor = await openSocket(app.baseUrl, ana.cookie);
    impostor.send({ type: 'auth', userId: bea.user.id });
    expect(await impostor.closed).toMatchObject({ code: 1008 });
    expect(impostor.frames).toEqual([
      { type: 'error', message: 'auth userId does not match your session', code: 'FORBIDDEN' },
    ]);

    // Bea's conversation goes on; the refused socket heard none of it.
    await ana.request('POST', '/api/messages', { matchId, content: 'hi' });
    await beaSocket.next('message');
    expect(impostor.frames.map((f) => f.type)).toEqual(['error']);
  });

  it('must come first: any other first frame is refused with 1008', async () => {
    const ana = await signUp(app.t.app);
    const socket = await openSocket(app.baseUrl, ana.cookie);
    socket.send({ type: 'typing', matchId: randomUUID() });
    expect(await socket.closed).toMatchObject({ code: 1008 });
    expect(socket.frames[0]).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
  });

  it('is answered with connected', async () => {
    const ana = await signUp(app.t.app);
    const socket = await app.socketOf(ana);
    expect(socket.frames).toEqual([{ type: 'connected', userId: ana.user.id }]);
  });
});

describe('messages in real time', () => {
  it('reach the other member at once with the full message, and echo to the sender as the acknowledgement', async () => {
    const { ana, bea, matchId, anaSocket, beaSocket, cleoSocket } = await scene();
    const clientMessageId = randomUUID();
    anaSocket.send({
      type: 'message',
      matchId,
      content: '  Hello over the socket  ',
      clientMessageId,
      userId: ana.user.id,
    });

    const received = await beaSocket.next('message');
    expect(received).toMatchObject({ type: 'message', matchId, senderId: ana.user.id });
    expect(received.message).toMatchObject({
      id: received.messageId,
      content: 'Hello over the socket',
      senderId: ana.user.id,
      messageType: 'text',
      clientMessageId,
      reactions: [],
    });
    const echo = await anaSocket.next('message');
    expect(echo.messageId).toBe(received.messageId);

    // Stored before delivery: it is there to read.
    expect((await messagesOf(bea, matchId)).map((m) => m.id)).toEqual([received.messageId]);
    await settle();
    expect(heard(cleoSocket)).toEqual([]);
  });

  it('sent over HTTP are delivered over the socket too, to every socket of the recipient', async () => {
    const { ana, bea, matchId, beaSocket } = await scene();
    const secondTab = await app.socketOf(bea);
    const sent = (await ana.request('POST', '/api/messages', { matchId, content: 'to all your tabs' })).json<Message>();
    expect((await beaSocket.next('message')).messageId).toBe(sent.id);
    expect((await secondTab.next('message')).messageId).toBe(sent.id);
  });

  it('from a non-member are refused with an error frame and stored nowhere', async () => {
    const { ana, matchId, beaSocket, cleoSocket } = await scene();
    const clientMessageId = randomUUID();
    cleoSocket.send({ type: 'message', matchId, content: 'let me in', clientMessageId });
    expect(await cleoSocket.next('error')).toMatchObject({ code: 'NOT_FOUND', clientMessageId });
    cleoSocket.send({ type: 'typing', matchId });
    expect(await cleoSocket.next('error', (f) => f.clientMessageId === undefined)).toMatchObject({ code: 'NOT_FOUND' });
    await settle();
    expect(await messagesOf(ana, matchId)).toEqual([]);
    expect(heard(beaSocket)).toEqual([]);
  });

  it('cannot spoof the sender: a frame naming another userId is refused', async () => {
    const { ana, bea, matchId, anaSocket, beaSocket } = await scene();
    beaSocket.send({ type: 'message', matchId, content: 'I am Ana', userId: ana.user.id, clientMessageId: 'x1' });
    expect(await beaSocket.next('error')).toMatchObject({ code: 'FORBIDDEN', clientMessageId: 'x1' });
    await settle();
    expect(await messagesOf(bea, matchId)).toEqual([]);
    expect(heard(anaSocket)).toEqual([]);
  });

  it.each([
    ['blank', '   '],
    ['over 2000 characters', 'z'.repeat(2001)],
  ])('that are %s get a validation error frame', async (_case, content) => {
    const { bea, matchId, anaSocket } = await scene();
    anaSocket.send({ type: 'message', matchId, content, clientMessageId: 'bad' });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await messagesOf(bea, matchId)).toEqual([]);
  });

  it('with the same clientMessageId twice are stored once and delivered once; the retry is acknowledged', async () => {
    const { bea, matchId, anaSocket, beaSocket } = await scene();
    const clientMessageId = randomUUID();
    anaSocket.send({ type: 'message', matchId, content: 'only once', clientMessageId });
    anaSocket.send({ type: 'message', matchId, content: 'only once', clientMessageId });
    await beaSocket.next('message');
    // The retry is answered after the first is stored (her frames are handled in order).
    await vi.waitFor(() => expect(anaSocket.frames.filter((f) => f.type === 'message')).toHaveLength(2), {
      timeout: 3_000,
    });
    const acks = anaSocket.frames.filter((f) => f.type === 'message');
    expect(new Set(acks.map((f) => f.type === 'message' && f.messageId)).size).toBe(1);
    expect(beaSocket.frames.filter((f) => f.type === 'message')).toHaveLength(1);
    expect(await messagesOf(bea, matchId)).toHaveLength(1);
  });

  it('sent in a row over one socket are stored in that order', async () => {
    const { bea, matchId, anaSocket, beaSocket } = await scene();
    for (let i = 1; i <= 10; i++) anaSocket.send({ type: 'message', matchId, content: `n${i}` });
    await beaSocket.next('message', (f) => f.message.content === 'n10');
    expect((await messagesOf(bea, matchId)).map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `n${i + 1}`),
    );
  });

  it('missed while disconnected are recovered through the API after reconnecting', async () => {
    const { ana, bea, matchId, beaSocket } = await scene();
    await ana.request('POST', '/api/messages', { matchId, content: 'seen live' });
    await beaSocket.next('message');
    await beaSocket.close();
    for (const content of ['missed 1', 'missed 2', 'missed 3'])
      await ana.request('POST', '/api/messages', { matchId, content });

    const back = await app.socketOf(bea);
    expect(heard(back)).toEqual([]);
    expect((await messagesOf(bea, matchId)).map((m) => m.content)).toEqual([
      'seen live',
      'missed 1',
      'missed 2',
      'missed 3',
    ]);
    await ana.request('POST', '/api/messages', { matchId, content: 'live again' });
    expect((await back.next('message')).message.content).toBe('live again');
  });
});

describe('typing and read receipts', () => {
  it('typing reaches only the other member', async () => {
    const { ana, matchId, anaSocket, beaSocket, cleoSocket } = await scene();
    const anaSecondTab = await app.socketOf(ana);
    anaSocket.send({ type: 'typing', matchId, userId: ana.user.id });
    expect(await beaSocket.next('typing')).toEqual({ type: 'typing', matchId, userId: ana.user.id });
    anaSocket.send({ type: 'stop_typing', matchId });
    expect(await beaSocket.next('stop_typing')).toEqual({ type: 'stop_typing', matchId, userId: ana.user.id });
    await settle();
    expect(heard(cleoSocket)).toEqual([]);
    expect(heard(anaSocket)).toEqual([]);
    expect(heard(anaSecondTab)).toEqual([]);
  });

  it('a closing socket ends its typing indicator', async () => {
    const { ana, matchId, beaSocket } = await scene();
    const typist = await app.socketOf(ana);
    typist.send({ type: 'typing', matchId });
    await beaSocket.next('typing');
    await typist.close();
    expect(await beaSocket.next('stop_typing')).toMatchObject({ matchId, userId: ana.user.id });
  });

  it("a read receipt reaches the sender and the reader's other devices, from the socket and from HTTP alike", async () => {
    const { ana, bea, matchId, anaSocket, beaSocket, cleoSocket } = await scene();
    const beaPhone = await app.socketOf(bea);
    const first = (await ana.request('POST', '/api/messages', { matchId, content: 'one' })).json<Message>();
    const second = (await ana.request('POST', '/api/messages', { matchId, content: 'two' })).json<Message>();
    await beaSocket.next('message', (f) => f.messageId === second.id);

    beaSocket.send({ type: 'read_receipt', messageId: first.id });
    const receipt = await anaSocket.next('read_receipt');
    expect(receipt).toMatchObject({ messageId: first.id, matchId });
    expect(Number.isNaN(Date.parse(receipt.readAt))).toBe(false);

    // Her other device hears it too, so its unread count can drop without a reload.
    expect(await beaPhone.next('read_receipt', (f) => f.messageId === first.id)).toMatchObject({ matchId });
    const unreadOf = async () =>
      (await bea.request('GET', '/api/matches'))
        .json<Array<{ id: string; unreadCount?: number }>>()
        .find((m) => m.id === matchId)?.unreadCount;
    expect(await unreadOf()).toBe(1);

    expect((await bea.request('PUT', `/api/messages/${second.id}/read`)).statusCode).toBe(200);
    await anaSocket.next('read_receipt', (f) => f.messageId === second.id);
    await beaPhone.next('read_receipt', (f) => f.messageId === second.id);
    await beaSocket.next('read_receipt', (f) => f.messageId === second.id);
    expect(await unreadOf()).toBe(0);
    await settle();
    expect(heard(cleoSocket)).toEqual([]);

    // Her own message cannot be "read" by the sender.
    anaSocket.send({ type: 'read_receipt', messageId: first.id });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('presence', () => {
  it('tells her matches (only) when she comes online and goes offline, and updates lastActive', async () => {
    const [ana, bea, cleo] = [await signUp(app.t.app), await signUp(app.t.app), await signUp(app.t.app)];
    await createMatch(app.t.database.db, ana.user.id, bea.user.id);
    const [anaSocket, cleoSocket] = [await app.socketOf(ana), await app.socketOf(cleo)];

    const beaSocket = await app.socketOf(bea);
    const online = await anaSocket.next('online_status', (f) => f.userId === bea.user.id);
    expect(online.isOnline).toBe(true);
    const secondTab = await app.socketOf(bea);
    await beaSocket.close();
    await settle();
    // Still online through her second tab.
    expect(anaSocket.frames.filter((f) => f.type === 'online_status')).toHaveLength(1);

    await secondTab.close();
    const offline = await anaSocket.next('online_status', (f) => f.userId === bea.user.id && !f.isOnline);
    expect(Date.parse(offline.lastActive ?? '')).toBeGreaterThanOrEqual(Date.parse(online.lastActive ?? ''));
    const stored = await findUser(app.t.database.db, bea.user.id);
    expect(stored?.lastActiveAt?.toISOString()).toBe(offline.lastActive);
    expect(cleoSocket.frames.some((f) => f.type === 'online_status')).toBe(false);
  });

  it("keeps a ghost's comings and goings from her matches", async () => {
    const [ana, ghost] = [await signUp(app.t.app), await signUp(app.t.app)];
    await createMatch(app.t.database.db, ana.user.id, ghost.user.id);
    await ghost.request('POST', `/api/grant-test-subscription/${ghost.user.id}`);
    expect(
      (await ghost.request('POST', `/api/users/${ghost.user.id}/ghost-mode`, { ghostMode: true })).statusCode,
    ).toBe(200);
    const anaSocket = await app.socketOf(ana);
    const ghostSocket = await app.socketOf(ghost);
    await ghostSocket.close();
    await settle();
    expect(anaSocket.frames.some((f) => f.type === 'online_status')).toBe(false);
  });

  it('shows live socket presence in the match list, not just recent activity', async () => {
    const [ana, bea] = [await signUp(app.t.app), await signUp(app.t.app)];
    await createMatch(app.t.database.db, ana.user.id, bea.user.id);
    const beaOnline = async () =>
      (await ana.request('GET', '/api/matches')).json<Array<{ otherUser: { isOnline: boolean } }>>()[0]?.otherUser
        .isOnline;
    // Bea signed up a moment ago (recently active) but has no socket: not online.
    expect(await beaOnline()).toBe(false);
    const anaSocket = await app.socketOf(ana);
    const beaSocket = await app.socketOf(bea);
    await anaSocket.next('online_status', (f) => f.userId === bea.user.id && f.isOnline);
    expect(await beaOnline()).toBe(true);
    await beaSocket.close();
    await anaSocket.next('online_status', (f) => f.userId === bea.user.id && !f.isOnline);
    expect(await beaOnline()).toBe(false);
  });
});

describe('protection', () => {
  it('answers invalid JSON, unknown types and bad fields with error frames and keeps the socket', async () => {
    const { matchId, anaSocket, beaSocket } = await scene();
    anaSocket.send('{not json');
    expect(await anaSocket.next('error')).toMatchObject({ code: 'INVALID_FRAME', message: 'Frames must be JSON' });
    anaSocket.send({ type: 'teleport', matchId });
    expect(await anaSocket.next('error', (f) => f.message === 'Unknown frame type')).toMatchObject({
      code: 'INVALID_FRAME',
    });
    anaSocket.send({ type: 'typing', matchId: 'not-a-uuid' });
    expect(await anaSocket.next('error', (f) => f.code === 'VALIDATION_ERROR')).toBeDefined();
    anaSocket.send([1, 2, 3]);
    anaSocket.send('null');
    anaSocket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    anaSocket.send({ type: 'typing', matchId });
    await beaSocket.next('typing');
    expect(anaSocket.ws.readyState).toBe(anaSocket.ws.OPEN);
  });

  it('closes with 1009 on a frame over 64 KiB', async () => {
    const { matchId, anaSocket } = await scene();
    anaSocket.send({ type: 'message', matchId, content: 'x'.repeat(WS_MAX_PAYLOAD_BYTES) });
    expect((await anaSocket.closed).code).toBe(1009);
  });

  it('drops frames past the rate limit with an error, and closes a socket that keeps flooding', async () => {
    const { matchId, anaSocket, beaSocket } = await scene();
    for (let i = 0; i < 60; i++) anaSocket.send({ type: 'stop_typing', matchId });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'RATE_LIMITED' });
    expect(anaSocket.ws.readyState).toBe(anaSocket.ws.OPEN);

    const flooder = await app.socketOf((await scene()).ana);
    for (let i = 0; i < 400; i++) flooder.send({ type: 'stop_typing', matchId });
    expect((await flooder.closed).code).toBe(1008);
    expect(beaSocket.ws.readyState).toBe(beaSocket.ws.OPEN);
  });

  it('closes the sockets of a session at logout, and only those', async () => {
    const bea = await signUp(app.t.app);
    const login = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: bea.user.username, password: 'Secret_123' },
    });
    const otherDevice = clientFor(app.t.app, bea.user, sessionCookie(login));
    const [phone, laptop] = [await app.socketOf(bea), await app.socketOf(otherDevice)];
    expect((await bea.request('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect(await phone.closed).toMatchObject({ code: 1008, reason: 'Session ended' });
    await settle();
    expect(laptop.ws.readyState).toBe(laptop.ws.OPEN);
    await expect(openSocket(app.baseUrl, bea.cookie)).rejects.toEqual(new UpgradeRefused(401));
  });

  it('stops typing and messages between a blocked pair at once', async () => {
    const { ana, bea, matchId, anaSocket, beaSocket } = await scene();
    beaSocket.send({ type: 'typing', matchId });
    await anaSocket.next('typing');
    beaSocket.send({ type: 'stop_typing', matchId });
    await anaSocket.next('stop_typing');

    expect((await ana.request('POST', '/api/blocks', { blockedUserId: bea.user.id })).statusCode).toBe(201);
    beaSocket.send({ type: 'typing', matchId });
    expect(await beaSocket.next('error')).toMatchObject({ code: 'NOT_FOUND' });
    beaSocket.send({ type: 'message', matchId, content: 'are you there?', clientMessageId: 'after-block' });
    expect(await beaSocket.next('error', (f) => f.clientMessageId === 'after-block')).toMatchObject({
      code: 'NOT_FOUND',
    });
    await settle();
    expect(anaSocket.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
    expect(anaSocket.frames.some((f) => f.type === 'message')).toBe(false);
  });
});
