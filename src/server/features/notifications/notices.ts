import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { NOTICES_LIMIT, type Notice, type NoticeKind, type NoticeList } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema/notifications';
import type { DomainEvents } from '../../domain-events';
import type { Language } from '../../i18n';
import { memberLanguages } from '../preferences';

type NoticeRow = typeof notices.$inferSelect;

const present = (row: NoticeRow): Notice => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

export interface NewNotice {
  kind: NoticeKind;
  /** Its title and body in a recipient's language (written in hers, like a mail: docs/architecture.md, i18n). */
  text: (language: Language) => { title: string; body: string };
  link?: string | null;
}

/** Stores one notice per recipient, in her saved language, and announces each, so her open tabs show it at once. */
export async function recordNotices(db: Db, events: DomainEvents, userIds: string[], entry: NewNotice): Promise<void> {
  if (userIds.length === 0) return;
  const languages = await memberLanguages(db, userIds);
  const rows = await db
    .insert(notices)
    .values(
      userIds.map((userId) => ({
        userId,
        kind: entry.kind,
        ...entry.text(languages.get(userId) ?? 'en'),
        link: entry.link ?? null,
      })),
    )
    .returning();
  for (const row of rows) events.emit('notice.created', { userId: row.userId, notice: present(row) });
}

export async function listNotices(db: Db, userId: string): Promise<NoticeList> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.createdAt)).limit(NOTICES_LIMIT),
    db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt))),
  ]);
  return { notices: rows.map(present), unread: unread?.n ?? 0 };
}

export async function markNoticesRead(db: Db, userId: string): Promise<NoticeList> {
  await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return listNotices(db, userId);
}

/** Every notice she has, for her data export (her rows go with her account by ON DELETE CASCADE). */
export async function noticesOf(db: Db, userId: string): Promise<Notice[]> {
  const rows = await db.select().from(notices).where(eq(notices.userId, userId)).orderBy(desc(notices.createdAt));
  return rows.map(present);
}
