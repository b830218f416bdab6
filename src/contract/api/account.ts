import {
  accountExport,
  changePasswordBody,
  deleteAccountBody,
  emailStatus,
  passwordResetCheck,
  passwordResetDone,
  passwordResetCheckBody,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  sessionAnswer,
  setEmailBody,
  verifyEmailBody,
} from '../account';
import { okBody } from '../http';
import { defineRoute } from './define';

export const accountApi = {
  session: defineRoute({
    method: 'GET',
    path: '/api/auth/session',
    access: 'public',
    summary: 'The signed-in user, or null for a visitor (never a 401)',
    response: sessionAnswer,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/password',
    access: 'member',
    summary: 'Change her password (current password required); every other session ends',
    body: changePasswordBody,
    response: okBody,
  }),
  setEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email',
    access: 'member',
    summary:
      'Add her email (unverified), or with a confirmed one ask to change it (pending until confirmed; the confirmed one stays), and send a 6-digit code to the new address; her current password required (403 INVALID_CREDENTIALS, 429 after 5 wrong)',
    body: setEmailBody,
    status: 202,
    response: emailStatus,
  }),
  resendEmailCode: defineRoute({
    method: 'POST',
    path: '/api/account/email/code',
    access: 'member',
    summary:
      'Send a new code to the address waiting for confirmation (her unverified email, or her pending one) and to no other; 409 NOTHING_TO_CONFIRM when none is waiting; 429 past three codes at once, then one every five minutes',
    status: 202,
    response: emailStatus,
    limit: 'codes',
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email/verify',
    access: 'member',
    summary:
      'Confirm her email, or her pending new one (which then replaces the confirmed one), with the code sent to it; 409 CONFLICT if another account confirmed it first, 409 NOTHING_TO_CONFIRM when no address is waiting',
    body: verifyEmailBody,
    response: emailStatus,
  }),
  cancelEmailChange: defineRoute({
    method: 'DELETE',
    path: '/api/account/email/pending',
    access: 'member',
    summary:
      'Cancel her pending email change: her confirmed email stays and the code sent to the new address stops working',
    response: emailStatus,
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset',
    access: 'public',
    summary: 'Email a single-use, 30-minute reset link to the verified email of an account (same answer either way)',
    body: passwordResetRequestBody,
    status: 202,
    response: okBody,
  }),
  checkPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset/check',
    access: 'public',
    summary: 'Whether a reset link is still usable (unused, not expired), so the page can say so before she types',
    body: passwordResetCheckBody,
    response: passwordResetCheck,
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    access: 'public',
    summary: 'Set a new password with a reset token; every session of the account ends',
    body: passwordResetConfirmBody,
    response: passwordResetDone,
  }),
  exportData: defineRoute({
    method: 'GET',
    path: '/api/account/export',
    access: 'member',
    summary: 'Everything Steep holds about her, as JSON',
    response: accountExport,
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/account',
    access: 'member',
    summary: 'Delete her account (password required): profile, photos, swipes, matches, sessions, preferences',
    body: deleteAccountBody,
    response: okBody,
  }),
};
