import type { MessageType } from '../../../contract/chat';
import { Lru } from '../../lib/lru';

export interface ChatActivity {
  messagesSent: number;
  icebreakersSent: number;
  /** Conversations where she answered a message of the other member. */
  conversationsRepliedIn: number;
}

/** Per conversation she wrote in: her counts, whether the other member wrote at all, and whether she replied. */
export type TallyRow = {
  match_id: string;
  sent: number;
  icebreakers: number;
  heard: boolean;
  replied: boolean;
};

interface Tally extends ChatActivity {
  /** Conversations she wrote in, and of those, the ones the other member wrote in. */
  wroteIn: Set<string>;
  heardIn: Set<string>;
  repliedIn: Set<string>;
}

const TALLY_TTL_MS = 60_000;

/**
 * What she has done in chat, as badges read it, kept in memory per member and moved by every message
 * this instance stores (`record`), so badge awarding after a message asks the database nothing.
 * Awarding used to count her messages in a statement after every message she sent; its cost grew with
 * her history (quadratically in a conversation the other member had not answered) and it shared the
 * connection pool with the inserts waiting to be acknowledged: that was the chat benchmark's collapse
 * (docs/performance.md, "Chat collapse"). The chat repository keeps one, loading from its `readTally`.
 *
 * A tally never counts ahead of the database, so no badge comes early: it is loaded from the
 * database; messages stored while it loads are not added on top (the load may or may not have seen
 * them); a message in a conversation it knows nothing of drops it, to be loaded again when next
 * asked. Messages stored by another instance reach it when it is loaded again: an entry lives
 * TALLY_TTL_MS, so with several instances a badge is at most that late, never wrong.
 */
export class ChatActivityTallies {
  private readonly entries = new Lru<Tally>({ max: 50_000, ttlMs: TALLY_TTL_MS });
  /** Members whose tally is being loaded: what arrives meanwhile is left to the next load. */
  private readonly loading = new Map<string, Promise<Tally>>();

  constructor(private readonly readTally: (userId: string) => Promise<TallyRow[]>) {}

  /** Her chat activity for badges: from memory, or one statement when this instance has none fresh. */
  async activityOf(userId: string): Promise<ChatActivity> {
    const tally = this.entries.get(userId) ?? (await this.load(userId));
    const { messagesSent, icebreakersSent, conversationsRepliedIn } = tally;
    return { messagesSent, icebreakersSent, conversationsRepliedIn };
  }

  /** A message this instance stored, after its commit: moves both members' tallies, in memory only. */
  record(message: { matchId: string; senderId: string; messageType: MessageType }, recipientId: string): void {
    const { entries, loading } = this;
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

  private load(userId: string): Promise<Tally> {
    const pending = this.loading.get(userId);
    if (pending) return pending;
    const readToken = this.entries.readToken();
    const loaded = this.readTally(userId)
      .then((rows) => {
        const tally = tallyOf(rows);
        this.entries.set(userId, tally, readToken);
        return tally;
      })
      .finally(() => this.loading.delete(userId));
    this.loading.set(userId, loaded);
    return loaded;
  }
}

function tallyOf(rows: TallyRow[]): Tally {
  const tally: Tally = {
    messagesSent: 0,
    icebreakersSent: 0,
    conversationsRepliedIn: 0,
    wroteIn: new Set(),
    heardIn: new Set(),
    repliedIn: new Set(),
  };
  for (const row of rows) {
    tally.messagesSent += Number(row.sent);
    tally.icebreakersSent += Number(row.icebreakers);
    tally.wroteIn.add(row.match_id);
    if (row.heard) tally.heardIn.add(row.match_id);
    if (row.replied) tally.repliedIn.add(row.match_id);
  }
  tally.conversationsRepliedIn = tally.repliedIn.size;
  return tally;
}
