import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryPage, TravelState } from '../../../contract/discovery';
import { createTestApp, type TestApp } from '../../test/harness';
import { feedIds, member, premiumMember } from '../../test/members';
import type { Client } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOME = 'Fargo, North Dakota';
const AWAY = 'Santa Fe, New Mexico';
const DAY = 86_400_000;

const setTrip = (client: Client, body: Record<string, unknown>) => client.request('PUT', '/api/discovery/travel', body);
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function cardOf(viewer: Client, id: string) {
  const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiscoveryPage>().users.find((card) => card.id === id);
}

describe('Travel mode', () => {
  it('treats her as being in the city she visits, both ways, with a Visiting label, and brings her home when it ends', async () => {
    const traveller = await premiumMember(t, { location: HOME });
    const homeFriend = await member(t, { location: HOME });
    const local = await member(t, { location: AWAY });
    expect(await feedIds(local)).not.toContain(traveller.user.id);
    expect(await feedIds(traveller)).toContain(homeFriend.user.id);

    const response = await setTrip(traveller, { location: AWAY, until: inDays(5) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TravelState>().plan).toMatchObject({ location: AWAY, homeLocation: HOME });

    // Members there see her, labelled as visiting, in their city; she sees them; home no longer sees her.
    const card = await cardOf(local, traveller.user.id);
    expect(card).toMatchObject({ location: AWAY, visiting: true, distance: 'In your city' });
    expect(JSON.stringify(card)).not.toContain('Fargo');
    expect(await feedIds(traveller)).toContain(local.user.id);
    expect(await feedIds(traveller)).not.toContain(homeFriend.user.id);
    expect(await feedIds(homeFriend)).not.toContain(traveller.user.id);
    // A member who is not travelling carries no label.
    expect((await cardOf(traveller, local.user.id))?.visiting).toBeUndefined();

    // The sweep after the end date: home again, both ways.
    expect(await t.app.jobs.runDue(new Date(Date.now() + 6 * DAY))).toBeGreaterThan(0);
    const state = await traveller.request('GET', '/api/discovery/travel');
    expect(state.json<TravelState>()).toEqual({ plan: null });
    expect(await feedIds(local)).not.toContain(traveller.user.id);
    expect(await feedIds(homeFriend)).toContain(traveller.user.id);
    const me = await traveller.request('GET', '/api/auth/me');
    expect(me.json<{ location: string }>().location).toBe(HOME);
  });

  it('ends early on request, and a second trip keeps her real home', async () => {
    const traveller = await premiumMember(t, { location: HOME });
    expect((await setTrip(traveller, { location: AWAY, until: inDays(3) })).statusCode).toBe(200);
    const second = await setTrip(traveller, { location: 'Burlington, Vermont', until: inDays(4) });
    expect(second.json<TravelState>().plan).toMatchObject({ location: 'Burlington, Vermont', homeLocation: HOME });
    const ended = await traveller.request('DELETE', '/api/discovery/travel');
    expect(ended.json<TravelState>()).toEqual({ plan: null });
    const me = await traveller.request('GET', '/api/auth/me');
    expect(me.json<{ location: string }>().location).toBe(HOME);
  });

  it('is Premium only, and refuses a bad city or dates with a 400 that changes nothing', async () => {
    const free = await member(t, { location: HOME });
    const refused = await setTrip(free, { location: AWAY, until: inDays(2) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });

    const traveller = await premiumMember(t, { location: HOME });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ location: 'Atlantis, Nowhere', until: inDays(2) }, 'location'],
      [{ location: AWAY, until: inDays(-1) }, 'until'],
      [{ location: AWAY, until: inDays(15) }, 'until'],
      [{ location: HOME, until: inDays(2) }, 'location'],
      [{ location: AWAY, until: 'next tuesday' }, 'until'],
    ];
    for (const [body, path] of cases) {
      const response = await setTrip(traveller, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json().errors), JSON.stringify(body)).toContain(path);
    }
    const state = await traveller.request('GET', '/api/discovery/travel');
    expect(state.json<TravelState>()).toEqual({ plan: null });
    const me = await traveller.request('GET', '/api/auth/me');
    expect(me.json<{ location: string }>().location).toBe(HOME);
  });
});
