import { randomUUID } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import type { MessageType } from '../../../contract/chat';
import { memberTable, notBlockedWith, notSuspendedRow } from '../../core';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/chat';
import type { MessageRow } from './access';
import { mayWrite } from './may-write';

/** One message to store; `recipientId` is the other member of `matchId`. */
export interface MessageToStore {
  matchId: string;
  senderId: string;
  recipientId: string;
  content: string;
  messageType: Exclude<MessageType, 'icebreaker'>;
  clientMessageId: string | null;
}

/**
 * Stores a message unless she may not be written to: the recipient is suspended, a block stands
 * between the two, or `mayWrite` says no — all checked in the statement that inserts, so none is
 * ever missed however the pair was looked up, on any instance — and not at all for a repeated
 * clientMessageId. Resolves with the stored row, or undefined for one of these; only after the
 * row is committed.
 *
 * Group commit: messages that arrive while earlier statements are in flight wait, and then go
 * together as one statement (one round trip, one commit, one WAL flush for all of them). A message
 * alone goes at once, so a quiet server adds no latency; a busy one holds at most MAX_IN_FLIGHT
 * connections for chat, whatever the rate, and leaves the rest of the pool to everything else.
 * Before, every message held a connection through its own commit, and at a few hundred messages a
 * second the queue for connections was where a message waited (docs/performance.md, "Chat collapse").
 */
export function storeUnlessRefused(db: Db, message: MessageToStore): Promise<MessageRow | undefined> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new StoreBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.add(message);
}

const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 500;

interface Waiting {
  id: string;
  message: MessageToStore;
  resolve: (row: MessageRow | undefined) => void;
  reject: (error: unknown) => void;
}

const batchers = new WeakMap<Db, StoreBatcher>();

class StoreBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private statement: ReturnType<typeof prepareStore> | undefined;

  constructor(private readonly db: Db) {}

  add(message: MessageToStore): Promise<MessageRow | undefined> {
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

  private async store(batch: Waiting[]): Promise<void> {
    let rows: MessageRow[];
    try {
      this.statement ??= prepareStore(this.db);
      rows = await this.statement.execute(columnsOf(batch));
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

/** The batch as one array per column, in the order of `unnest` below. */
function columnsOf(batch: Waiting[]) {
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

/**
 * Built once per database and prepared (named, so PostgreSQL plans it once per connection):
 * building it with Drizzle for every message cost more CPU than the rest of a send. Rows come from
 * her member row joined to the batch, so there is nothing to insert for a message she may not get.
 * Drizzle checks that the selected keys name every column of `messages` in table order.
 */
function prepareStore(db: Db) {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  const batch = sql`unnest(${p('ids', 'uuid')}, ${p('matchIds', 'uuid')}, ${p('senderIds', 'uuid')},
    ${p('recipientIds', 'uuid')}, ${p('contents', 'text')}, ${p('messageTypes', 'text')},
    ${p('clientMessageIds', 'text')}) as batch(id, match_id, sender_id, recipient_id, content, message_type, client_message_id)`;
  const column = (name: string) => sql.raw(`batch.${name}`);
  return db
    .insert(messages)
    .select(
      db
        .select({
          id: sql`${column('id')}`.as('id'),
          matchId: sql`${column('match_id')}`.as('match_id'),
          senderId: sql`${column('sender_id')}`.as('sender_id'),
          content: sql`${column('content')}`.as('content'),
          messageType: sql`${column('message_type')}`.as('message_type'),
          icebreakerId: sql`null::uuid`.as('icebreaker_id'),
          clientMessageId: sql`${column('client_message_id')}`.as('client_message_id'),
          createdAt: sql`now()`.as('created_at'),
          readAt: sql`null::timestamptz`.as('read_at'),
        })
        .from(batch)
        .innerJoin(memberTable, sql`${memberTable.id} = ${column('recipient_id')}`)
        .where(
          and(
            notSuspendedRow(memberTable.suspendedUntil),
            notBlockedWith(column('sender_id'), memberTable.id),
            mayWrite(column('sender_id'), column('recipient_id'), column('match_id')),
          ),
        ),
    )
    .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
    .returning()
    .prepare('chat_store_messages');
}
