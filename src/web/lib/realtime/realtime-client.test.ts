import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contract/chat';
import { parseServerFrame } from '../../../contract/realtime';
import { RealtimeClient, reconnectDelayMs, socketUrlFor, type SocketLike } from './realtime-client';

// Its texts are in the catalogue (decision 0023): the source language, English, here.
i18n.loadAndActivate({ locale: 'en', messages: {} });

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server side of the fake. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

const USER = '11111111-1111-4111-8111-111111111111';
const MATCH = '22222222-2222-4222-8222-222222222222';

function storedMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    matchId: MATCH,
    senderId: USER,
    content: 'Hello',
    messageType: 'text',
    icebreakerId: null,
    clientMessageId: 'c-1',
    createdAt: '2025-06-15T12:00:00.000Z',
    readAt: null,
    reactions: [],
    media: null,
    ...overrides,
  };
}

describe('RealtimeClient', () => {
  let sockets: FakeSocket[];
  let client: RealtimeClient;
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  };
  const connectAndAuth = () => {
    client.connect(USER);
    latest().open();
    latest().receive({ type: 'connected', userId: USER });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sockets = [];
    client = new RealtimeClient({
      url: 'ws://example.test/ws',
      parseFrame: parseServerFrame,
      ackTimeoutMs: 1_000,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    });
  });

  afterEach(() => {
    client.disconnect();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('doubles the reconnect delay from 1 s and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('builds ws: or wss: on the page host', () => {
    expect(socketUrlFor({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(socketUrlFor({ protocol: 'https:', host: 'steep.app' })).toBe('wss://steep.app/ws');
  });

  it('sends auth first and is connected only once the server answers connected', () => {
    client.connect(USER);
    expect(client.getSnapshot().status).toBe('connecting');
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', userId: USER }]);
    expect(client.send({ type: 'typing', matchId: MATCH })).toBe(false);
    latest().receive({ type: 'connected', userId: USER });
    expect(client.getSnapshot()).toEqual({ status: 'connected', error: null, gaveUp: false, offline: false });
    expect(client.send({ type: 'typing', matchId: MATCH })).toBe(true);
    expect(latest().sent.at(-1)).toEqual({ type: 'typing', matchId: MATCH, userId: USER });
  });

  it('retries an unintended close 5 times with doubling delays, then gives up', () => {
    connectAndAuth();
    latest().drop();
    expect(client.getSnapshot()).toMatchObject({ status: 'disconnected', error: 'Connection failed' });

    const waits = [1_000, 2_000, 4_000, 8_000, 16_000];
    for (const wait of waits) {
      const before = sockets.length;
      vi.advanceTimersByTime(wait - 1);
      expect(sockets.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets.length).toBe(before + 1);
      latest().drop();
    }
    expect(client.getSnapshot().gaveUp).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1 + waits.length);
  });

  it('starts counting again after a good connection', () => {
    connectAndAuth();
    latest().drop();
    vi.advanceTimersByTime(1_000);
    latest().open();
    latest().receive({ type: 'connected', userId: USER });
    latest().drop();
    const before = sockets.length;
    vi.advanceTimersByTime(1_000);
    expect(sockets.length).toBe(before + 1);
  });

  it('does not retry a close with code 1000, but can be asked to reconnect', () => {
    connectAndAuth();
    latest().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.getSnapshot()).toMatchObject({ status: 'disconnected', gaveUp: true });
    client.retryNow();
    expect(sockets).toHaveLength(2);
    expect(client.getSnapshot()).toMatchObject({ status: 'connecting', gaveUp: false });
  });

  it('closes at once when the device goes offline, spends no retry meanwhile, and connects when it is back', () => {
    connectAndAuth();
    const socket = latest();
    client.goOffline();
    expect(socket.closedWith).toBe(1000);
    expect(client.getSnapshot()).toEqual({
      status: 'disconnected',
      error: "You're offline",
      gaveUp: false,
      offline: true,
    });
    expect(client.send({ type: 'typing', matchId: MATCH })).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    client.retryNow();
    expect(sockets).toHaveLength(2);
    expect(client.getSnapshot()).toMatchObject({ status: 'connecting', offline: false });
    latest().open();
    latest().receive({ type: 'connected', userId: USER });
    expect(client.getSnapshot()).toEqual({ status: 'connected', error: null, gaveUp: false, offline: false });
  });

  it('closes with 1000 on disconnect and never reconnects', () => {
    connectAndAuth();
    const socket = latest();
    client.disconnect();
    expect(socket.closedWith).toBe(1000);
    expect(client.getSnapshot().status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('reports a socket that cannot be created as "Failed to connect" and retries', () => {
    let fail = true;
    const flaky = new RealtimeClient({
      parseFrame: parseServerFrame,
      url: 'ws://example.test/ws',
      createSocket: (url) => {
        if (fail) throw new Error('blocked');
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    });
    flaky.connect(USER);
    expect(flaky.getSnapshot()).toMatchObject({ status: 'disconnected', error: 'Failed to connect' });
    fail = false;
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(1);
    flaky.disconnect();
  });

  it('opened with no network, says she is offline and tries nothing until the network is back', () => {
    let online = false;
    const made: FakeSocket[] = [];
    const cut = new RealtimeClient({
      parseFrame: parseServerFrame,
      url: 'ws://example.test/ws',
      isOnline: () => online,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        made.push(socket);
        return socket;
      },
    });
    cut.connect(USER);
    expect(cut.getSnapshot()).toEqual({
      status: 'disconnected',
      error: "You're offline",
      gaveUp: false,
      offline: true,
    });
    vi.advanceTimersByTime(120_000);
    expect(made).toHaveLength(0);
    online = true;
    cut.retryNow();
    expect(made).toHaveLength(1);
    expect(cut.getSnapshot()).toMatchObject({ status: 'connecting', offline: false });
    cut.disconnect();
  });

  it('turns a server error frame into the connection error, "Unknown error" when blank', () => {
    connectAndAuth();
    latest().receive({ type: 'error', message: 'Slow down' });
    expect(client.getSnapshot().error).toBe('Slow down');
    latest().receive({ type: 'error', message: '' });
    expect(client.getSnapshot().error).toBe('Unknown error');
  });

  it('calls the handlers registered for a type with parsed frames, and stops after removal', () => {
    connectAndAuth();
    const typing = vi.fn();
    const off = client.on('typing', typing);
    latest().receive({ type: 'typing', matchId: MATCH, userId: 'other' });
    latest().receive({ type: 'stop_typing', matchId: MATCH, userId: 'other' });
    latest().receive({ type: 'typing', matchId: 42 });
    expect(typing).toHaveBeenCalledTimes(1);
    expect(typing).toHaveBeenCalledWith({ type: 'typing', matchId: MATCH, userId: 'other' });
    off();
    latest().receive({ type: 'typing', matchId: MATCH, userId: 'other' });
    expect(typing).toHaveBeenCalledTimes(1);
  });

  it('resolves a socket send with the echoed message carrying the same clientMessageId', async () => {
    connectAndAuth();
    const sending = client.sendMessage({ matchId: MATCH, content: 'Hello', clientMessageId: 'c-1' });
    expect(latest().sent.at(-1)).toEqual({
      type: 'message',
      matchId: MATCH,
      content: 'Hello',
      clientMessageId: 'c-1',
      userId: USER,
    });
    const other = storedMessage({ id: '44444444-4444-4444-8444-444444444444', clientMessageId: 'c-0' });
    latest().receive({ type: 'message', matchId: MATCH, senderId: USER, messageId: other.id, message: other });
    const mine = storedMessage();
    latest().receive({ type: 'message', matchId: MATCH, senderId: USER, messageId: mine.id, message: mine });
    await expect(sending).resolves.toEqual(mine);
  });

  it('rejects a socket send on a refusal, a dropped socket, or silence', async () => {
    connectAndAuth();
    const refused = client.sendMessage({ matchId: MATCH, content: 'Hello', clientMessageId: 'c-2' });
    latest().receive({ type: 'error', message: 'Conversation not found', code: 'NOT_FOUND', clientMessageId: 'c-2' });
    await expect(refused).rejects.toMatchObject({ name: 'SocketSendError', code: 'NOT_FOUND' });
    // A refused send is not a connection error.
    expect(client.getSnapshot().error).toBeNull();

    const dropped = client.sendMessage({ matchId: MATCH, content: 'Hello', clientMessageId: 'c-3' });
    latest().drop();
    await expect(dropped).rejects.toMatchObject({ message: 'Connection lost' });

    vi.advanceTimersByTime(1_000);
    latest().open();
    latest().receive({ type: 'connected', userId: USER });
    const silent = client.sendMessage({ matchId: MATCH, content: 'Hello', clientMessageId: 'c-4' });
    vi.advanceTimersByTime(1_000);
    await expect(silent).rejects.toMatchObject({ message: 'No acknowledgement' });

    client.disconnect();
    await expect(client.sendMessage({ matchId: MATCH, content: 'Hi', clientMessageId: 'c-5' })).rejects.toMatchObject({
      message: 'Not connected',
    });
  });
});
