import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A published profile photo: only re-encoded, metadata-free renditions are stored. */
export const photos = pgTable(
  'photos',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** Storage keys (not URLs) of the 1080 px and 320 px WebP renditions. */
    largeKey: text().notNull(),
    smallKey: text().notNull(),
    /**
     * 64-bit difference hash of the photo, computed at upload: near-equal hashes mean the same picture
     * (re-encoded, resized). Null for a photo too flat to fingerprint (a plain colour).
     */
    phash: bigint({ mode: 'bigint' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_user_id_position_idx').on(t.userId, t.position)],
);
