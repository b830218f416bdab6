import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ICEBREAKER_CATEGORIES, MESSAGE_TYPES } from '../../../contract/chat';
import { MEDIA_KINDS } from '../../../contract/chat-media';
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
    /** The language `message` is written in (the asker's): a set is offered again only in its own language. */
    language: text().notNull().default('en'),
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
    messageType: text({ enum: MESSAGE_TYPES }).notNull().default('text'),
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

/**
 * The photo or voice note of a message, in the private chat-media store under `storageKey`.
 * Uploaded first (`messageId` null), then claimed once by the message that sends it. The references
 * to the match and the uploader are SET NULL, not CASCADE: when the conversation or an account goes,
 * the row stays behind without them so the clean-up job still knows which file to delete.
 */
export const chatMedia = pgTable(
  'chat_media',
  {
    id: uuid().primaryKey().defaultRandom(),
    matchId: uuid().references(() => matches.id, { onDelete: 'set null' }),
    uploaderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid().references(() => messages.id, { onDelete: 'set null' }),
    kind: text({ enum: MEDIA_KINDS }).notNull(),
    /** Null once the file is deleted (a view-once photo after it was opened). */
    storageKey: text(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    width: integer(),
    height: integer(),
    durationMs: integer(),
    waveform: smallint().array(),
    /** A tiny blurred WebP as a data URL, shown before the photo is tapped. */
    placeholder: text(),
    viewOnce: boolean().notNull().default(false),
    explicit: boolean().notNull().default(false),
    openedAt: timestamp({ withTimezone: true }),
    playedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_media_message_key').on(t.messageId),
    index('chat_media_match_created_idx').on(t.matchId, t.createdAt),
    index('chat_media_uploader_idx').on(t.uploaderId),
    // The clean-up job's scan: rows whose conversation or uploader is gone, and unsent uploads.
    index('chat_media_orphan_idx')
      .on(t.createdAt)
      .where(sql`${t.messageId} is null or ${t.matchId} is null or ${t.uploaderId} is null`),
  ],
);
