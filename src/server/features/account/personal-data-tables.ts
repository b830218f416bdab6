import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { allTables } from '../../db/user-references';
import { rowsNaming } from './repository';

/**
 * What her data export takes from each table that references users (src/server/db/user-references.ts
 * lists them from the schema; a test fails when one is missing here):
 * - `hers`: the columns whose rows are hers (the rows where she is the other party are the other
 *   member's: who liked or viewed her is not hers to export);
 * - `omit`: columns never exported (secrets, and what would name someone she must not see);
 * - `keep`: a row filter, where a column decides;
 * or `skip` with the reason the table is not exported.
 */
type ExportRule =
  { hers: string[]; omit?: string[]; keep?: (row: Record<string, unknown>) => boolean } | { skip: string };

export const EXPORT_RULES: Record<string, ExportRule> = {
  activity_days: { hers: ['userId'] },
  chat_media: { skip: 'her own uploads are exported with their files in `chatMedia`' },
  blocks: { hers: ['blockerId'], omit: ['byUsernameOnly'], keep: (row) => row.byUsernameOnly !== true },
  date_plan_contacts: { hers: ['userId'], omit: ['tokenHash', 'addressHash'] },
  date_plans: { hers: ['userId'] },
  discovery_filters: { hers: ['userId'] },
  discovery_holds: { skip: 'a hold placed for moderator review (3 underage reports): telling her would tip her off' },
  discovery_members: { skip: 'discovery’s copy of her profile columns and saved age range, exported with those' },
  email_codes: { skip: 'a secret (the hash of a code); her email and a pending new one are in `account`' },
  event_attendees: { hers: ['userId'] },
  events: { hers: ['creatorId'] },
  friends_filters: { hers: ['userId'] },
  matches: { hers: ['userA', 'userB'] },
  message_reactions: { hers: ['userId'] },
  messages: { hers: ['senderId'] },
  moderation_actions: {
    skip: 'the moderators’ record (who acted and their notes); warnings and suspensions reach her as notices',
  },
  notices: { hers: ['userId'] },
  notifications_sent: { hers: ['userId'] },
  password_resets: { skip: 'secrets (hashes of reset links)' },
  payments: { hers: ['userId'] },
  photo_analyses: { hers: ['userId'] },
  photos: { hers: ['userId'] },
  push_subscriptions: { skip: 'her devices are exported in `pushDevices`, without the endpoint secrets' },
  profile_views: { hers: ['viewerId'] },
  reports: { hers: ['reporterId'], omit: ['byUsernameOnly'], keep: (row) => row.byUsernameOnly !== true },
  sessions: { hers: ['userId'], omit: ['tokenHash'] },
  sms_outbox: { hers: ['userId'], omit: ['toHash'] },
  sms_settings: { hers: ['userId'], omit: ['codeHash'] },
  statuses: { hers: ['userId'], omit: ['voiceKey'] },
  subscriptions: { hers: ['userId'] },
  swipes: { hers: ['userId'] },
  tea_reply_reports: { hers: ['reporterId'] },
  tea_reports: { hers: ['reporterId'] },
  tea_review_likes: { hers: ['userId'] },
  tea_reviews: { hers: ['userId'] },
  tea_supports: { hers: ['userId'] },
  travel_plans: { hers: ['userId'] },
  unmatched_pairs: { hers: ['userA', 'userB'] },
  user_badges: { hers: ['userId'] },
  user_preferences: { hers: ['userId'] },
  username_blocks: { hers: ['blockerId'], omit: ['blockedUserId', 'usernameKey'] },
  username_reports: { hers: ['reporterId'], omit: ['reportId', 'usernameKey'] },
  verification_selfies: { hers: ['userId'] },
  verifications: { hers: ['userId'] },
};

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** Every exported table's rows that are hers, by table name, columns in camelCase, dates as ISO strings. */
export async function exportTables(db: Db, userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = allTables();
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const [name, rule] of Object.entries(EXPORT_RULES).sort(([a], [b]) => a.localeCompare(b))) {
    const table = tables.get(name);
    if (!table || 'skip' in rule) continue;
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const hers = rule.hers.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`export rule for ${name} names unknown column ${key}`);
      return column;
    });
    const rows = await rowsNaming(db, table, hers, userId);
    const omit = new Set(rule.omit ?? []);
    result[name] = rows
      .filter((row) => rule.keep?.(row) ?? true)
      .map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([k]) => !omit.has(k))
            .map(([k, v]) => [k, plain(v)]),
        ),
      );
  }
  return result;
}
