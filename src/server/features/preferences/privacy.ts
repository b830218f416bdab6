import { DEFAULT_PREFERENCES, type PrivacySettings } from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { privacyRows } from './repository';

/** What other features need to know about a member's privacy choices. */
interface PrivacyView {
  showAge: boolean;
  showDistance: boolean;
  showOnlineStatus: boolean;
  showLastActive: boolean;
  profileVisibility: PrivacySettings['profileVisibility'];
  allowMessagesFrom: PrivacySettings['allowMessagesFrom'];
}

export const DEFAULT_PRIVACY: Readonly<PrivacyView> = Object.freeze({
  showAge: DEFAULT_PREFERENCES.privacy.showAge,
  showDistance: DEFAULT_PREFERENCES.privacy.showDistance,
  showOnlineStatus: DEFAULT_PREFERENCES.privacy.showOnlineStatus,
  showLastActive: DEFAULT_PREFERENCES.visibility.showLastActive,
  profileVisibility: DEFAULT_PREFERENCES.privacy.profileVisibility,
  allowMessagesFrom: DEFAULT_PREFERENCES.privacy.allowMessagesFrom,
});

/** The privacy of each of `userIds` (defaults for anyone who never saved preferences), one query. */
export async function privacyOf(db: Db, userIds: readonly string[]): Promise<Map<string, PrivacyView>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, PrivacyView>(ids.map((id) => [id, DEFAULT_PRIVACY]));
  if (ids.length === 0) return result;
  for (const { userId, ...view } of await privacyRows(db, ids)) {
    result.set(userId, {
      ...view,
      profileVisibility: view.profileVisibility as PrivacyView['profileVisibility'],
      allowMessagesFrom: view.allowMessagesFrom as PrivacyView['allowMessagesFrom'],
    });
  }
  return result;
}

export async function privacyFor(db: Db, userId: string): Promise<PrivacyView> {
  return (await privacyOf(db, [userId])).get(userId) ?? DEFAULT_PRIVACY;
}

/** What `viewer` may learn about `subject`. Presence and last-active are reciprocal, as on WhatsApp: hide yours, see no one's. */
export interface Disclosure {
  age: boolean;
  distance: boolean;
  online: boolean;
  lastActive: boolean;
}

export function disclosure(subject: PrivacyView, viewer: PrivacyView): Disclosure {
  return {
    age: subject.showAge,
    distance: subject.showDistance,
    online: subject.showOnlineStatus && viewer.showOnlineStatus,
    lastActive: subject.showLastActive && viewer.showLastActive,
  };
}

/** `disclosure` for many subjects seen by one viewer, one query. */
export async function disclosuresFor(
  db: Db,
  viewerId: string,
  subjectIds: readonly string[],
): Promise<(subjectId: string) => Disclosure> {
  const privacy = await privacyOf(db, [viewerId, ...subjectIds]);
  const viewer = privacy.get(viewerId) ?? DEFAULT_PRIVACY;
  return (subjectId) => disclosure(privacy.get(subjectId) ?? DEFAULT_PRIVACY, viewer);
}

/** Of `userIds`, those who share their online status (and so may both send and receive presence frames). */
export async function sharingPresence(db: Db, userIds: readonly string[]): Promise<string[]> {
  const privacy = await privacyOf(db, userIds);
  return userIds.filter((id) => privacy.get(id)?.showOnlineStatus ?? true);
}
