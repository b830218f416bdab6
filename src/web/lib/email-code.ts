/**
 * Sign-up's "Enter code" (after the server mailed a code to the email she gave): Settings → Email, which puts
 * the code field in front of her when the link asks for it.
 */
export const ENTER_EMAIL_CODE = {
  path: '/settings?verify=email',
  askedIn: (params: URLSearchParams) => params.get('verify') === 'email',
} as const;

/**
 * The email reminder's "Change email" (a mistyped address never gets the code): Settings → Email with the form
 * for a new address open and focused.
 */
export const CHANGE_EMAIL = {
  path: '/settings?change=email',
  askedIn: (params: URLSearchParams) => params.get('change') === 'email',
} as const;
