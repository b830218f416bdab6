export {
  changePassword,
  confirmPassword,
  confirmPasswordReset,
  requestPasswordReset,
  setEmail,
  verifyEmail,
  type AccountSecurityDeps,
} from './account-security';
export { DEFAULT_SCRYPT_LOG_N, hashPassword, hashSlots, NO_PASSWORD, verifyPassword } from './password';
export { authRoutes } from './routes';
