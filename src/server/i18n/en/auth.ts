/** auth: the server's words in English (../en.ts). */
export const auth = {
  tooManyWrongPasswords: 'Too many wrong passwords. Please try again later.',
  thatPasswordIsNot: 'That password is not right',
  chooseANewPassword: 'Choose a new password',
  thatCodeHasExpired: 'That code has expired',
  tooManyWrongCodes: 'Too many wrong codes',
  chooseACityFrom: 'Choose a city from the list',
  thatIsYourPassword: 'That is your current password. Log in with it, or choose a new one',
  theNewPasswordMust: 'The new password must differ from the current one',
  thatCodeHasExpiredAsk: 'That code has expired: ask for a new one',
  tooManyWrongCodesAsk: 'Too many wrong codes: ask for a new one',
  thatCodeWasReplaced: 'That code was replaced by a newer one — use the latest email',
  emailConfirmedElsewhere:
    'Another Steep account confirmed that address first, so it cannot be yours here. Your email did not change.',
  emailConfirmedElsewhereFirst: (p: { email: string }) =>
    `Another Steep account confirmed ${p.email} first, so it cannot be yours here. Add another address.`,
  emailTakenMail: (p: { name: string; username: string }) => ({
    subject: 'Someone tried to use your email on Steep',
    text: `Hi ${p.name},

Someone tried to add this email address to another Steep account. Nothing changed: it stays with your account ${p.username}.

You do not need to do anything. If you keep getting this email, tell us from the Safety Center (the shield at the top of the app).`,
  }),
  emailCodeMail: (p: { name: string; code: string; minutes: number }) => ({
    subject: `Your Steep code: ${p.code}`,
    text: `Hi ${p.name},

Your code to confirm this email on Steep is ${p.code}. It works for ${p.minutes} minutes.

If you did not ask for it, ignore this email.`,
  }),
  emailChangeRequestedMail: (p: { name: string; username: string; masked: string }) => ({
    subject: 'Someone asked to change your Steep email',
    text: `Hi ${p.name},

Someone asked to change the email of your Steep account ${p.username} to ${p.masked}. This address stays your account's email until the new one is confirmed with the code we sent there.

If it was you, there is nothing to do. If it was not you, change your password now (Settings → Password), then cancel the change in Settings → Email.`,
  }),
  emailChangedMail: (p: { name: string; username: string; masked: string }) => ({
    subject: 'Your Steep email was changed',
    text: `Hi ${p.name},

The email of your Steep account ${p.username} was changed to ${p.masked}. Reset links and notices go there now, not to this address.

If this wasn't you, log in and change your password now (Settings → Password): that signs out every other device. Then set your email back in Settings → Email, and tell us from the Safety Center (the shield at the top of the app).`,
  }),
  loggedOut: 'Logged out successfully',
  // Email settings' answers (account-security.ts), shown under the form.
  emailIsAlreadyYours: (p: { email: string }) => `${p.email} is already your email.`,
  emailKeptChangeCancelled: (p: { email: string }) =>
    `${p.email} is already your email: the change to another address is cancelled.`,
  emailCodeSent: (p: { email: string }) => `We sent a 6-digit code to ${p.email}`,
  emailVerified: 'Your email is verified',
  emailChangeConfirmed: (p: { email: string }) => `Confirmed: your email is now ${p.email}.`,
  emailNothingWaiting: (p: { email: string }) =>
    `No address is waiting for a code: your email ${p.email} is already confirmed.`,
  emailNoneWaiting: 'No address is waiting for a code. Add your email first.',
  emailChangeCodeSent: (p: { email: string; current: string }) =>
    `We sent a 6-digit code to ${p.email}. Your email stays ${p.current} until you confirm it.`,
  emailChangeCancelled: (p: { email: string }) => `Change cancelled. Your email stays ${p.email}.`,
  noEmailChangeWaiting: 'No email change is waiting',
  // features/account routes: what a member reads after a change of password or deleting her account.
  passwordChanged: 'Password changed. You were signed out everywhere else.',
  passwordResetDone: 'Your password is changed. Log in with it.',
  accountDeleted: 'Your account and everything in it has been deleted.',
  /**
   * Why a new password is too weak: zxcvbn's feedback, put in words by password-strength.ts in every language
   * (its translation tables load with the scorer, not with the catalogue), so the entry only picks hers.
   */
  passwordAdvice: (p: { advice: { en: string; es: string } }) => p.advice.en,
  // What stands in for a part of zxcvbn's feedback it did not give.
  easyToGuess: 'This password would be easy to guess.',
  addUncommonWords: 'Add a few uncommon words.',
};
