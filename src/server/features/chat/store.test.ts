import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATHER_MS, StoreBatcher, type MessageColumns, type MessageToStore } from './store';

const message = (n: number): MessageToStore => ({
  matchId: `match-${n}`,
  senderId: `sender-${n}`,
  recipientId: `recipient-${n}`,
  content: `hello ${n}`,
  messageType: 'text',
  clientMessageId: null,
});

/** A batcher over an insert that stores every row at once, with a clock the test moves. */
function batcher() {
  let now = 0;
  const batches: number[] = [];
  const store = new StoreBatcher<{ id: string; content: string }>(
    (columns: MessageColumns) => {
      batches.push(columns.ids.length);
      return Promise.resolve(columns.ids.map((id, i) => ({ id, content: columns.contents[i]! })));
    },
    () => now,
  );
  const advance = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  /** 400 messages a second for `ms`, each stored as it goes. */
  const busy = async (ms: number) => {
    const stored: Promise<unknown>[] = [];
    for (let t = 0; t < ms; t += 2.5) {
      stored.push(store.add(message(t)));
      await advance(2.5);
    }
    await advance(GATHER_MS);
    await Promise.all(stored);
  };
  return { store, batches, advance, busy };
}

describe('group commit waits for company only when the rate says some is due', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] }));
  afterEach(() => vi.useRealTimers());

  it('sends a message alone at once on a quiet server', async () => {
    const { store, batches, advance } = batcher();
    const stored = store.add(message(1));
    await advance(0);
    expect(batches).toEqual([1]);
    await expect(stored).resolves.toMatchObject({ content: 'hello 1' });
  });

  it('holds a message for GATHER_MS when another is due, and stores what came meanwhile with it', async () => {
    const { store, batches, advance, busy } = batcher();
    await busy(200);
    expect(Math.max(...batches)).toBeGreaterThan(1);
    batches.length = 0;

    const first = store.add(message(100));
    await advance(GATHER_MS - 1);
    expect(batches).toEqual([]);
    const second = store.add(message(101));
    await advance(1);
    expect(batches).toEqual([2]);
    await expect(Promise.all([first, second])).resolves.toMatchObject([
      { content: 'hello 100' },
      { content: 'hello 101' },
    ]);
  });

  it('stops waiting once the rate falls', async () => {
    const { store, batches, advance, busy } = batcher();
    await busy(200);
    // Two quiet windows: the last full one saw nothing.
    await advance(250);
    batches.length = 0;
    const stored = store.add(message(200));
    await advance(0);
    expect(batches).toEqual([1]);
    await expect(stored).resolves.toMatchObject({ content: 'hello 200' });
  });
});
