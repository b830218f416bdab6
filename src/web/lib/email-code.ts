/**
 * Sign-up's "Enter code" (after the server mailed a code to the email she gave): Settings → Email, which puts
 * the code field in front of her when the link asks for it.
 */
export const ENTER_EMAIL_CODE = {
  path: '/settings?verify=email',
  askedIn: (params: URLSearchParams) => params.get('verify') === 'email',
} as const;
