import { AppError, localText } from '../http/errors';
import type { SessionInfo } from './sessions';

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', localText('pleaseSignInTo'));

/** The acting user of a guarded route: always the session's, never an id the client sent. */
export function sessionUserId(request: { session: SessionInfo | null }): string {
  if (!request.session) throw unauthenticated();
  return request.session.userId;
}
