import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTICE_KINDS } from '../../../contract/notifications';
import { users } from './users';

/** In-app notices; owned by the notifications feature, written from other features' domain events. */
export const notices = pgTable(
  'notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTICE_KINDS }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('notices_user_created_idx').on(t.userId, t.createdAt)],
);
