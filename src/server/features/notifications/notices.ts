import { NOTICES_LIMIT, type Notice, type NoticeKind, type NoticeList } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import type { Language } from '../../i18n';
import { memberLanguages } from '../preferences';
import { allNoticesOf, insertNotices, latestNotices, markAllNoticesRead, type NoticeRow } from './repository';

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
  const rows = await insertNotices(
    db,
    userIds.map((userId) => ({
      userId,
      kind: entry.kind,
      ...entry.text(languages.get(userId) ?? 'en'),
      link: entry.link ?? null,
    })),
  );
  for (const row of rows) events.emit('notice.created', { userId: row.userId, notice: present(row) });
}

export async function listNotices(db: Db, userId: string): Promise<NoticeList> {
  const { rows, unread } = await latestNotices(db, userId, NOTICES_LIMIT);
  return { notices: rows.map(present), unread };
}

export async function markNoticesRead(db: Db, userId: string): Promise<NoticeList> {
  await markAllNoticesRead(db, userId);
  return listNotices(db, userId);
}

/** Every notice she has, for her data export (her rows go with her account by ON DELETE CASCADE). */
export async function noticesOf(db: Db, userId: string): Promise<Notice[]> {
  return (await allNoticesOf(db, userId)).map(present);
}
