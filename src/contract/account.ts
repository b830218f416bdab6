import { z } from 'zod';
import { safeText } from './text';
import { okBody } from './http';
import { emailAddress, PASSWORD_MAX_LENGTH, passwordField } from './auth';
import { discoveryFilters, discoveryMode, friendsFilters, LOOKING_FOR } from './discovery';
import { notice } from './notifications';
import { selfUser } from './users';

/*
 * Account basics: change password, a verified email, password reset, the data export and
 * account deletion.
 */

/** A password she types to prove it is her: not checked against today's rules, old ones still work. */
const currentPassword = z
  .string('Password must be text')
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX_LENGTH, 'Password must be at most 128 characters long');

export const changePasswordBody = z.object({
  currentPassword,
  newPassword: passwordField,
});

export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const setEmailBody = z.object({
  email: emailAddress,
  /**
   * Whoever holds her session could otherwise set an address of theirs, confirm it and reset the password: the
   * address a reset link goes to is the key to the account, so changing it asks for the password, as changing
   * the password does.
   */
  currentPassword,
});

/**
 * A confirm or resend answered when no address is waiting for a code (confirmed or cancelled meanwhile, often on
 * her other device): 409 with this code, so a screen that is behind can say so instead of "verified".
 */
export const NOTHING_TO_CONFIRM = 'NOTHING_TO_CONFIRM';

/**
 * A confirm refused because the code (emailed or texted) is done: it expired, or it has had its wrong guesses
 * (400 with this code). No code, not even the right one, is taken until she asks for a new one, so a form can stop
 * offering Confirm and point her to the new code instead.
 */
export const NEW_CODE_NEEDED = 'NEW_CODE_NEEDED';

export const verifyEmailBody = z.object({
  code: z
    .string('Enter the code from the email')
    .trim()
    .regex(/^\d{6}$/, 'The code is 6 digits'),
});

/** Where she is in confirming her email. The address itself is in /api/auth/me. */
export const emailStatus = z.object({
  /** Her email: while a change is pending, still the confirmed one. */
  email: z.string().nullable(),
  verified: z.boolean(),
  /** A new address waiting for its code while `email` stays confirmed; null when no change is pending. */
  pendingEmail: z.string().nullable(),
  message: z.string(),
});
export type EmailStatus = z.infer<typeof emailStatus>;

export const passwordResetRequestBody = z.object({
  /** Her username or her verified email. */
  login: z.string('Enter your username or email').trim().min(1, 'Enter your username or email').max(254),
});

/** The same words whether or not an account matched: the answer tells nobody who is a member. */
export const PASSWORD_RESET_SENT =
  'If that account has a verified email, a reset link is on its way. It works once, for 30 minutes.';

export const passwordResetConfirmBody = z.object({
  token: z
    .string('The reset link is invalid')
    .min(20, 'The reset link is invalid')
    .max(100, 'The reset link is invalid'),
  newPassword: passwordField,
});

/** Done: her username, for the login form that follows. */
export const passwordResetDone = okBody.extend({ username: z.string() });

/** Any string: a malformed token is simply not usable, so the answer stays `{ usable: false }`. */
export const passwordResetCheckBody = z.object({ token: safeText('The reset link is invalid').max(200) });
/** Whether the link can still set a password. Nothing about whose link it is. */
export const passwordResetCheck = z.object({ usable: z.boolean() });

export const deleteAccountBody = z.object({ password: currentPassword });

/**
 * 'Download my data': everything Steep holds about her, and only hers. Other members appear by id and
 * public first name where she interacted with them; never their private fields, never who reported her.
 */
export const accountExport = z.object({
  exportedAt: z.string(),
  account: selfUser,
  photos: z.array(z.object({ url: z.string(), position: z.number().int(), uploadedAt: z.string() })),
  swipes: z.array(
    z.object({
      targetUserId: z.string(),
      liked: z.boolean(),
      superLike: z.boolean(),
      /** The photo or prompt of theirs she liked, and her comment with it; null when none. */
      likedPhotoId: z.string().nullable(),
      likedPromptId: z.string().nullable(),
      comment: z.string().nullable(),
      mode: discoveryMode,
      at: z.string(),
    }),
  ),
  matches: z.array(
    z.object({
      matchId: z.string(),
      withUserId: z.string(),
      withName: z.string(),
      mode: discoveryMode,
      at: z.string(),
    }),
  ),
  /** Messages she wrote; her matches' replies are theirs. */
  messages: z.array(z.object({ matchId: z.string(), content: z.string(), sentAt: z.string() })),
  /** Photos and voice notes she sent, with the file (base64) while it exists; a view-once photo opened is gone. */
  chatMedia: z.array(
    z.object({
      matchId: z.string().nullable(),
      kind: z.enum(['image', 'voice']),
      contentType: z.string(),
      sentAt: z.string(),
      viewOnce: z.boolean(),
      dataBase64: z.string().nullable(),
    }),
  ),
  /** The voice note of her current status, with the file (base64), while it exists. */
  statusVoice: z
    .object({
      contentType: z.string(),
      durationMs: z.number().int().nullable(),
      postedAt: z.string(),
      dataBase64: z.string().nullable(),
    })
    .nullable(),
  blocks: z.array(z.object({ blockedUserId: z.string(), at: z.string() })),
  /** Blocks she made by typing a username: the name she typed, never who it turned out to be. */
  blockedUsernames: z.array(z.object({ username: z.string(), at: z.string() })),
  reportsFiled: z.array(
    z.object({ reportedUserId: z.string(), reason: z.string(), description: z.string().nullable(), at: z.string() }),
  ),
  /** Reports she filed by typing a username: the name she typed, never whom it was filed against. */
  reportedUsernames: z.array(
    z.object({ username: z.string(), reason: z.string(), description: z.string().nullable(), at: z.string() }),
  ),
  /** Meetups she hosted (all she wrote) and those of others she joined (never their other guests). */
  events: z.object({
    hosted: z.array(
      z.object({
        eventId: z.string(),
        title: z.string(),
        description: z.string().nullable(),
        location: z.string(),
        venue: z.string().nullable(),
        eventDate: z.string(),
        maxAttendees: z.number().int(),
        teaType: z.string().nullable(),
        verifiedOnly: z.boolean(),
        cancelledAt: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    attending: z.array(
      z.object({
        eventId: z.string(),
        title: z.string(),
        location: z.string(),
        eventDate: z.string(),
        joinedAt: z.string(),
      }),
    ),
  }),
  notices: z.array(notice),
  /** Her replies on Tea stories: her words and the story's title, never who else replied. */
  teaReplies: z.array(
    z.object({ storyTitle: z.string(), content: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  badges: z.array(z.object({ badgeId: z.string(), earnedAt: z.string() })),
  /** Devices she turned push notifications on for: the label and when; never the endpoint or keys. */
  pushDevices: z.array(z.object({ device: z.string(), createdAt: z.string() })),
  preferences: z.object({
    discoveryFilters: discoveryFilters,
    /** Friends mode: what she is looking for and her Friends deck filters. */
    lookingFor: z.enum(LOOKING_FOR),
    friendsFilters: friendsFilters,
    ghostMode: z.boolean(),
    smsNotifications: z.boolean(),
  }),
  subscription: z.object({ premiumUntil: z.string().nullable() }),
  payments: z.array(z.record(z.string(), z.unknown())),
  /**
   * Every table that references her, generated from the schema's list of them
   * (src/server/features/account/personal-data-tables.ts): her rows, by table name. Holds what the
   * sections above leave out (her SMS number, social handles, Tea reviews, sessions…).
   */
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExport>;

/** Who is signed in, if anyone: 200 either way, so a visitor's page load logs no failed request. */
export const sessionAnswer = z.object({ user: selfUser.nullable() });
