import { auth } from './en/auth';
import { billing } from './en/billing';
import { chat } from './en/chat';
import { common } from './en/common';
import { datesafety } from './en/datesafety';
import { discovery } from './en/discovery';
import { events } from './en/events';
import { matches } from './en/matches';
import { moderation } from './en/moderation';
import { notifications } from './en/notifications';
import { preferences } from './en/preferences';
import { profiles } from './en/profiles';
import { safety } from './en/safety';
import { stories } from './en/stories';
import { teas } from './en/teas';
import { verification } from './en/verification';
import { CONTRACT_TEXTS } from './en/validation';

/**
 * The server's words in English, the source language (decision 0023, docs/architecture.md "Languages").
 * Each entry is a sentence, or a function of named parameters for one that carries values; every other
 * language's catalogue (./es.ts) has the same keys and the same parameters, checked by the compiler.
 * Adding a message: a key here, the same key in es.ts, then `localText(key, params)` where it is thrown or sent.
 */
export const en = {
  // The error handler's own sentences.
  invalidRequestBody: 'Some details need another look.',
  invalidRequest: 'Something went wrong with this request. Please reload the page and try again.',
  invalidValue: 'Invalid value',
  noRouteFor: (p: { route: string }) => `No route for ${p.route}`,
  // Auth: sign-up and log-in (features/auth).
  usernameTaken: 'Username already taken',
  usernameTakenField: 'This username is already taken',
  invalidLocation: 'Invalid location',
  invalidCredentials: 'Invalid username or password',
  tooManyFailedLogins: 'Too many failed login attempts. Please try again later.',
  chooseStrongerPassword: 'Choose a stronger password',
  busySigningIn: 'Steep is busy signing people in. Please try again in a moment.',
  // Password reset (features/account routes, features/auth account-security).
  passwordResetSent: 'If that account has a verified email, a reset link is on its way. It works once, for 30 minutes.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  resetLinkInvalidField: 'This reset link is invalid or has expired: ask for a new one',
  passwordResetEmail: (p: { name: string; username: string; minutes: number; link: string }) => ({
    subject: 'Reset your Steep password',
    text:
      `Hi ${p.name},\n\nSomeone (hopefully you) asked to reset the password of your Steep account ${p.username}.\n` +
      `Open this link within ${p.minutes} minutes to choose a new one; it works once:\n\n${p.link}\n\n` +
      'If it was not you, ignore this email: your password stays as it is.',
  }),
  // API errors and what the server sends (mail, SMS, push), one file per feature (./en/*.ts).
  ...auth,
  ...billing,
  ...chat,
  ...common,
  ...datesafety,
  ...discovery,
  ...events,
  ...matches,
  ...moderation,
  ...notifications,
  ...preferences,
  ...profiles,
  ...safety,
  ...stories,
  ...teas,
  ...verification,
};

/**
 * The contract's validation sentences (src/contract, English, shared with the web app, which shows its own
 * translation before sending). The server shows them in her language through this table, keyed by the English
 * text: a zod issue carries only its message. Converting another route: add its schema's sentences here and
 * in es.ts (a missing Spanish one is a compile error there).
 */
export const VALIDATION_TEXTS = [
  // src/contract/auth.ts: username, password (PASSWORD_RULES), location, interests, register body, reset.
  'Username must be at least 3 characters long',
  'Username must be at most 30 characters long',
  'Username may only contain letters, numbers, dots and underscores',
  'Password must be at least 6 characters long',
  'Password must be at most 128 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one number or underscore',
  'Choose a city from the list',
  'Unknown interest',
  'Choose at most 30 interests',
  'Unknown tea',
  'Name is required',
  'Name must be at most 50 characters',
  'Age must be a number',
  'Age must be a whole number',
  'You must be at least 18 years old',
  'Please enter a real age',
  'Bio must be at most 500 characters',
  'Gender identity must be woman or non-binary',
  'Orientation must be lesbian, bisexual or pansexual',
  'Enter a valid email address',
  'Username is required',
  'Password is required',
  'Enter your username or email',
  'The reset link is invalid',
  'Invalid value',
  'Text may not contain control characters',
  ...CONTRACT_TEXTS,
] as const;
