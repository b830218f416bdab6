import type { UserStatus } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { statusOf, type StatusRow } from './repository';

/** The version in the file's URL: a new status is a new URL, so a cached file never plays for the next one. */
export const versionOf = (row: StatusRow) => String(row.createdAt.getTime());

export function presentStatus(row: StatusRow): UserStatus {
  return {
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    voice:
      row.voiceKey && row.voiceContentType && row.voiceDurationMs !== null
        ? {
            url: `/api/users/${row.userId}/status/voice/${versionOf(row)}`,
            contentType: row.voiceContentType,
            durationMs: row.voiceDurationMs,
            waveform: row.voiceWaveform ?? [],
          }
        : null,
  };
}

/** The status `viewerId` may see of a member she may already see: her own always, anyone else's while it lives. */
export async function liveStatusOf(
  db: Db,
  viewerId: string,
  userId: string,
  now = new Date(),
): Promise<UserStatus | null> {
  const row = await statusOf(db, userId);
  if (!row) return null;
  if (userId !== viewerId && row.expiresAt <= now) return null;
  return presentStatus(row);
}
