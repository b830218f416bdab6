import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { decodeCursor, encodeCursor } from './cursor';

describe('discovery cursor', () => {
  it('round-trips a feed position', () => {
    const position = { rank: 174, id: '3b241101-e2bb-4255-8caf-4136c566a962', rankedAt: new Date('2030-01-02T03:04:05.678Z') };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['JSON of the wrong shape', Buffer.from(JSON.stringify({ r: 'x' })).toString('base64url')],
    ['a negative rank', Buffer.from(JSON.stringify({ r: -1, i: '3b241101-e2bb-4255-8caf-4136c566a962', t: 1 })).toString('base64url')],
    ['an id that is not a uuid', Buffer.from(JSON.stringify({ r: 1, i: "x' or 1=1", t: 1 })).toString('base64url')],
  ])('refuses %s with a 400', (_case, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(AppError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as AppError).status).toBe(400);
    }
  });
});
