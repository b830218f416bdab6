import { z } from 'zod';
import { safeText } from './text';
import { isKnownLocation } from './locations';
import type { Units } from './preferences';
import { INTEREST_NAMES, TEA_PREFERENCES } from './interests';
import { GENDER_IDENTITIES, SEXUAL_ORIENTATIONS } from './users';

const PASSWORD_MIN_LENGTH = 6;
/** Hashing cost grows with input length; capping it keeps login from being a CPU lever. */
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE = 18;

/** An email address as it is stored: trimmed and lower-cased, so one address is one spelling everywhere. */
export const emailAddress = z
  .string('Email must be text')
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254));
export const MAXIMUM_AGE = 120;

/**
 * zxcvbn's score (0–4) a new password must reach. 2 means "guessable only with more than 10^8 tries":
 * with scrypt and the login throttles that is out of reach online. The server enforces it; the sign-up
 * form scores as she types with the same dictionaries, so the meter and the server agree.
 */
export const MIN_PASSWORD_SCORE = 2;

export type PasswordRuleId = 'min-length' | 'max-length' | 'uppercase' | 'lowercase' | 'digit';

/** Ordered: the first failing rule is the one shown to the user. The web shows each in her language by `id`. */
export const PASSWORD_RULES: ReadonlyArray<{
  id: PasswordRuleId;
  test: (p: string) => boolean;
  message: string;
  /** The rule as a checklist line under the field (sign-up shows them from the start). */
  label: string;
  /** Listed only once broken (nobody types 128 characters by accident). */
  listedWhenBroken?: boolean;
}> = [
  {
    id: 'min-length',
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
    message: 'Password must be at least 6 characters long',
    label: 'At least 6 characters',
  },
  {
    id: 'max-length',
    test: (p) => p.length <= PASSWORD_MAX_LENGTH,
    message: 'Password must be at most 128 characters long',
    label: 'At most 128 characters',
    listedWhenBroken: true,
  },
  {
    id: 'uppercase',
    test: (p) => /[A-Z]/.test(p),
    message: 'Password must contain at least one uppercase letter',
    label: 'An uppercase letter',
  },
  {
    id: 'lowercase',
    test: (p) => /[a-z]/.test(p),
    message: 'Password must contain at least one lowercase letter',
    label: 'A lowercase letter',
  },
  {
    id: 'digit',
    test: (p) => /[0-9_]/.test(p),
    message: 'Password must contain at least one number or underscore',
    label: 'A number or underscore',
  },
];

function firstPasswordProblem(password: string): string | undefined {
  return PASSWORD_RULES.find((rule) => !rule.test(password))?.message;
}

export { GENDER_IDENTITIES, SEXUAL_ORIENTATIONS } from './users';

/** A username's rules; the sign-up form says them in her language before she sends the form. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;

const usernameField = safeText()
  .trim()
  .min(USERNAME_MIN_LENGTH, 'Username must be at least 3 characters long')
  .max(USERNAME_MAX_LENGTH, 'Username must be at most 30 characters long')
  .regex(USERNAME_PATTERN, 'Username may only contain letters, numbers, dots and underscores');

export const passwordField = safeText().superRefine((password, ctx) => {
  const problem = firstPasswordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const locationField = safeText().trim().refine(isKnownLocation, 'Choose a city from the list');

export const interestsField = z
  .array(safeText().refine((i) => INTEREST_NAMES.has(i), 'Unknown interest'))
  .max(30, 'Choose at most 30 interests');

export const teaInterestsField = z.array(z.enum(TEA_PREFERENCES, 'Unknown tea')).max(TEA_PREFERENCES.length);

/** Preferences' UNITS, repeated so the sign-up form does not load the preferences schemas. */
const SIGN_UP_UNITS = ['imperial', 'metric'] as const satisfies readonly Units[];

export const registerBody = z.object({
  username: usernameField,
  password: passwordField,
  name: safeText().trim().min(1, 'Name is required').max(50, 'Name must be at most 50 characters'),
  age: z
    .number('Age must be a number')
    .int('Age must be a whole number')
    .min(MINIMUM_AGE, 'You must be at least 18 years old')
    .max(MAXIMUM_AGE, 'Please enter a real age'),
  bio: safeText().trim().max(500, 'Bio must be at most 500 characters').default(''),
  location: locationField,
  genderIdentity: z.enum(GENDER_IDENTITIES, 'Gender identity must be woman or non-binary'),
  sexualOrientation: z.enum(SEXUAL_ORIENTATIONS, 'Orientation must be lesbian, bisexual or pansexual'),
  interests: interestsField.default([]),
  teaInterests: teaInterestsField.default([]),
  /** Optional; when given, a code to verify it is mailed at once (as Settings → Email does). */
  email: emailAddress.optional(),
  /** Her distance units, a first guess from her browser's region; saved as her setting (app.units). */
  units: z.enum(SIGN_UP_UNITS, 'Units must be one of: imperial, metric').optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  username: safeText().trim().min(1, 'Username is required').max(64),
  // Not checked against the rules: old passwords must keep working if the rules change.
  password: safeText().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBody>;
