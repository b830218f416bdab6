import { countryList } from '../countries';
/**
 * Report reasons as the warning notice names them: the contract's labels, and the web's words for them
 * (checked by ../web-catalogues.test.ts).
 */
export const REASONS_EN: Record<string, string> = {
  inappropriate_behavior: 'Inappropriate behavior',
  harassment_or_bullying: 'Harassment or bullying',
  fake_profile: 'Fake profile',
  spam_or_scam: 'Spam or scam',
  inappropriate_photos: 'Inappropriate photos',
  underage_user: 'Underage user',
  violence_or_threats: 'Violence or threats',
  other: 'Other',
};

/** Each kind of notification as the unsubscribe confirmation names it. */
const KIND_NAMES_EN = {
  match: 'new matches',
  message: 'new messages',
  like: 'likes',
  event_reminder: 'meetup reminders',
  moderation: 'moderation notices',
  promotion: 'news and offers',
};

/** notifications: the server's words in English (../en.ts). */
export const notifications = {
  deviceNotFound: 'Device not found',
  pushNotificationsAreNot: 'Push notifications are not available on this server',
  thisUnsubscribeLinkIs: 'This unsubscribe link is not valid. Choose what Steep sends you in Settings.',
  potentialMatchesAreA: 'Potential matches are a Premium feature',
  enterAValidPhone: 'Enter a valid phone number',
  tooManyCodesSent: 'Too many codes sent. Please try again later.',
  weCouldntSendA: "We couldn't send a code to that number. Please try again.",
  enterYourPhoneNumber: 'Enter your phone number to turn on SMS notifications',
  noCodeIsWaiting: 'No code is waiting: save your phone number first',
  thisCodeHasExpired: 'This code has expired. Use "Send a new code" to get another.',
  tooManyWrongCodesSave: 'Too many wrong codes. Use "Send a new code" to get another.',
  thatCodeWasAlready: 'That code was already used. Try again.',
  enterAValidPhoneNumber: 'Enter a valid phone number, e.g. (503) 555-0123',
  pushDevicesFull: (p: { count: number }) => `Push is on for ${p.count} devices already. Remove one in Settings first.`,
  endpointNotUrl: 'The endpoint must be a URL',
  endpointCredentials: 'The endpoint must not carry credentials',
  pushServiceUnsupported: 'This push service is not supported',
  endpointNotHttps: 'The endpoint must use https',
  textsOnlyTo: (p: { countries: string[] }) => `Texts can only go to numbers in ${countryList('en', p.countries)}`,
  steepTextsOnlyTo: (p: { countries: string[] }) => `Steep can only text numbers in ${countryList('en', p.countries)}`,
  codeNotRightTriesLeft: (p: { left: number }) =>
    `That code is not right. ${p.left} ${p.left === 1 ? 'try' : 'tries'} left.`,
  // In-app notices (features/notifications/notices.ts), written in the recipient's language.
  noticeMeetupCancelled: (p: { title: string; date: Date }) => ({
    title: 'Meetup cancelled',
    body: `The host cancelled “${p.title}” (${p.date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })}).`,
  }),
  noticeWarning: (p: { rule: string }) => ({
    title: 'A warning from the Steep moderators',
    body: `A moderator reviewed reports about your account and found it broke our rule on "${REASONS_EN[p.rule] ?? p.rule}". Please keep Steep safe and respectful; another breach can lead to a suspension.`,
  }),
  noticeBadgeEarned: (p: { id: string; name: string; description: string }) => ({
    title: `Badge earned: ${p.name}`,
    body: p.description,
  }),
  // Push notifications (features/notifications/content.ts, delivery.ts): what a lock screen shows.
  pushMessage: (p: { senderName: string; unread: number; preview: string | null }) => ({
    title: p.unread > 1 ? `${p.unread} new messages from ${p.senderName}` : `New message from ${p.senderName}`,
    body: p.preview ?? 'Open Steep to read it.',
  }),
  pushMatch: (p: { otherName: string; friends: boolean }) => ({
    title: p.friends ? 'New friend match!' : "It's a match!",
    body: p.friends
      ? `You and ${p.otherName} want to be friends. Say hello.`
      : `You and ${p.otherName} liked each other. Say hello.`,
  }),
  pushLike: (p: { likerName: string | null; superLike: boolean; friends: boolean }) => ({
    title: `${p.likerName ?? 'Someone'} ${p.superLike ? 'super liked' : 'liked'} you${p.friends ? ' as a friend' : ''}`,
    body: p.likerName
      ? `Like back${p.friends ? ' in the Friends deck' : ''} to match.`
      : 'See who with Steep Premium, or keep swiping to find out.',
  }),
  pushEventReminderTitle: (p: { lead: '24h' | '1h' }): string =>
    p.lead === '1h' ? 'Your meetup starts in an hour' : 'Your meetup is tomorrow',
  pushModeration: (() => ({ title: 'A note from Steep Safety', body: 'Open Steep to read it.' }))(),
  pushTest: (() => ({
    title: 'Steep notifications are on',
    body: 'This is how a match or a message will reach you.',
  }))(),
  pushCheckIn: (p: { graceMinutes: number }) => ({
    title: 'Checking on you — are you safe?',
    body: `Tap “I'm safe” in Steep. If you don't within ${p.graceMinutes} minutes, your trusted contacts will be told.`,
  }),
  // Notification mail (content.ts mailFor, delivery.ts runEmail).
  mailMatch: (p: { otherName: string; friends: boolean; link: string }) => ({
    subject: p.friends ? 'You have a new friend match on Steep' : 'You have a new match on Steep',
    text: `You and ${p.otherName} ${p.friends ? 'want to be friends' : 'liked each other'}.

Say hello: ${p.link}`,
  }),
  mailMessage: (p: { senderName: string; unread: number; link: string }) => ({
    subject: `${p.senderName} sent you a message on Steep`,
    text: `You have ${p.unread === 1 ? 'an unread message' : `${p.unread} unread messages`} from ${p.senderName}.

Read and reply: ${p.link}`,
  }),
  mailLike: (p: { likerName: string | null; friends: boolean; link: string }) => ({
    subject: `${p.likerName ?? 'Someone'} liked you${p.friends ? ' as a friend' : ''} on Steep`,
    text: `${p.likerName ?? 'Someone'} liked your profile${p.friends ? ' in the Friends deck' : ''}.

See your likes: ${p.link}`,
  }),
  mailEventReminder: (p: { title: string; short: string; link: string }) => ({
    subject: `Reminder: ${p.short} is tomorrow`,
    text: `Your meetup “${p.title}” starts in about 24 hours.

Details: ${p.link}`,
  }),
  mailModeration: (p: { link: string }) => ({
    subject: 'A note from Steep Safety',
    text: `There is a notice from Steep's moderators for you. Sign in to read it: ${p.link}`,
  }),
  mailFooter: (p: { unsubscribe: string }) =>
    `—
Don't want these emails? Unsubscribe in one click: ${p.unsubscribe}
Or choose what Steep sends you in Settings → Notifications.`,
  // SMS to a member (sms/texts.ts).
  smsCode: (p: { code: string }) => `Your Steep code is ${p.code}. It expires in 10 minutes.`,
  smsMatch: 'You have a new match on Steep! Open the app to say hi.',
  // SMS settings' answers (sms/texts.ts); the number is masked.
  smsOff: 'SMS notifications are off.',
  smsOnFor: (p: { phone: string }) => `SMS notifications are on for ${p.phone}.`,
  smsCodeSentTo: (p: { phone: string }) =>
    `We sent a 6-digit code to ${p.phone}. Enter it to turn on SMS notifications.`,
  smsConfirmed: 'Your phone number is confirmed. We will text you about new matches.',
  // The unsubscribe link's confirmation (routes.ts), naming the kind of notification turned off.
  unsubscribed: (p: { kind: 'match' | 'message' | 'like' | 'event_reminder' | 'moderation' | 'promotion' }) =>
    `You won't get ${KIND_NAMES_EN[p.kind]} by email or push any more. Turn them back on in Settings → Notifications.`,
};
