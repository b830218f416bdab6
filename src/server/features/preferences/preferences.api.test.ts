import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences, type UpdatePreferencesBody } from '../../../contract/preferences';
import type { DiscoveryPage } from '../../../contract/discovery';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { like, matchesOf, member, premiumMember, setProfile, writeMessage } from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const prefsUrl = (c: Client) => `/api/users/${c.user.id}/preferences`;

async function getPrefs(c: Client): Promise<Preferences> {
  const response = await c.request('GET', prefsUrl(c));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Preferences>();
}

/** Whole-object PUT built from her current preferences with `change` applied. */
async function savePrefs(c: Client, change: (p: UpdatePreferencesBody) => void) {
  const current = await getPrefs(c);
  const body: UpdatePreferencesBody = structuredClone(current);
  change(body);
  return c.request('PUT', prefsUrl(c), body);
}

async function savePrivacy(c: Client, privacy: Partial<Preferences['privacy']>) {
  const response = await savePrefs(c, (p) => {
    p.privacy = { ...p.privacy, ...privacy };
    p.visibility = { ...p.visibility, showAge: p.privacy.showAge, showDistance: p.privacy.showDistance };
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function cardOf(viewer: Client, subject: Client) {
  const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?limit=50&scope=all`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiscoveryPage>().users.find((u) => u.id === subject.user.id);
}

describe('the onboarding tour, remembered on her account', () => {
  it('is unseen at first; marking it seen keeps the rest, survives a save that does not send it, and is hers only', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await savePrivacy(ana, { showAge: false });
    expect((await getPrefs(ana)).app.tourSeen).toBe(false);

    const marked = await ana.request('POST', `/api/users/${ana.user.id}/preferences/tour-seen`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ tourSeen: true });
    const after = await getPrefs(ana);
    expect(after.app.tourSeen).toBe(true);
    expect(after.privacy.showAge).toBe(false);

    // A client that predates the flag sends app without it: the stored value stays.
    const saved = await savePrefs(ana, (p) => {
      p.app = { theme: 'dark', language: p.app.language, units: p.app.units };
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getPrefs(ana)).app).toMatchObject({ theme: 'dark', tourSeen: true });

    const forOther = await bea.request('POST', `/api/users/${ana.user.id}/preferences/tour-seen`);
    expect(forOther.statusCode).toBe(403);
    expect((await getPrefs(bea)).app.tourSeen).toBe(false);
  });
});

describe('the preferences object', () => {
  it('starts at the spec defaults, with the filters as its age range and distance', async () => {
    const ana = await member(t);
    const prefs = await getPrefs(ana);
    // One set of defaults: what a new account's discovery uses is what her preferences say.
    expect(prefs).toEqual(DEFAULT_PREFERENCES);
    // A new member's theme follows her device.
    expect(prefs.app.theme).toBe('system');
  });

  it('is one source of truth with the discovery filters, both ways', async () => {
    const ana = await member(t);
    const filters = await ana.request('PUT', `/api/users/${ana.user.id}/filters`, {
      minAge: 25,
      maxAge: 40,
      maxDistance: 30,
      teaPreferences: ['Matcha'],
    });
    expect(filters.statusCode, filters.body).toBe(200);
    expect((await getPrefs(ana)).ageRange).toEqual([25, 40]);
    expect((await getPrefs(ana)).maxDistance).toBe(30);

    const saved = await savePrefs(ana, (p) => {
      p.ageRange = [28, 45];
      p.maxDistance = 12;
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await ana.request('GET', `/api/users/${ana.user.id}/filters`)).json();
    // The tea chips she chose on the filters screen stay.
    expect(after).toMatchObject({ minAge: 28, maxAge: 45, maxDistance: 12, teaPreferences: ['Matcha'] });
  });

  it('refuses bad input with a message and changes nothing; strips unknown fields', async () => {
    const ana = await member(t);
    const before = await getPrefs(ana);
    for (const change of [
      (p: UpdatePreferencesBody) => (p.ageRange = [17, 30]),
      (p: UpdatePreferencesBody) => (p.ageRange = [30, 76]),
      (p: UpdatePreferencesBody) => (p.ageRange = [40, 30]),
      (p: UpdatePreferencesBody) => (p.maxDistance = 0),
      (p: UpdatePreferencesBody) => (p.dealBreakers = ['Snoring' as never]),
      (p: UpdatePreferencesBody) => (p.interests = ['Not An Interest']),
      (p: UpdatePreferencesBody) => (p.privacy.profileVisibility = 'friends' as never),
      (p: UpdatePreferencesBody) => (p.app.theme = 'neon' as never),
    ]) {
      const response = await savePrefs(ana, change);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect(await getPrefs(ana)).toEqual(before);
    const stripped = await savePrefs(ana, (p) => Object.assign(p, { isVerified: true, role: 'moderator' }));
    expect(stripped.statusCode).toBe(200);
    expect(stripped.json()).not.toHaveProperty('isVerified');
  });

  it("answers 403 to another member's preferences", async () => {
    const [ana, bea] = [await member(t), await member(t)];
    expect((await ana.request('GET', prefsUrl(bea))).statusCode).toBe(403);
  });

  it('needs an active subscription to turn a premium toggle on', async () => {
    const free = await member(t);
    const refused = await savePrefs(free, (p) => (p.premium.boostProfile = true));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Premium/);
    expect((await getPrefs(free)).premium.boostProfile).toBe(false);

    const paid = await premiumMember(t);
    const saved = await savePrefs(
      paid,
      (p) => (p.premium = { boostProfile: true, priorityLikes: true, seeWhoLikedYou: true }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getPrefs(paid)).premium.priorityLikes).toBe(true);
  });
});

describe('privacy, seen from the other member', () => {
  it('showAge off: her age leaves her card, her profile, the likes list and potential matches', async () => {
    const [ana, bea] = [await member(t), await premiumMember(t)];
    expect((await cardOf(bea, ana))?.age).toBe(30);
    await like(ana, bea);
    await savePrivacy(ana, { showAge: false });

    expect(await cardOf(bea, ana)).toBeDefined();
    expect(await cardOf(bea, ana)).not.toHaveProperty('age');
    const profile = await bea.request('GET', `/api/users/${ana.user.id}`);
    expect(profile.json()).not.toHaveProperty('age');
    const likes = (await bea.request('GET', '/api/notifications/likes-received')).json();
    expect(likes.entries.find((e: { id: string }) => e.id === ana.user.id)).not.toHaveProperty('age');
    const potential = (await bea.request('GET', '/api/notifications/potential-matches')).json();
    for (const entry of potential.filter((e: { id: string }) => e.id === ana.user.id))
      expect(entry).not.toHaveProperty('age');
    // She still sees her own.
    expect((await ana.request('GET', `/api/users/${ana.user.id}`)).json().age).toBe(30);
  });

  it('showDistance off: no distance band about her', async () => {
    const [ana, bea] = [await member(t), await member(t)];
    expect((await cardOf(bea, ana))?.distance).toBe('In your city');
    await savePrivacy(ana, { showDistance: false });
    const card = await cardOf(bea, ana);
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty('distance');
  });

  it('showOnlineStatus/showLastActive off: her matches see no presence of hers, and she sees none of theirs', async () => {
    const [ana, bea] = [await member(t), await member(t)];
    await createMatch(t.database.db, ana.user.id, bea.user.id);
    const otherOf = async (c: Client) => (await matchesOf(c))[0]?.otherUser;
    expect((await otherOf(bea))?.lastActive).not.toBeNull();
    await savePrivacy(ana, { showOnlineStatus: false });
    await savePrefs(ana, (p) => (p.visibility.showLastActive = false));
    expect(await otherOf(bea)).toMatchObject({ isOnline: false, lastActive: null });
    expect(await otherOf(ana)).toMatchObject({ isOnline: false, lastActive: null });
    const profile = (await bea.request('GET', `/api/users/${ana.user.id}`)).json();
    expect(profile).toMatchObject({ isOnline: false, lastActive: null });
  });

  it('the like that makes a match shows her presence only as both of them share theirs', async () => {
    const [ana, bea, cleo, dee] = [await member(t), await member(t), await member(t), await member(t)];
    await like(ana, bea);
    const shared = (await like(bea, ana)).match?.otherUser;
    expect(shared).toMatchObject({ id: ana.user.id, isOnline: true });
    expect(shared?.lastActive).not.toBeNull();

    await savePrivacy(ana, { showOnlineStatus: false });
    await savePrefs(ana, (p) => (p.visibility.showLastActive = false));
    await like(ana, cleo);
    expect((await like(cleo, ana)).match?.otherUser).toMatchObject({
      id: ana.user.id,
      isOnline: false,
      lastActive: null,
    });

    // Reciprocal: having hidden hers, she sees no one's in the match she makes.
    await like(dee, ana);
    expect((await like(ana, dee)).match?.otherUser).toMatchObject({
      id: dee.user.id,
      isOnline: false,
      lastActive: null,
    });
  });

  it("profileVisibility 'hidden' takes her out of discovery", async () => {
    const [ana, bea] = [await member(t), await member(t)];
    expect(await cardOf(bea, ana)).toBeDefined();
    await savePrivacy(ana, { profileVisibility: 'hidden' });
    expect(await cardOf(bea, ana)).toBeUndefined();
  });

  it("profileVisibility 'matches': only her matches can open her profile", async () => {
    const [ana, bea, cleo] = [await member(t), await member(t), await member(t)];
    await createMatch(t.database.db, ana.user.id, bea.user.id);
    await savePrivacy(ana, { profileVisibility: 'matches' });
    expect((await bea.request('GET', `/api/users/${ana.user.id}`)).statusCode).toBe(200);
    const stranger = await cleo.request('GET', `/api/users/${ana.user.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(await cardOf(cleo, ana)).toBeDefined();
  });

  it("allowMessagesFrom 'verified': an unverified match cannot write first, and is told why", async () => {
    const [ana, bea, cleo] = [await member(t), await member(t), await member(t)];
    const matchId = await createMatch(t.database.db, ana.user.id, bea.user.id);
    const verifiedMatch = await createMatch(t.database.db, ana.user.id, cleo.user.id);
    await setProfile(t, cleo, { isVerified: true });
    await savePrivacy(ana, { allowMessagesFrom: 'verified' });

    const refused = await bea.request('POST', '/api/messages', { matchId, content: 'Hi!' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/verified/);
    expect((await bea.request('GET', `/api/messages/${matchId}`)).json().messages).toHaveLength(0);

    expect((await cleo.request('POST', '/api/messages', { matchId: verifiedMatch, content: 'Hi!' })).statusCode).toBe(
      201,
    );
    // Once she writes, the conversation is open.
    await writeMessage(t, matchId, ana);
    expect((await bea.request('POST', '/api/messages', { matchId, content: 'Hi back!' })).statusCode).toBe(201);
  });
});

describe('deal breakers', () => {
  async function dealBreakers(c: Client, list: UpdatePreferencesBody['dealBreakers']) {
    const response = await savePrefs(c, (p) => (p.dealBreakers = list));
    expect(response.statusCode, response.body).toBe(200);
  }

  it('filter discovery both ways from her profile answers', async () => {
    const [ana, smoker, bea] = [await member(t), await member(t), await member(t)];
    const edit = await smoker.request('PUT', `/api/users/${smoker.user.id}`, { lifestyle: { smoking: 'socially' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await cardOf(ana, smoker)).toBeDefined();
    await dealBreakers(ana, ['Smoking']);
    // Ana does not see the smoker, and the smoker does not see Ana.
    expect(await cardOf(ana, smoker)).toBeUndefined();
    expect(await cardOf(smoker, ana)).toBeUndefined();
    // Someone who said nothing about smoking stays.
    expect(await cardOf(ana, bea)).toBeDefined();
  });

  it('children and relationship goals come from profile editing', async () => {
    const [ana, wants] = [await member(t), await member(t)];
    const edit = await wants.request('PUT', `/api/users/${wants.user.id}`, {
      lifestyle: { children: 'want' },
      relationshipGoals: 'Something casual',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await dealBreakers(ana, ['Wants children']);
    expect(await cardOf(ana, wants)).toBeUndefined();
    await dealBreakers(ana, ['Only casual']);
    expect(await cardOf(wants, ana)).toBeUndefined();
    await dealBreakers(ana, ['Dishonesty', 'Poor communication']);
    // Display-only deal breakers filter nobody.
    expect(await cardOf(ana, wants)).toBeDefined();
  });

  it("'Long distance' keeps people more than 50 miles apart out of each other's feed", async () => {
    const [ana, far] = [await member(t), await member(t, { location: 'Seattle, Washington' })];
    await ana.request('PUT', `/api/users/${ana.user.id}/filters`, { minAge: 18, maxAge: 65, maxDistance: 100 });
    await far.request('PUT', `/api/users/${far.user.id}/filters`, { minAge: 18, maxAge: 65, maxDistance: 100 });
    await dealBreakers(far, ['Long distance']);
    expect(await cardOf(ana, far)).toBeUndefined();
    expect(await cardOf(far, ana)).toBeUndefined();
  });
});

describe('notification settings', () => {
  it('likes off: the bell does not count new likes', async () => {
    const [ana, bea] = [await member(t), await member(t)];
    await like(bea, ana);
    expect((await ana.request('GET', '/api/notifications/count')).json()).toBe(1);
    const saved = await savePrefs(ana, (p) => (p.notifications.likes = false));
    expect(saved.statusCode).toBe(200);
    expect((await ana.request('GET', '/api/notifications/count')).json()).toBe(0);
  });
});

describe('preference stats', () => {
  it('equal hand-computed values on a fixture', async () => {
    // Bend is more than 50 miles from every other member of this file, who live in Portland.
    const location = 'Bend, Oregon';
    const ana = await member(t, { interests: ['Yoga'], location });
    const others = await Promise.all(
      [['Yoga', 'Hiking'], ['Yoga'], ['Hiking', 'Yoga', 'Baking'], ['Baking']].map((interests) =>
        member(t, { interests, location }),
      ),
    );
    await member(t, { interests: ['Surfing'], location: 'Miami, Florida' });
    const lastMonth = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    const m1 = await createMatch(t.database.db, ana.user.id, others[0]!.user.id);
    const m2 = await createMatch(t.database.db, ana.user.id, others[1]!.user.id, lastMonth);
    await createMatch(t.database.db, ana.user.id, others[2]!.user.id, lastMonth);
    // m1: both wrote (counts for quality); m2: only Ana wrote.
    await writeMessage(t, m1, ana);
    await writeMessage(t, m1, others[0]!);
    await writeMessage(t, m2, ana);
    await others[0]!.request('POST', `/api/users/${ana.user.id}/views`);
    await others[3]!.request('POST', `/api/users/${ana.user.id}/views`);

    const response = await ana.request('GET', `/api/users/${ana.user.id}/preference-stats`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats).toMatchObject({ totalMatches: 3, weeklyMatches: 1, profileViews: 2, matchQuality: 33 });
    // Members within her 50 miles (not her): Yoga ×3, Baking ×2, Hiking ×2 (ties alphabetical); Miami is out.
    expect(stats.popularInterests).toEqual([
      { interest: 'Yoga', count: 3 },
      { interest: 'Baking', count: 2 },
      { interest: 'Hiking', count: 2 },
    ]);
  });
});

describe('two devices saving her preferences (no lost update)', () => {
  it('refuses a save from a stale copy with 409 PREFERENCES_CHANGED and keeps what the other device saved', async () => {
    const ana = await member(t);
    const phone = await getPrefs(ana);
    const laptop = await getPrefs(ana);
    expect(phone.revision).toBe(laptop.revision);

    const first = await ana.request('PUT', prefsUrl(ana), { ...phone, ageRange: [30, phone.ageRange[1]] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Preferences>().revision).toBe(phone.revision + 1);

    const stale = await ana.request('PUT', prefsUrl(ana), { ...laptop, maxDistance: 10 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'PREFERENCES_CHANGED',
      message: expect.stringMatching(/another device/),
    });
    expect(await getPrefs(ana)).toMatchObject({ ageRange: [30, phone.ageRange[1]], maxDistance: phone.maxDistance });
  });

  it('a retry on the fresh copy with only her change re-applied keeps both devices’ changes', async () => {
    const ana = await member(t);
    const laptop = await getPrefs(ana);
    const phone = await getPrefs(ana);
    expect((await ana.request('PUT', prefsUrl(ana), { ...phone, ageRange: [30, 40] })).statusCode).toBe(200);
    expect((await ana.request('PUT', prefsUrl(ana), { ...laptop, maxDistance: 10 })).statusCode).toBe(409);

    // What the web client does on 409: fetch again, put her one edit on the fresh copy, send it once more.
    const fresh = await getPrefs(ana);
    const retried = await ana.request('PUT', prefsUrl(ana), { ...fresh, maxDistance: 10 });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Preferences>()).toMatchObject({
      ageRange: [30, 40],
      maxDistance: 10,
      revision: fresh.revision + 1,
    });
  });

  it('two first saves from the defaults: the second is refused, not merged over the first', async () => {
    const ana = await member(t);
    const defaults = await getPrefs(ana);
    const a = await ana.request('PUT', prefsUrl(ana), { ...defaults, interests: ['Yoga'] });
    expect(a.statusCode, a.body).toBe(200);
    const b = await ana.request('PUT', prefsUrl(ana), { ...defaults, interests: ['Hiking'] });
    expect(b.statusCode, b.body).toBe(409);
    expect((await getPrefs(ana)).interests).toEqual(['Yoga']);
  });

  it('a save on the filters screen counts: an editor still showing the old range is refused', async () => {
    const ana = await member(t);
    const editor = await getPrefs(ana);
    const filters = await ana.request('PUT', `/api/users/${ana.user.id}/filters`, {
      minAge: 25,
      maxAge: 70,
      maxDistance: 30,
    });
    expect(filters.statusCode, filters.body).toBe(200);
    const after = await getPrefs(ana);
    expect(after).toMatchObject({ ageRange: [25, 70], maxDistance: 30 });
    expect(after.revision).toBeGreaterThan(editor.revision);
    expect((await ana.request('PUT', prefsUrl(ana), { ...editor, interests: ['Yoga'] })).statusCode).toBe(409);
    // The editors take the filters' whole age range (70 was clamped to 65 before): a save keeps it.
    const saved = await ana.request('PUT', prefsUrl(ana), { ...after, interests: ['Yoga'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Preferences>().ageRange).toEqual([25, 70]);
  });

  it('refuses a revision that is not a whole number with a clear 400', async () => {
    const ana = await member(t);
    const prefs = await getPrefs(ana);
    const response = await ana.request('PUT', prefsUrl(ana), { ...prefs, revision: 'latest' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'revision' }] });
  });
});
