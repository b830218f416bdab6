import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notices, notificationsSent, pushSubscriptions, smsOutbox, smsSettings } from '../../db/schema/notifications';
import { notificationKindOn } from '../preferences';

/**
 * Every statement of notifications: in-app notices, push subscriptions, the once-only record of what
 * was sent, and SMS settings with the outbox of texts. Services decide and answer (errors, events,
 * presentation, calling the push and SMS providers); what is read and written is here.
 *
 * Plain functions take the handle to run on (the database, or a transaction).
 */

export type NoticeRow = typeof notices.$inferSelect;
type NewNoticeRow = typeof notices.$inferInsert;
type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type SmsRow = typeof smsSettings.$inferSelect;
type SmsChanges = Partial<Omit<SmsRow, 'userId'>>;
type NewOutboxRow = typeof smsOutbox.$inferInsert;

// ---------------------------------------------------------------------------------------------------
// In-app notices

export async function insertNotices(db: Db, rows: readonly NewNoticeRow[]): Promise<NoticeRow[]> {
  return db
    .insert(notices)
    .values([...rows])
    .returning();
}

/** Her latest `limit` notices, newest first, and how many of all hers are unread. */
export async function latestNotices(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: NoticeRow[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.createdAt)).limit(limit),
    db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt))),
  ]);
  return { rows, unread: unread?.n ?? 0 };
}

export async function markAllNoticesRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
}

/** Every notice she has, newest first. */
export async function allNoticesOf(db: Db, userId: string): Promise<NoticeRow[]> {
  return db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.createdAt));
}

// ---------------------------------------------------------------------------------------------------
// Push subscriptions

/** Her devices, oldest first. */
export async function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/**
 * Saves a device's subscription for her session, in one transaction. The same endpoint again moves
 * its row to her and this session (one browser, one row); a new device of hers beyond `maxDevices`
 * is not saved (`full`).
 */
export async function saveSubscription(
  db: Db,
  subscription: Omit<typeof pushSubscriptions.$inferInsert, 'id' | 'createdAt' | 'lastPushedAt'>,
  maxDevices: number,
): Promise<'saved' | 'full'> {
  const { endpoint, ...values } = subscription;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    if (existing?.userId !== values.userId) {
      const [row] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, values.userId));
      if ((row?.n ?? 0) >= maxDevices) return 'full';
    }
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date() } });
    return 'saved';
  });
}

export async function deleteEndpointOf(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** True when she had this device. */
export async function deleteDeviceOf(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function findSubscription(db: Db, id: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markPushed(db: Db, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastPushedAt: at }).where(eq(pushSubscriptions.id, id));
}

// ---------------------------------------------------------------------------------------------------
// Once-only notifications

/** Records a once-only notification; false when it was already recorded. */
export async function recordFirstSend(db: Db, userId: string, key: string): Promise<boolean> {
  const rows = await db
    .insert(notificationsSent)
    .values({ userId, key })
    .onConflictDoNothing()
    .returning({ key: notificationsSent.key });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// SMS settings

export async function smsSettingsOf(db: Db, userId: string): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(smsSettings).where(eq(smsSettings.userId, userId));
  return row;
}

/** Her row with these columns, made if she has none yet. */
export async function upsertSmsSettings(db: Db, userId: string, changes: SmsChanges): Promise<SmsRow | undefined> {
  const [saved] = await db
    .insert(smsSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: smsSettings.userId, set: changes })
    .returning();
  return saved;
}

/** Changes her existing row: undefined when she has none. */
export async function setSmsSettings(db: Db, userId: string, changes: SmsChanges): Promise<SmsRow | undefined> {
  const [saved] = await db.update(smsSettings).set(changes).where(eq(smsSettings.userId, userId)).returning();
  return saved;
}

/** One more wrong code, counted in the statement so parallel guesses cannot all pass a check: her tries so far. */
export async function countWrongCode(db: Db, userId: string): Promise<number | undefined> {
  const [counted] = await db
    .update(smsSettings)
    .set({ codeAttempts: sql`${smsSettings.codeAttempts} + 1` })
    .where(eq(smsSettings.userId, userId))
    .returning({ attempts: smsSettings.codeAttempts });
  return counted?.attempts;
}

/**
 * The pending number becomes her number, only if no wrong guess was counted since `seen` was read
 * (the code's tries): undefined when one was, or another confirmation came first.
 */
export async function confirmPendingPhone(
  db: Db,
  seen: Pick<SmsRow, 'userId' | 'pendingPhone' | 'codeAttempts'>,
  now: Date,
): Promise<SmsRow | undefined> {
  const [saved] = await db
    .update(smsSettings)
    .set({
      phoneNumber: seen.pendingPhone,
      enabled: true,
      pendingPhone: null,
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      updatedAt: now,
    })
    .where(and(eq(smsSettings.userId, seen.userId), eq(smsSettings.codeAttempts, seen.codeAttempts)))
    .returning();
  return saved;
}

/**
 * Claims her next match text: true when her SMS is on with a confirmed number, her 'new matches'
 * switch is on, and none was queued since `since`. One statement, which touches nothing for the many
 * members without SMS; two claims at once, one wins.
 */
export async function claimMatchText(db: Db, userId: string, since: Date, now: Date): Promise<boolean> {
  const claimed = await db
    .update(smsSettings)
    .set({ lastQueuedAt: now })
    .where(
      and(
        eq(smsSettings.userId, userId),
        eq(smsSettings.enabled, true),
        isNotNull(smsSettings.phoneNumber),
        or(isNull(smsSettings.lastQueuedAt), lt(smsSettings.lastQueuedAt, since)),
        notificationKindOn(userId, 'newMatches'),
      ),
    )
    .returning({ userId: smsSettings.userId });
  return claimed.length > 0;
}

/** A STOP from this number: SMS off for whoever confirmed it. True when someone had. */
export async function stopTextsTo(db: Db, phone: string): Promise<boolean> {
  const stopped = await db
    .update(smsSettings)
    .set({ enabled: false, updatedAt: new Date() })
    .where(eq(smsSettings.phoneNumber, phone))
    .returning({ userId: smsSettings.userId });
  return stopped.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// The SMS outbox

export async function recordText(db: Db, text: NewOutboxRow): Promise<void> {
  await db.insert(smsOutbox).values(text);
}

type CodeLimit = { outcome: 'per_number' | 'per_account'; first: Date };

/**
 * Records a verification code text within its limits: at most `perNumber` to this number in the hour
 * before `sentAt` and `perAccount` from her account in the day before it. Checked and recorded in one
 * transaction holding a lock per account and per number, so many requests at once record at most the
 * limit. `first`: the oldest text the refusing limit counted (the limit frees up a window after it).
 */
export async function reserveCodeText(
  db: Db,
  text: NewOutboxRow & { toHash: string; sentAt: Date },
  limits: { perNumber: number; perAccount: number; hourAgo: Date; dayAgo: Date },
): Promise<{ outcome: 'reserved'; id: string | undefined } | CodeLimit> {
  const o = smsOutbox;
  return db.transaction(async (tx) => {
    // Account first, then number: every sender takes them in that order, so two cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-account:${text.userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-number:${text.toHash}`}))`);
    const [perNumber] = await tx
      .select({ n: sql<number>`count(*)::int`, first: sql<Date | null>`min(${o.sentAt})` })
      .from(o)
      .where(and(eq(o.toHash, text.toHash), eq(o.purpose, 'code'), gt(o.sentAt, limits.hourAgo)));
    if ((perNumber?.n ?? 0) >= limits.perNumber) {
      return { outcome: 'per_number', first: new Date(perNumber?.first ?? text.sentAt) };
    }
    const [perAccount] = await tx
      .select({ n: sql<number>`count(*)::int`, first: sql<Date | null>`min(${o.sentAt})` })
      .from(o)
      .where(and(eq(o.userId, text.userId), eq(o.purpose, 'code'), gt(o.sentAt, limits.dayAgo)));
    if ((perAccount?.n ?? 0) >= limits.perAccount) {
      return { outcome: 'per_account', first: new Date(perAccount?.first ?? text.sentAt) };
    }
    const [record] = await tx
      .insert(o)
      .values({ ...text, purpose: 'code' })
      .returning({ id: o.id });
    return { outcome: 'reserved', id: record?.id };
  });
}

export async function setProviderId(db: Db, id: string, providerId: string | null): Promise<void> {
  await db.update(smsOutbox).set({ providerId }).where(eq(smsOutbox.id, id));
}

export async function deleteText(db: Db, id: string): Promise<void> {
  await db.delete(smsOutbox).where(eq(smsOutbox.id, id));
}
