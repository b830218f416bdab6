export {
  cancelEmailChange,
  changePassword,
  confirmPassword,
  confirmPasswordReset,
  passwordResetUsable,
  registerPasswordResetJob,
  requestPasswordReset,
  RESET_MAILS_PER_ACCOUNT_PER_HOUR,
  setEmail,
  verifyEmail,
  type AccountSecurityDeps,
} from './account-security';
export { DEFAULT_SCRYPT_LOG_N, hashPassword, hashSlots, NO_PASSWORD, verifyPassword } from './password';
export { authRoutes } from './routes';
