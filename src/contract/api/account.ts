import {
  accountExport,
  changePasswordBody,
  deleteAccountBody,
  emailStatus,
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
    summary: 'The signed-in user, or null for a visitor (never a 401)',
    response: sessionAnswer,
    public: true,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change her password (current password required); every other session ends',
    body: changePasswordBody,
    response: okBody,
  }),
  setEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email',
    summary: 'Set her email (unverified) and send a 6-digit code to confirm it',
    body: setEmailBody,
    status: 202,
    response: emailStatus,
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email/verify',
    summary: 'Confirm her email with the code sent to it',
    body: verifyEmailBody,
    response: emailStatus,
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset',
    summary: 'Email a single-use, 30-minute reset link to the verified email of an account (same answer either way)',
    body: passwordResetRequestBody,
    status: 202,
    response: okBody,
    public: true,
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    summary: 'Set a new password with a reset token; every session of the account ends',
    body: passwordResetConfirmBody,
    response: okBody,
    public: true,
  }),
  exportData: defineRoute({
    method: 'GET',
    path: '/api/account/export',
    summary: 'Everything Steep holds about her, as JSON',
    response: accountExport,
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/account',
    summary: 'Delete her account (password required): profile, photos, swipes, matches, sessions, preferences',
    body: deleteAccountBody,
    response: okBody,
  }),
};
