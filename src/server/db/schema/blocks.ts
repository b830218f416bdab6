import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const blocks = pgTable(
  'blocks',
  {
    id: uuid().primaryKey().defaultRandom(),
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Made only through a block by username (username_blocks): it works like any block, but her block
     * list shows the name she typed, never who it turned out to be.
     */
    byUsernameOnly: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.blockerId, t.blockedUserId),
    index('blocks_blocked_idx').on(t.blockedUserId),
  ],
);

/**
 * A block by username, kept whether or not the name belongs to anyone, so the answer and her block list
 * are the same for a member's name and a name nobody has (whether someone is on Steep is private).
 */
export const usernameBlocks = pgTable(
  'username_blocks',
  {
    id: uuid().primaryKey().defaultRandom(),
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As she typed it (trimmed): what her block list shows. */
    username: text().notNull(),
    /** Lower case: one block per name. */
    usernameKey: text().notNull(),
    /** The member the name belonged to when she blocked it; never shown to her. */
    blockedUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('username_blocks_blocker_name_key').on(t.blockerId, t.usernameKey)],
);
