import { msg } from '@lingui/core/macro';

/** The session's own words (lib/session.tsx), in the catalogue. */
export const LOGGED_OUT = msg`Logged out successfully`;
export const NOT_LOGGED_OUT = msg`Could not sign out`;
