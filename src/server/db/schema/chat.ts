import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ICEBREAKER_CATEGORIES } from '../../../contract/chat';
import { matches } from './matches';
import { users } from './users';

export const icebreakers = pgTable(
  'icebreakers',
  {
    id: uuid().primaryKey().defaultRandom(),
    matchId: uuid()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    category: text({ enum: ICEBREAKER_CATEGORIES }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('icebreakers_match_idx').on(t.matchId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    matchId: uuid()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    messageType: text({ enum: ['text', 'icebreaker'] })
      .notNull()
      .default('text'),
    icebreakerId: uuid().references(() => icebreakers.id, { onDelete: 'set null' }),
    /** Chosen by the client; a retry with the same id stores nothing new. */
    clientMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('messages_match_created_idx').on(t.matchId, t.createdAt, t.id),
    uniqueIndex('messages_sender_client_id_key').on(t.senderId, t.clientMessageId),
    // Unread counts on the chat list look only at unread rows, which stay few however long a thread grows.
    index('messages_unread_idx')
      .on(t.matchId, t.senderId)
      .where(sql`${t.readAt} is null`),
  ],
);

export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);
