import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { channelsFor, inQuietHours } from './channels';

const defaults = DEFAULT_PREFERENCES.notifications;
const noon = new Date('2030-06-01T12:00:00Z');

describe('notification channels', () => {
  it('sends by default a match by push, and by email only to a verified address', () => {
    expect(channelsFor(defaults, 'match', { hasVerifiedEmail: false, now: noon })).toEqual({
      email: false,
      push: true,
    });
    expect(channelsFor(defaults, 'match', { hasVerifiedEmail: true, now: noon })).toEqual({ email: true, push: true });
  });

  it('keeps promotions and event reminders off until she turns them on', () => {
    expect(channelsFor(defaults, 'promotion', { hasVerifiedEmail: true, now: noon })).toEqual({
      email: false,
      push: false,
    });
    expect(channelsFor(defaults, 'event_reminder', { hasVerifiedEmail: true, now: noon }).push).toBe(false);
    expect(channelsFor({ ...defaults, events: true }, 'event_reminder', { hasVerifiedEmail: true, now: noon })).toEqual(
      { email: true, push: true },
    );
  });

  it('honours the kind switch and each master switch on its own', () => {
    const ctx = { hasVerifiedEmail: true, now: noon };
    expect(channelsFor({ ...defaults, newMessages: false }, 'message', ctx)).toEqual({ email: false, push: false });
    expect(channelsFor({ ...defaults, newMessages: false }, 'like', ctx)).toEqual({ email: true, push: true });
    expect(channelsFor({ ...defaults, pushNotifications: false }, 'like', ctx)).toEqual({ email: true, push: false });
    expect(channelsFor({ ...defaults, emailNotifications: false }, 'like', ctx)).toEqual({ email: false, push: true });
    expect(channelsFor({ ...defaults, moderationNotices: false }, 'moderation', ctx)).toEqual({
      email: false,
      push: false,
    });
  });

  it('holds push back inside quiet hours in her time zone, across midnight, but not email', () => {
    const quietHours = { start: '22:00', end: '07:00', timeZone: 'America/New_York' };
    // 03:30 UTC is 23:30 in New York (EDT): quiet. 12:00 UTC is 08:00 there: not.
    const night = new Date('2030-06-01T03:30:00Z');
    expect(inQuietHours(quietHours, night)).toBe(true);
    expect(inQuietHours(quietHours, noon)).toBe(false);
    expect(inQuietHours({ ...quietHours, timeZone: 'Asia/Tokyo' }, night)).toBe(false); // 12:30 in Tokyo
    expect(inQuietHours({ start: '13:00', end: '14:00', timeZone: 'UTC' }, noon)).toBe(false);
    expect(inQuietHours({ start: '11:00', end: '12:01', timeZone: 'UTC' }, noon)).toBe(true);
    expect(channelsFor({ ...defaults, quietHours }, 'message', { hasVerifiedEmail: true, now: night })).toEqual({
      email: true,
      push: false,
    });
  });
});
