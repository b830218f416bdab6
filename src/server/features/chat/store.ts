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

interface Waiting<Row> {
  id: string;
  message: MessageToStore;
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the message insert (the repository's `storeMessage`): messages that arrive while
 * earlier statements are in flight wait, and then go together as one statement (one round trip, one
 * commit, one WAL flush for all of them). A message alone goes at once, so a quiet server adds no
 * latency; a busy one holds at most MAX_IN_FLIGHT connections for chat, whatever the rate, and leaves
 * the rest of the pool to everything else. Before, every message held a connection through its own
 * commit, and at a few hundred messages a second the queue for connections was where a message waited
 * (docs/performance.md, "Chat collapse"). `insert` stores the rows the rule lets through and returns them.
 */
export class StoreBatcher<Row extends { id: string }> {
  private queue: Waiting<Row>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly insert: (columns: MessageColumns) => Promise<Row[]>) {}

  add(message: MessageToStore): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: randomUUID(), message, resolve, reject });
      this.schedule();
    });
  }

  /** On the next turn of the event loop: frames read in the same turn go together. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        this.inFlight += 1;
        void this.store(batch).finally(() => {
          this.inFlight -= 1;
          this.schedule();
        });
      }
    });
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
