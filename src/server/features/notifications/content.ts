import type { PushPayload } from '../../../contract/push';
import type { PushOptions } from './push/sender';
import { messagesOf, type Language } from '../../i18n';

/**
 * What each kind says, on the lock screen and in mail. Lock screens are seen by others: nothing private
 * goes there by default (no message text unless she turned previews on; a moderation notice says only
 * that there is one).
 */
export type NotificationSubject =
  /** `friends`: a Friends-mode match or like (Friends mode); the words say so. */
  | { kind: 'match'; matchId: string; otherName: string; friends?: boolean }
  | {
      kind: 'message';
      matchId: string;
      senderName: string;
      /** Unread messages from her in this conversation (this one included). */
      unread: number;
      /** The text when she turned message previews on; null otherwise, or for a photo/voice message. */
      preview: string | null;
    }
  /** `likerName` only when she is Premium (free members learn that someone did, not who). */
  | { kind: 'like'; likerName: string | null; superLike: boolean; friends?: boolean }
  | { kind: 'event_reminder'; eventId: string; title: string; lead: '24h' | '1h' }
  | { kind: 'moderation' }
  | { kind: 'promotion'; title: string; body: string };

const PREVIEW_CHARS = 120;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Delivery per kind (RFC 8030 §5.2/5.3): how long a push may wait for an offline device, and how urgent. */
export function pushOptionsFor(subject: NotificationSubject): PushOptions {
  switch (subject.kind) {
    case 'message':
      // One topic per conversation: an undelivered push is replaced by the newer count.
      return { ttl: 86_400, urgency: 'high', topic: subject.matchId.replaceAll('-', '') };
    case 'match':
      return { ttl: 4 * 86_400, urgency: 'normal' };
    case 'like':
      return { ttl: 2 * 86_400, urgency: 'low', topic: 'likes' };
    case 'event_reminder':
      // A reminder is worthless after the meetup starts.
      return subject.lead === '1h' ? { ttl: 3_600, urgency: 'high' } : { ttl: 12 * 3_600, urgency: 'normal' };
    case 'moderation':
      return { ttl: 7 * 86_400, urgency: 'normal' };
    case 'promotion':
      return { ttl: 86_400, urgency: 'very-low' };
  }
}

/** The push for `subject`, in the recipient's language. */
export function pushPayloadFor(subject: NotificationSubject, language: Language = 'en'): Omit<PushPayload, 'badge'> {
  const words = messagesOf(language);
  switch (subject.kind) {
    case 'message':
      return {
        kind: 'message',
        ...words.pushMessage({
          senderName: subject.senderName,
          unread: subject.unread,
          preview: subject.preview ? clip(subject.preview, PREVIEW_CHARS) : null,
        }),
        url: `/conversation/${subject.matchId}`,
        tag: `chat-${subject.matchId}`,
        count: subject.unread,
      };
    case 'match':
      return {
        kind: 'match',
        ...words.pushMatch({ otherName: subject.otherName, friends: subject.friends === true }),
        url: `/conversation/${subject.matchId}`,
        tag: `match-${subject.matchId}`,
      };
    case 'like':
      return {
        kind: 'like',
        ...words.pushLike({
          likerName: subject.likerName,
          superLike: subject.superLike,
          friends: subject.friends === true,
        }),
        url: '/home',
        tag: 'likes',
      };
    case 'event_reminder':
      return {
        kind: 'event_reminder',
        title: words.pushEventReminderTitle({ lead: subject.lead }),
        body: clip(subject.title, PREVIEW_CHARS),
        url: '/events',
        tag: `event-${subject.eventId}`,
      };
    case 'moderation':
      return { kind: 'moderation', ...words.pushModeration, url: '/safety', tag: 'moderation' };
    case 'promotion':
      return { kind: 'promotion', title: subject.title, body: subject.body, url: '/home', tag: 'promotion' };
  }
}

interface MailContent {
  subject: string;
  /** The body before the unsubscribe footer. */
  text: string;
}

/** Mail says as little as the lock screen: it may be read on a shared screen. In the recipient's language. */
export function mailFor(subject: NotificationSubject, appUrl: string, language: Language = 'en'): MailContent {
  const link = (path: string) => `${appUrl}${path}`;
  const words = messagesOf(language);
  switch (subject.kind) {
    case 'match':
      return words.mailMatch({
        otherName: subject.otherName,
        friends: subject.friends === true,
        link: link(`/conversation/${subject.matchId}`),
      });
    case 'message':
      return words.mailMessage({
        senderName: subject.senderName,
        unread: subject.unread,
        link: link(`/conversation/${subject.matchId}`),
      });
    case 'like':
      return words.mailLike({ likerName: subject.likerName, friends: subject.friends === true, link: link('/home') });
    case 'event_reminder':
      return words.mailEventReminder({ title: subject.title, short: clip(subject.title, 80), link: link('/events') });
    case 'moderation':
      return words.mailModeration({ link: link('/safety') });
    case 'promotion':
      return { subject: subject.title, text: `${subject.body}\n\n${link('/home')}` };
  }
}
