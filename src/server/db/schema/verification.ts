import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { VERIFICATION_STATUSES } from '../../../contract/verification';
import { photos } from './photos';
import { users } from './users';

export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);

/**
 * A member's verification: where she is in the flow, the moderator's note and her social handles.
 * Owned by the verification feature; `users.is_verified` is the flag every other feature reads.
 */
export const verifications = pgTable('verifications', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: verificationStatus().notNull().default('not_started'),
  notes: text(),
  /** The pose she was asked for by her latest request; cleared by the decision. */
  pose: text(),
  /** After a rejection she may ask again from this time. */
  retryAfter: timestamp({ withTimezone: true }),
  reviewedAt: timestamp({ withTimezone: true }),
  /** Handles only (never URLs), without the leading @. */
  instagramHandle: text(),
  tiktokHandle: text(),
  twitterHandle: text(),
  /** Her choice: matches may see her handles. Off by default. */
  showSocialHandles: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pose selfie waiting for a moderator. The row and its file are deleted as soon as a moderator
 * decides, so no selfie outlives its review.
 */
export const verificationSelfies = pgTable(
  'verification_selfies',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: text().notNull(),
    /** Key in the private selfie store (never under the public /media/ prefix). */
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_selfies_created_at_idx').on(t.createdAt)],
);

/** What the image analysis found in one stored photo; computed once per photo (photos never change). */
export const photoAnalyses = pgTable('photo_analyses', {
  photoId: uuid()
    .primaryKey()
    .references(() => photos.id, { onDelete: 'cascade' }),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  width: integer().notNull(),
  height: integer().notNull(),
  /** Variance of the Laplacian of the grey image: low means blurry. */
  sharpness: doublePrecision().notNull(),
  /** Mean luminance 0–255 from the histogram. */
  brightness: doublePrecision().notNull(),
  qualityScore: integer().notNull(),
  qualityReasons: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Faces the detector found with good confidence; null when no face model could run. */
  faceCount: integer(),
  analyzedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
