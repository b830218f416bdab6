import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createLocalBus, type BusMessage, type RealtimeBus } from './bus';
import { Hub, sendRaw, SLOW_CONSUMER_BYTES, type Connection } from './hub';
import { SocketSession, type SocketContext } from './socket-session';

/** Just enough of a ws socket for delivery rules. */
function fakeSocket(bufferedAmount = 0) {
  const socket = Object.assign(new EventEmitter(), {
    readyState: Number(WebSocket.OPEN),
    bufferedAmount,
    sent: [] as string[],
    closedWith: undefined as number | undefined,
    send(data: string) {
      this.sent.push(data);
    },
    close(code: number) {
      this.closedWith = code;
      this.readyState = WebSocket.CLOSED;
    },
    terminate: vi.fn(),
  });
  return socket;
}
const asWs = (socket: ReturnType<typeof fakeSocket>) => socket as unknown as WebSocket;

function hubWith(bus: RealtimeBus = createLocalBus()) {
  const events = { firstLocalSocket: vi.fn(), lastLocalSocket: vi.fn(), pairRevoked: vi.fn() };
  return { hub: new Hub(bus, events), events, bus };
}

const connection = (
  userId: string,
  tokenHash = 'h',
  socket = fakeSocket(),
): Connection & { raw: ReturnType<typeof fakeSocket> } => ({
  socket: asWs(socket),
  userId,
  tokenHash,
  raw: socket,
});

describe('sendRaw', () => {
  it('drops a consumer whose unsent data is over the cap instead of buffering more', () => {
    const slow = fakeSocket(SLOW_CONSUMER_BYTES + 1);
    sendRaw(asWs(slow), 'frame');
    expect(slow.terminate).toHaveBeenCalled();
    expect(slow.sent).toEqual([]);
    const fine = fakeSocket(SLOW_CONSUMER_BYTES - 1);
    sendRaw(asWs(fine), 'frame');
    expect(fine.sent).toEqual(['frame']);
  });

  it('skips sockets that are not open', () => {
    const closed = fakeSocket();
    closed.readyState = WebSocket.CLOSING;
    sendRaw(asWs(closed), 'frame');
    expect(closed.sent).toEqual([]);
  });
});

describe('Hub', () => {
  it('delivers a typed frame to every socket of the addressed users only', () => {
    const { hub } = hubWith();
    const [ana1, ana2, bea, cleo] = [connection('ana'), connection('ana'), connection('bea'), connection('cleo')];
    for (const c of [ana1, ana2, bea, cleo]) hub.add(c);
    hub.emitToUser(['ana', 'bea'], 'typing', { matchId: 'm', userId: 'x' });
    const frame = JSON.stringify({ type: 'typing', matchId: 'm', userId: 'x' });
    expect([ana1, ana2, bea].map((c) => c.raw.sent)).toEqual([[frame], [frame], [frame]]);
    expect(cleo.raw.sent).toEqual([]);
  });

  it('reports first and last local sockets of a user', () => {
    const { hub, events } = hubWith();
    const [a, b] = [connection('ana'), connection('ana')];
    hub.add(a);
    hub.add(b);
    expect(events.firstLocalSocket).toHaveBeenCalledTimes(1);
    hub.remove(a);
    expect(events.lastLocalSocket).not.toHaveBeenCalled();
    hub.remove(b);
    hub.remove(b);
    expect(events.lastLocalSocket).toHaveBeenCalledTimes(1);
    expect(hub.localUserIds()).toEqual([]);
  });

  it('closes exactly the sockets of an ended session', () => {
    const { hub } = hubWith();
    const [phone, laptop] = [connection('ana', 'session-1'), connection('ana', 'session-2')];
    hub.add(phone);
    hub.add(laptop);
    hub.endSession('session-1');
    expect(phone.raw.closedWith).toBe(1008);
    expect(laptop.raw.closedWith).toBeUndefined();
  });

  it('passes revoked pairs on, and makes every socket reconnect after a bus gap', () => {
    let gap: (() => void) | undefined;
    const listeners: Array<(m: BusMessage) => void> = [];
    const bus: RealtimeBus = {
      publish: (m) => listeners.forEach((l) => l(m)),
      subscribe: (l) => (listeners.push(l), () => {}),
      onGap: (l) => ((gap = l), () => {}),
      connected: () => true,
      delivered: () => Promise.resolve(),
      close: async () => {},
    };
    const { hub, events } = hubWith(bus);
    const ana = connection('ana');
    hub.add(ana);
    hub.revokePair(['ana', 'bea']);
    expect(events.pairRevoked).toHaveBeenCalledWith(['ana', 'bea']);
    gap?.();
    expect(ana.raw.closedWith).toBe(1012);
  });
});

describe('SocketSession', () => {
  it('closes a socket that sends no auth frame in time, with an error frame first', async () => {
    const raw = fakeSocket();
    const context = { authTimeoutMs: 20, hub: hubWith().hub } as unknown as SocketContext;
    vi.useFakeTimers();
    try {
      new SocketSession(asWs(raw), 'ana', 'h', 'token', context);
      await vi.advanceTimersByTimeAsync(20);
    } finally {
      vi.useRealTimers();
    }
    expect(raw.closedWith).toBe(1008);
    expect(JSON.parse(raw.sent[0] ?? '{}')).toMatchObject({ type: 'error', code: 'UNAUTHENTICATED' });
  });
});
