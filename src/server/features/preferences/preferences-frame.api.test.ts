import { describe, expect, it } from 'vitest';
import type { Preferences } from '../../../contract/preferences';
import { member } from '../../test/members';
import { useSocketTestApp } from '../../realtime/test-socket';

/*
 * Her other devices follow a save: a `preferences_changed` frame reaches every socket of hers (the other phone
 * fetches her preferences again), never another member's, and carries nothing but the new revision.
 */
const s = useSocketTestApp();

describe('preferences_changed', () => {
  it('reaches her other devices after a save, and no one else', async () => {
    const ana = await member(s.t);
    const bea = await member(s.t);
    const phone = await s.socketOf(ana);
    const laptop = await s.socketOf(ana);
    const other = await s.socketOf(bea);

    const current = (await ana.request('GET', `/api/users/${ana.user.id}/preferences`)).json<Preferences>();
    const saved = await ana.request('PUT', `/api/users/${ana.user.id}/preferences`, {
      ...current,
      app: { ...current.app, language: 'es', theme: 'dark' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const revision = saved.json<Preferences>().revision;

    expect(await laptop.next('preferences_changed')).toEqual({ type: 'preferences_changed', revision });
    expect(await phone.next('preferences_changed')).toEqual({ type: 'preferences_changed', revision });
    await s.settle();
    expect(other.frames.filter((f) => f.type === 'preferences_changed')).toEqual([]);
  });

  it('follows a save on the filters screen too (its age range and distance are her preferences)', async () => {
    const ana = await member(s.t);
    const laptop = await s.socketOf(ana);
    const saved = await ana.request('PUT', `/api/users/${ana.user.id}/filters`, {
      minAge: 30,
      maxAge: 40,
      maxDistance: 20,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { revision } = (await ana.request('GET', `/api/users/${ana.user.id}/preferences`)).json<Preferences>();
    expect(await laptop.next('preferences_changed')).toEqual({ type: 'preferences_changed', revision });
  });

  it('a refused save (stale copy) tells no device anything', async () => {
    const ana = await member(s.t);
    const stale = (await ana.request('GET', `/api/users/${ana.user.id}/preferences`)).json<Preferences>();
    expect((await ana.request('PUT', `/api/users/${ana.user.id}/preferences`, stale)).statusCode).toBe(200);
    const laptop = await s.socketOf(ana);
    expect((await ana.request('PUT', `/api/users/${ana.user.id}/preferences`, stale)).statusCode).toBe(409);
    await s.settle();
    expect(laptop.frames.filter((f) => f.type === 'preferences_changed')).toEqual([]);
  });
});
