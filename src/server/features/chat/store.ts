import { randomUUID } from 'node:crypto';
import type { MessageType } from '../../../contract/chat';

/** One message to store; `recipientId` is the other member of `matchId`. */
export interface MessageToStore {
  matchId: string;
  senderId: string;
  recipientId: string;
  content: string;
  messageType: Exclude<MessageType, 'icebreaker'>;
  clientMessageId: string | null;
}

/** A batch as one array per column (the repository's insert `unnest`s them), with an id chosen here per message. */
export type MessageColumns = {
  ids: string[];
  matchIds: string[];
  senderIds: string[];
  recipientIds: string[];
  contents: string[];
  messageTypes: string[];
  clientMessageIds: (string | null)[];
};

const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 500;
/** How long a batch may wait for company when more messages are due meanwhile (see `StoreBatcher`). */
export const GATHER_MS = 12;
/** The window the arrival rate is counted over. */
const RATE_WINDOW_MS = 100;

interface Waiting<Row> {
  id: string;
  message: MessageToStore;
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/** Arrivals over the last full window: two counters, no timestamps kept. */
class ArrivalRate {
  private windowStart = 0;
  private current = 0;
  private previous = 0;

  constructor(private readonly now: () => number) {}

  arrive(): void {
    this.roll();
    this.current += 1;
  }

  /** How many arrivals the last full window's rate predicts within `ms`. */
  expectedWithin(ms: number): number {
    this.roll();
    return (this.previous * ms) / RATE_WINDOW_MS;
  }

  private roll(): void {
    const now = this.now();
    const elapsed = now - this.windowStart;
    if (elapsed < RATE_WINDOW_MS) return;
    this.previous = elapsed < 2 * RATE_WINDOW_MS ? this.current : 0;
    this.current = 0;
    this.windowStart = now;
  }
}

/**
 * Group commit for the message insert (the repository's `storeMessage`): messages that arrive while
 * earlier statements are in flight wait, and then go together as one statement (one round trip, one
 * commit, one WAL flush for all of them). A busy server holds at most MAX_IN_FLIGHT connections for
 * chat, whatever the rate, and leaves the rest of the pool to everything else. Before, every message
 * held a connection through its own commit, and at a few hundred messages a second the queue for
 * connections was where a message waited (docs/performance.md, "Chat collapse").
 *
 * A message that finds nothing in flight goes on the next turn of the event loop, unless the recent
 * rate says another is due within GATHER_MS: then it waits that long for company, as PostgreSQL's
 * `commit_delay` waits only when `commit_siblings` are active. A quiet server adds no latency; at
 * 400 messages a second, where every message used to pay a statement, a round trip and a wake-up of
 * its own, about five share them (docs/performance.md, "Session 28"; "Session 49" for why 12 ms:
 * 10–18 % less CPU per message than 5 ms, for 7 ms more at p99, inside chat's 25 ms). `insert` stores
 * the rows the rule lets through and returns them.
 */
export class StoreBatcher<Row extends { id: string }> {
  private queue: Waiting<Row>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly arrivals: ArrivalRate;

  constructor(
    private readonly insert: (columns: MessageColumns) => Promise<Row[]>,
    now: () => number = performance.now.bind(performance),
  ) {
    this.arrivals = new ArrivalRate(now);
  }

  add(message: MessageToStore): Promise<Row | undefined> {
    this.arrivals.arrive();
    return new Promise((resolve, reject) => {
      this.queue.push({ id: randomUUID(), message, resolve, reject });
      this.schedule(this.arrivals.expectedWithin(GATHER_MS) >= 1);
    });
  }

  /**
   * On the next turn of the event loop (frames read in the same turn go together), or after GATHER_MS
   * when company is due. Messages that queued behind a statement in flight go as soon as it ends.
   */
  private schedule(gather: boolean): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    const flush = () => {
      this.scheduled = false;
      while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        this.inFlight += 1;
        void this.store(batch).finally(() => {
          this.inFlight -= 1;
          this.schedule(false);
        });
      }
    };
    if (gather) setTimeout(flush, GATHER_MS);
    else setImmediate(flush);
  }

  private async store(batch: Waiting<Row>[]): Promise<void> {
    let rows: Row[];
    try {
      rows = await this.insert(columnsOf(batch));
    } catch (error) {
      // One bad row (a match dissolved meanwhile: its foreign key) must not fail the others: alone, each answers for itself.
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(batch.map((one) => this.store([one])));
      return;
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const waiting of batch) waiting.resolve(byId.get(waiting.id));
  }
}

function columnsOf<Row>(batch: Waiting<Row>[]): MessageColumns {
  return {
    ids: batch.map((w) => w.id),
    matchIds: batch.map((w) => w.message.matchId),
    senderIds: batch.map((w) => w.message.senderId),
    recipientIds: batch.map((w) => w.message.recipientId),
    contents: batch.map((w) => w.message.content),
    messageTypes: batch.map((w) => w.message.messageType),
    clientMessageIds: batch.map((w) => w.message.clientMessageId),
  };
}
