import type { PushPayload } from '../../../contract/push';
import type { PushOptions } from './push/sender';

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

export function pushPayloadFor(subject: NotificationSubject): Omit<PushPayload, 'badge'> {
  switch (subject.kind) {
    case 'message': {
      const many = subject.unread > 1;
      return {
        kind: 'message',
        title: many
          ? `${subject.unread} new messages from ${subject.senderName}`
          : `New message from ${subject.senderName}`,
        body: subject.preview ? clip(subject.preview, PREVIEW_CHARS) : 'Open Steep to read it.',
        url: `/conversation/${subject.matchId}`,
        tag: `chat-${subject.matchId}`,
        count: subject.unread,
      };
    }
    case 'match':
      return {
        kind: 'match',
        title: subject.friends ? 'New friend match!' : "It's a match!",
        body: subject.friends
          ? `You and ${subject.otherName} want to be friends. Say hello.`
          : `You and ${subject.otherName} liked each other. Say hello.`,
        url: `/conversation/${subject.matchId}`,
        tag: `match-${subject.matchId}`,
      };
    case 'like':
      return {
        kind: 'like',
        title: `${subject.likerName ?? 'Someone'} ${subject.superLike ? 'super liked' : 'liked'} you${subject.friends ? ' as a friend' : ''}`,
        body: subject.likerName
          ? `Like back${subject.friends ? ' in the Friends deck' : ''} to match.`
          : 'See who with Steep Premium, or keep swiping to find out.',
        url: '/home',
        tag: 'likes',
      };
    case 'event_reminder':
      return {
        kind: 'event_reminder',
        title: subject.lead === '1h' ? 'Your meetup starts in an hour' : 'Your meetup is tomorrow',
        body: clip(subject.title, PREVIEW_CHARS),
        url: '/events',
        tag: `event-${subject.eventId}`,
      };
    case 'moderation':
      return {
        kind: 'moderation',
        title: 'A note from Steep Safety',
        body: 'Open Steep to read it.',
        url: '/safety',
        tag: 'moderation',
      };
    case 'promotion':
      return { kind: 'promotion', title: subject.title, body: subject.body, url: '/home', tag: 'promotion' };
  }
}

interface MailContent {
  subject: string;
  /** The body before the unsubscribe footer. */
  text: string;
}

/** Mail says as little as the lock screen: it may be read on a shared screen. */
export function mailFor(subject: NotificationSubject, appUrl: string): MailContent {
  const link = (path: string) => `${appUrl}${path}`;
  switch (subject.kind) {
    case 'match':
      return {
        subject: subject.friends ? 'You have a new friend match on Steep' : `You have a new match on Steep`,
        text: `You and ${subject.otherName} ${subject.friends ? 'want to be friends' : 'liked each other'}.\n\nSay hello: ${link(`/conversation/${subject.matchId}`)}`,
      };
    case 'message':
      return {
        subject: `${subject.senderName} sent you a message on Steep`,
        text: `You have ${subject.unread === 1 ? 'an unread message' : `${subject.unread} unread messages`} from ${subject.senderName}.\n\nRead and reply: ${link(`/conversation/${subject.matchId}`)}`,
      };
    case 'like':
      return {
        subject: `${subject.likerName ?? 'Someone'} liked you${subject.friends ? ' as a friend' : ''} on Steep`,
        text: `${subject.likerName ?? 'Someone'} liked your profile${subject.friends ? ' in the Friends deck' : ''}.\n\nSee your likes: ${link('/home')}`,
      };
    case 'event_reminder':
      return {
        subject: `Reminder: ${clip(subject.title, 80)} is tomorrow`,
        text: `Your meetup “${subject.title}” starts in about 24 hours.\n\nDetails: ${link('/events')}`,
      };
    case 'moderation':
      return {
        subject: 'A note from Steep Safety',
        text: `There is a notice from Steep's moderators for you. Sign in to read it: ${link('/safety')}`,
      };
    case 'promotion':
      return { subject: subject.title, text: `${subject.body}\n\n${link('/home')}` };
  }
}
