import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** What a moderator acts on, the same on a story and on a reply. */
const moderationColumns = () => ({
  /** 'visible' or 'hidden' (3 reports, or a moderator): hidden ones leave the list. */
  status: text().notNull().default('visible'),
  /** She saw the harassment nudge and chose "Post anyway". */
  postedDespiteNudge: boolean().notNull().default(false),
  /** Set when a moderator restores it: a nudged one then leaves the moderation queue. */
  reviewedAt: timestamp({ withTimezone: true }),
});

/** A report on a story or a reply: fresh builders per table (drizzle binds a column to its table). */
const reportColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  reporterId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  description: text(),
  /** 'open' until a moderator restores what was reported (dismissed). */
  status: text().notNull().default('open'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/*
 * Owned by the stories feature. A story has no column naming its author: `author_tag` is an HMAC of
 * (story id, author id) under TEA_AUTHOR_KEY, which never enters the database. Without the key a
 * database reader can neither tie a story to an account nor tell that two stories share an author.
 */
export const teaStories = pgTable(
  'tea_stories',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: the keyset the list pages on (timestamps can tie). */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    authorTag: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    aboutName: text(),
    teaType: text(),
    category: text().notNull(),
    ...moderationColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tea_stories_seq_key').on(t.seq),
    index('tea_stories_status_seq_idx').on(t.status, t.seq),
    index('tea_stories_category_seq_idx').on(t.category, t.seq),
  ],
);

/** Stories shared per member per UTC day, keyed by an HMAC of (day, member) so it names no one. */
export const teaDailyQuota = pgTable('tea_daily_quota', {
  tag: text().primaryKey(),
  day: date().notNull(),
  count: integer().notNull().default(0),
});

export const teaSupports = pgTable(
  'tea_supports',
  {
    storyId: uuid()
      .notNull()
      .references(() => teaStories.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] }), index('tea_supports_user_idx').on(t.userId)],
);

export const teaReports = pgTable(
  'tea_reports',
  {
    ...reportColumns(),
    storyId: uuid()
      .notNull()
      .references(() => teaStories.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('tea_reports_story_reporter_key').on(t.storyId, t.reporterId)],
);

/*
 * Replies on stories. Like a story, a reply has no column naming its writer: `replier_tag` is an
 * HMAC of (story id, replier id) under TEA_AUTHOR_KEY, so her replies within one story share a tag
 * (one pseudonym in the thread) and her replies on two stories share nothing. There is
 * deliberately no per-member key of any kind here (decisions/0021).
 */
export const teaReplies = pgTable(
  'tea_replies',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: the keyset the thread pages on. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    storyId: uuid()
      .notNull()
      .references(() => teaStories.id, { onDelete: 'cascade' }),
    replierTag: text().notNull(),
    /** Written by the story's author (decided with the key at write time): the thread marks her "Author". */
    byAuthor: boolean().notNull().default(false),
    content: text().notNull(),
    ...moderationColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tea_replies_seq_key').on(t.seq),
    index('tea_replies_story_seq_idx').on(t.storyId, t.seq),
    index('tea_replies_tag_idx').on(t.replierTag),
  ],
);

export const teaReplyReports = pgTable(
  'tea_reply_reports',
  {
    ...reportColumns(),
    replyId: uuid()
      .notNull()
      .references(() => teaReplies.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('tea_reply_reports_reply_reporter_key').on(t.replyId, t.reporterId)],
);
