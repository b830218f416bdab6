import type { SafetySummary } from '../../../contract/safety';
import { accountState, countBlocksMadeBy } from '../../core';
import type { Db } from '../../db/client';
import { countReportsFiledBy } from './repository';

/** The Safety Center's counters, from her own data. */
export async function safetySummary(db: Db, userId: string): Promise<SafetySummary> {
  return {
    reportsFiled: await countReportsFiledBy(db, userId),
    usersBlocked: await countBlocksMadeBy(db, userId),
    photoVerified: (await accountState(db, userId))?.verified ?? false,
  };
}
