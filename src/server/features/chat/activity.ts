import { sql } from 'drizzle-orm';
import type { MessageType } from '../../../contract/chat';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/chat';
import { Lru } from '../../lib/lru';

export interface ChatActivity {
  messagesSent: number;
  icebreakersSent: number;
  /** Conversations where she answered a message of the other member. */
  conversationsRepliedIn: number;
}

/**
 * What she has done in chat, as badges read it, kept in memory per member and moved by every message
 * this instance stores (`recordChatActivity`), so badge awarding after a message asks the database
 * nothing. Awarding used to count her messages in a statement after every message she sent; its cost
 * grew with her history (quadratically in a conversation the other member had not answered) and it
 * shared the connection pool with the inserts waiting to be acknowledged: that was the chat
 * benchmark's collapse (docs/performance.md, "Chat collapse").
 *
 * A tally never counts ahead of the database, so no badge comes early: it is loaded from the
 * database; messages stored while it loads are not added on top (the load may or may not have seen
 * them); a message in a conversation it knows nothing of drops it, to be loaded again when next
 * asked. Messages stored by another instance reach it when it is loaded again: an entry lives
 * TALLY_TTL_MS, so with several instances a badge is at most that late, never wrong.
 */
interface Tally extends ChatActivity {
  /** Conversations she wrote in, and of those, the ones the other member wrote in. */
  wroteIn: Set<string>;
  heardIn: Set<string>;
  repliedIn: Set<string>;
}

const TALLY_TTL_MS = 60_000;

interface Tallies {
  entries: Lru<Tally>;
  /** Members whose tally is being loaded: what arrives meanwhile is left to the next load. */
  loading: Map<string, Promise<Tally>>;
}

const talliesByDb = new WeakMap<Db, Tallies>();

function talliesOf(db: Db): Tallies {
  let tallies = talliesByDb.get(db);
  if (!tallies) {
    tallies = { entries: new Lru<Tally>({ max: 50_000, ttlMs: TALLY_TTL_MS }), loading: new Map() };
    talliesByDb.set(db, tallies);
  }
  return tallies;
}

/** Her chat activity for badges: from memory, or one statement when this instance has none fresh. */
export async function chatActivityOf(db: Db, userId: string): Promise<ChatActivity> {
  const { entries, loading } = talliesOf(db);
  const tally = entries.get(userId) ?? (await load(db, userId, entries, loading));
  const { messagesSent, icebreakersSent, conversationsRepliedIn } = tally;
  return { messagesSent, icebreakersSent, conversationsRepliedIn };
}

function load(db: Db, userId: string, entries: Lru<Tally>, loading: Tallies['loading']): Promise<Tally> {
  const pending = loading.get(userId);
  if (pending) return pending;
  const readToken = entries.readToken();
  const loaded = readTally(db, userId)
    .then((tally) => {
      entries.set(userId, tally, readToken);
      return tally;
    })
    .finally(() => loading.delete(userId));
  loading.set(userId, loaded);
  return loaded;
}

/** A message this instance stored, after its commit: moves both members' tallies, in memory only. */
export function recordChatActivity(
  db: Db,
  message: { matchId: string; senderId: string; messageType: MessageType },
  recipientId: string,
): void {
  const { entries, loading } = talliesOf(db);
  const { matchId, senderId } = message;
  if (!loading.has(recipientId)) entries.get(recipientId)?.heardIn.add(matchId);
  if (loading.has(senderId)) return;
  const mine = entries.get(senderId);
  if (!mine) return;
  if (!mine.wroteIn.has(matchId)) {
    // Her first message here since the load: whether the other member wrote before is not known here.
    entries.delete(senderId);
    return;
  }
  mine.messagesSent += 1;
  if (message.messageType === 'icebreaker') mine.icebreakersSent += 1;
  if (mine.heardIn.has(matchId) && !mine.repliedIn.has(matchId)) {
    mine.repliedIn.add(matchId);
    mine.conversationsRepliedIn += 1;
  }
}

/**
 * One statement, linear in her messages: per conversation she wrote in, her counts, whether the other
 * member wrote at all, and whether her last message came after the other's first (she replied).
 */
type TallyRow = {
  match_id: string;
  sent: number;
  icebreakers: number;
  heard: boolean;
  replied: boolean;
};

async function readTally(db: Db, userId: string): Promise<Tally> {
  const result = (await db.execute<TallyRow>(sql`
    with mine as (
      select ${messages.matchId} as match_id, count(*)::int as sent,
        (count(*) filter (where ${messages.messageType} = 'icebreaker'))::int as icebreakers,
        max(${messages.createdAt}) as last_at
      from ${messages} where ${messages.senderId} = ${userId}
      group by ${messages.matchId}
    ), theirs as (
      select mine.*, (
        select min(t.created_at) from ${messages} t where t.match_id = mine.match_id and t.sender_id <> ${userId}
      ) as first_theirs
      from mine
    )
    select match_id, sent, icebreakers, first_theirs is not null as heard,
      coalesce(first_theirs < last_at, false) as replied
    from theirs`)) as { rows: TallyRow[] };
  const tally: Tally = {
    messagesSent: 0,
    icebreakersSent: 0,
    conversationsRepliedIn: 0,
    wroteIn: new Set(),
    heardIn: new Set(),
    repliedIn: new Set(),
  };
  for (const row of result.rows) {
    tally.messagesSent += Number(row.sent);
    tally.icebreakersSent += Number(row.icebreakers);
    tally.wroteIn.add(row.match_id);
    if (row.heard) tally.heardIn.add(row.match_id);
    if (row.replied) tally.repliedIn.add(row.match_id);
  }
  tally.conversationsRepliedIn = tally.repliedIn.size;
  return tally;
}
