import { z } from 'zod';

/** Path parameters, named one way: `:userId` is always a user, `:id` the resource the path names. */
export const userIdParams = z.object({ userId: z.uuid('Invalid user id') });
/** `:id` on routes declared `{ self: 'params.id' }`: the guard has already refused any id but the session user's. */
export const selfIdParams = z.object({ id: z.uuid('Invalid user id') });
/** Any resource's id; an unknown or malformed one is a 404 in the service. */
export const anyIdParams = z.object({ id: z.string() });
/** `:id` naming the resource of the path (a block, a swipe, a message…), with its own message. */
export const resourceIdParams = (what: string) => z.object({ id: z.uuid(`Invalid ${what} id`) });
/** `:matchId`: a match, on routes whose path names something else (its messages, its starters). */
export const matchIdParams = z.object({ matchId: z.uuid('Invalid match id') });
