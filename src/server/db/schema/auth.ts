import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A code sent to confirm the email address she entered (one per member; a new request replaces it).
 * Only its SHA-256 is kept, with the address it was sent to, so changing the email again voids it.
 * The hashes of the few codes it replaced are kept too, only so that typing one of them can be answered
 * "replaced by a newer one" rather than "not right"; none of them confirms anything.
 */
export const emailCodes = pgTable('email_codes', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** The codes this one replaced, newest first (at most REPLACED_CODES_KEPT). */
  replacedCodeHashes: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** A password-reset link: single use, 30 minutes, stored as the SHA-256 of its token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);
