import { AppError } from '../http/errors';
import type { SessionInfo } from './sessions';
import { localText } from '../i18n';

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', localText('pleaseSignInTo'));

/** The acting user of a guarded route: always the session's, never an id the client sent. */
export function sessionUserId(request: { session: SessionInfo | null }): string {
  if (!request.session) throw unauthenticated();
  return request.session.userId;
}
