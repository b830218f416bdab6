import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from './channels';

/**
 * The one-click unsubscribe link in a notification mail: `<userId>.<kind>.<mac>`,
 * HMAC-SHA256 under NOTIFICATION_LINK_KEY. It works without signing in and can do one thing only:
 * turn that kind off for that member. It does not expire: an old mail's link must still work.
 */
export function unsubscribeToken(key: Buffer, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${mac(key, userId, kind)}`;
}

export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, given, ...rest] = token.split('.');
  if (!userId || !kind || !given || rest.length > 0) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(mac(key, userId, kind));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, kind: kind as NotificationKind };
}

const mac = (key: Buffer, userId: string, kind: string) =>
  createHmac('sha256', key).update(`unsubscribe\0${userId}\0${kind}`).digest('base64url');
