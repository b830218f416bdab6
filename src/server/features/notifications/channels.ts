import type { NotificationSettings, QuietHours } from '../../../contract/preferences';

/**
 * The one place that decides how a member hears about something away from the app (issues 25 and 26):
 * per kind, by email and by push, from her notification settings. In-app notices and the bell are not
 * decided here: they show whatever she opens.
 */
export const NOTIFICATION_KINDS = ['match', 'message', 'like', 'event_reminder', 'moderation', 'promotion'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The setting that switches each kind, on both channels. */
export const KIND_TOGGLE = {
  match: 'newMatches',
  message: 'newMessages',
  like: 'likes',
  event_reminder: 'events',
  moderation: 'moderationNotices',
  promotion: 'promotional',
} as const satisfies Record<NotificationKind, keyof NotificationSettings>;

interface Channels {
  email: boolean;
  push: boolean;
}

/**
 * Email needs the master email switch, the kind's switch and a verified address. Push needs the master
 * push switch and the kind's switch, and waits out nothing: inside her quiet hours it is not sent at all
 * (a match or a message is still there when she opens Steep; a late buzz is what quiet hours are for).
 * Quiet hours do not hold email back: mail does not wake anyone.
 */
export function channelsFor(
  settings: NotificationSettings,
  kind: NotificationKind,
  context: { hasVerifiedEmail: boolean; now: Date },
): Channels {
  const wanted = settings[KIND_TOGGLE[kind]];
  return {
    email: wanted && settings.emailNotifications && context.hasVerifiedEmail,
    push: wanted && settings.pushNotifications && !inQuietHours(settings.quietHours, context.now),
  };
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether `now` falls in the window in her time zone; a window may cross midnight (22:00–07:00). */
export function inQuietHours(quiet: QuietHours | null, now: Date): boolean {
  if (!quiet) return false;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: quiet.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  const at = hour * 60 + minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? at >= start && at < end : at >= start || at < end;
}
