import { sql, type SQL } from 'drizzle-orm';
import { matches } from '../../db/schema/matches';

/** Her match ids as a subquery, for another feature's one-statement count (chat's unread conversations). */
export function matchIdsOfMember(userId: string): SQL {
  return sql`(select ${matches.id} from ${matches} where ${matches.userA} = ${userId} or ${matches.userB} = ${userId})`;
}
