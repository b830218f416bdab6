import { z } from 'zod';

const cursor = z.object({ rank: z.number().int().min(0).max(2), eventDate: z.iso.datetime(), id: z.uuid() });
type EventCursor = z.infer<typeof cursor>;

export const encodeEventCursor = (value: EventCursor) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Undefined for anything that is not a cursor this server wrote. */
export function decodeEventCursor(text: string): EventCursor | undefined {
  try {
    const parsed = cursor.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
