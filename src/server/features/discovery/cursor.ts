import { z } from 'zod';
import { badRequest } from '../../http/errors';
import type { PoolBoundary } from './repository';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

/**
 * The discovery feed is ordered by (rank desc, id desc). A cursor is the last card's position plus
 * the time the feed was first read: ranks depend on recent activity, so every page is ranked as of
 * that same moment and pages neither repeat nor skip cards when time moves on.
 * Encoded as base64url JSON: opaque to clients, and never trusted — it is validated on the way in.
 */
interface FeedPosition {
  rank: number;
  id: string;
  rankedAt: Date;
  /** The candidate pool window the card came from (repository.ts `candidateQuery`); absent for the first. */
  window?: PoolBoundary;
}

/** A feed is re-ranked after a day; an older or future ranking time is not one this server issued. */
const MAX_CURSOR_AGE_MS = 24 * 60 * 60_000;

const cursorShape = z.object({
  // Ranks are small integers compared as SQL int.
  r: z.number().int().nonnegative().max(2_147_483_647),
  i: z.uuid(),
  t: z
    .number()
    .int()
    .refine((t) => t <= Date.now() + 60_000 && t >= Date.now() - MAX_CURSOR_AGE_MS),
  w: z
    .object({
      // Microseconds since the epoch, as digits: compared as SQL bigint.
      a: z
        .string()
        .regex(/^-?\d{1,18}$/)
        .nullable(),
      i: z.uuid(),
    })
    .optional(),
});

export function encodeCursor(position: FeedPosition): string {
  const raw = {
    r: position.rank,
    i: position.id,
    t: position.rankedAt.getTime(),
    ...(position.window && { w: { a: position.window.activeAtMicros, i: position.window.id } }),
  };
  return Buffer.from(JSON.stringify(raw)).toString('base64url');
}

export function decodeCursor(cursor: string): FeedPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorShape.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  const { r, i, t, w } = result.data;
  return { rank: r, id: i, rankedAt: new Date(t), ...(w && { window: { activeAtMicros: w.a, id: w.i } }) };
}

const invalidCursor = () =>
  badRequest(localText('invalidCursor'), [fieldError('cursor', localText('startAgainFromThe'))]);
