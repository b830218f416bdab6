export {
  cancelEmailChange,
  changeEmail,
  changePassword,
  confirmPassword,
  confirmPasswordReset,
  passwordResetUsable,
  registerPasswordResetJob,
  requestPasswordReset,
  resendEmailCode,
  RESET_MAILS_PER_ACCOUNT_PER_HOUR,
  verifyEmail,
  type AccountSecurityDeps,
} from './account-security';
export { DEFAULT_SCRYPT_LOG_N, hashPassword, hashSlots, NO_PASSWORD, verifyPassword } from './password';
export { authRoutes } from './routes';
