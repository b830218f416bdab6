import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { decodeCursor, encodeCursor } from './cursor';

const cursorOf = (fields: { r: number; t: number }) =>
  Buffer.from(JSON.stringify({ ...fields, i: '3b241101-e2bb-4255-8caf-4136c566a962' })).toString('base64url');

describe('discovery cursor', () => {
  it('round-trips a feed position', () => {
    const position = { rank: 174, id: '3b241101-e2bb-4255-8caf-4136c566a962', rankedAt: new Date(Date.now() - 60_000) };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['JSON of the wrong shape', Buffer.from(JSON.stringify({ r: 'x' })).toString('base64url')],
    [
      'a negative rank',
      Buffer.from(JSON.stringify({ r: -1, i: '3b241101-e2bb-4255-8caf-4136c566a962', t: 1 })).toString('base64url'),
    ],
    [
      'an id that is not a uuid',
      Buffer.from(JSON.stringify({ r: 1, i: "x' or 1=1", t: Date.now() })).toString('base64url'),
    ],
    ['a rank beyond a SQL int', cursorOf({ r: 3e9, t: Date.now() })],
    ['a ranking time that is not a date', cursorOf({ r: 1, t: 9e15 })],
    ['a ranking time in the future', cursorOf({ r: 1, t: Date.now() + 3_600_000 })],
    ['a ranking time over a day old', cursorOf({ r: 1, t: Date.now() - 2 * 86_400_000 })],
  ])('refuses %s with a 400', (_case, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(AppError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as AppError).status).toBe(400);
    }
  });
});
