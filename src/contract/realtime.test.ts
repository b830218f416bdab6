import { describe, expect, it } from 'vitest';
import { parseClientFrame, parseServerFrame } from './realtime';

describe('frame parsing', () => {
  const matchId = '7f1d6c7e-5a1b-4a52-9a55-3b1d1d2f3c4e';
  it('accepts the spec frames, with or without the userId the spec client adds', () => {
    expect(parseClientFrame(JSON.stringify({ type: 'auth', userId: 'u1' }))).toEqual({
      ok: true,
      frame: { type: 'auth', userId: 'u1' },
    });
    expect(parseClientFrame(JSON.stringify({ type: 'typing', matchId, userId: 'u1' })).ok).toBe(true);
    expect(parseClientFrame(JSON.stringify({ type: 'message', matchId, content: ' hi ' }))).toEqual({
      ok: true,
      frame: { type: 'message', matchId, content: 'hi' },
    });
  });

  it('tells invalid JSON, unknown types and bad fields apart', () => {
    expect(parseClientFrame('{')).toMatchObject({ ok: false, code: 'INVALID_FRAME', message: 'Frames must be JSON' });
    expect(parseClientFrame('{"type":"dance"}')).toMatchObject({
      ok: false,
      code: 'INVALID_FRAME',
      message: 'Unknown frame type',
    });
    expect(parseClientFrame('42')).toMatchObject({ ok: false, code: 'INVALID_FRAME' });
    expect(parseClientFrame(JSON.stringify({ type: 'message', matchId, content: '   ' }))).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'content: Message cannot be empty',
    });
  });

  it('parses server frames for the web', () => {
    const frame = { type: 'online_status', userId: 'u2', isOnline: false, lastActive: null };
    expect(parseServerFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
    expect(parseServerFrame(JSON.stringify({ type: 'typing', matchId })).ok).toBe(false);
  });
});
