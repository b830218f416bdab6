import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICEBREAKER_CATEGORIES, type Icebreaker, type Message, type MessagePage } from '../../../contract/chat';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';

let t: TestApp;
let ana: Client;
let bea: Client;
let cleo: Client;
let matchId: string;

beforeAll(async () => {
  t = await createTestApp();
  ana = await signUp(t.app, {
    interests: ['Yoga', 'Pottery', 'Running'],
    teaInterests: ['Matcha', 'Chai'],
    location: 'Portland, Oregon',
  });
  bea = await signUp(t.app, {
    name: 'Bea Lin',
    interests: ['Yoga', 'Pottery', 'Karaoke'],
    teaInterests: ['Chai', 'Oolong'],
    bio: 'Amateur astronomer who bakes terrible bread. Looking for someone to split a pot of oolong with!',
    location: 'Salem, Oregon',
  });
  cleo = await signUp(t.app, {
    name: 'Cleo',
    interests: ['Karaoke'],
    bio: 'Taco truck expert.',
    location: 'Austin, Texas',
  });
  matchId = await createMatch(t.database.db, ana.user.id, bea.user.id);
});
afterAll(() => t.close());

const generate = async (client: Client, id: string, query = '') => {
  const response = await client.request('POST', `/api/icebreakers/generate/${id}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Icebreaker[]>();
};

describe('POST /api/icebreakers/generate/:matchId', () => {
  it('builds 3–5 starters from the two profiles', async () => {
    const starters = await generate(ana, matchId);
    expect(starters.length).toBeGreaterThanOrEqual(3);
    expect(starters.length).toBeLessThanOrEqual(5);
    for (const s of starters) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ICEBREAKER_CATEGORIES).toContain(s.category);
    }
    const text = starters.map((s) => s.message).join('\n');
    // Shared interests (Yoga, Pottery), the shared tea (Chai), her bio and their cities.
    expect(text).toMatch(/Yoga|Pottery/);
    expect(text).toMatch(/Chai/);
    expect(text).toMatch(/astronomer|oolong/);
    expect(text).toMatch(/Salem|Oregon/);
  });

  it('gives a different set on refresh, a reproducible one for a seed, and different ones to different pairs', async () => {
    const first = (await generate(ana, matchId)).map((s) => s.message);
    const refreshed = (await generate(ana, matchId)).map((s) => s.message);
    expect(refreshed.filter((m) => first.includes(m))).toEqual([]);
    const seeded = (await generate(ana, matchId, '?seed=42')).map((s) => s.message);
    expect((await generate(ana, matchId, '?seed=42')).map((s) => s.message)).toEqual(seeded);

    const other = await createMatch(t.database.db, ana.user.id, cleo.user.id);
    const forCleo = (await generate(ana, other, '?seed=42')).map((s) => s.message);
    expect(forCleo.join('\n')).toMatch(/Austin|Karaoke|Taco/);
    expect(forCleo).not.toEqual(seeded);
  });

  it('keeps a bounded number of unused starters however often she refreshes', async () => {
    const [dee, eve] = [await signUp(t.app), await signUp(t.app)];
    const loopMatch = await createMatch(t.database.db, dee.user.id, eve.user.id);
    for (let i = 0; i < 15; i++) await generate(dee, loopMatch);
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from icebreakers where match_id = ${loopMatch}`,
    );
    // The 25 latest kept plus the set just made (3–5).
    expect((result as { rows: Array<{ n: number }> }).rows[0]?.n).toBeLessThanOrEqual(30);
  });

  it('is 404 for a non-member and an unknown match', async () => {
    expect((await cleo.request('POST', `/api/icebreakers/generate/${matchId}`)).statusCode).toBe(404);
    expect((await ana.request('POST', `/api/icebreakers/generate/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('GET /api/icebreakers/generate/:matchId', () => {
  it('only reads the stored starters: following a link to it generates and stores nothing', async () => {
    const made = await generate(ana, matchId);
    const count = async () => {
      const result = await t.database.db.execute(sql`select count(*)::int as n from icebreakers`);
      return (result as { rows: Array<{ n: number }> }).rows[0]?.n;
    };
    const before = await count();
    const read = await ana.request('GET', `/api/icebreakers/generate/${matchId}`);
    expect(read.statusCode).toBe(200);
    expect(
      read
        .json<Icebreaker[]>()
        .map((s) => s.id)
        .sort(),
    ).toEqual(made.map((s) => s.id).sort());
    expect(await count()).toBe(before);
    expect((await cleo.request('GET', `/api/icebreakers/generate/${matchId}`)).statusCode).toBe(404);
  });
});

describe('POST /api/icebreakers/:id/use', () => {
  it('sends the starter as an icebreaker message from the caller, once', async () => {
    const [starter] = await generate(bea, matchId);
    if (!starter) throw new Error('no starter');
    expect((await cleo.request('POST', `/api/icebreakers/${starter.id}/use`)).statusCode).toBe(404);

    const used = await bea.request('POST', `/api/icebreakers/${starter.id}/use`);
    expect(used.statusCode).toBe(201);
    const message = used.json<Message>();
    expect(message).toMatchObject({
      matchId,
      senderId: bea.user.id,
      content: starter.message,
      messageType: 'icebreaker',
      icebreakerId: starter.id,
    });
    const page = (await ana.request('GET', `/api/messages/${matchId}`)).json<MessagePage>();
    expect(page.messages.at(-1)?.id).toBe(message.id);

    expect((await ana.request('POST', `/api/icebreakers/${starter.id}/use`)).statusCode).toBe(409);
    const viaMessages = await bea.request('POST', '/api/messages', {
      matchId,
      content: 'again',
      messageType: 'icebreaker',
      icebreakerId: starter.id,
    });
    expect(viaMessages.statusCode).toBe(409);
  });

  it('marks a starter used when it is sent through POST /api/messages (edited text allowed)', async () => {
    const [starter] = await generate(ana, matchId);
    if (!starter) throw new Error('no starter');
    const sent = await ana.request('POST', '/api/messages', {
      matchId,
      content: `${starter.message} :)`,
      messageType: 'icebreaker',
      icebreakerId: starter.id,
    });
    expect(sent.statusCode).toBe(201);
    expect((await ana.request('POST', `/api/icebreakers/${starter.id}/use`)).statusCode).toBe(409);
  });

  it('refuses a starter of another conversation', async () => {
    const other = await createMatch(t.database.db, bea.user.id, cleo.user.id);
    const [foreign] = await generate(cleo, other);
    const response = await ana.request('POST', '/api/messages', {
      matchId,
      content: 'borrowed',
      messageType: 'icebreaker',
      icebreakerId: foreign?.id,
    });
    expect(response.statusCode).toBe(404);
    expect((await ana.request('POST', `/api/icebreakers/${foreign?.id}/use`)).statusCode).toBe(404);
  });

  it('uses a starter only once when two requests race', async () => {
    const [starter] = await generate(ana, matchId);
    const results = await Promise.all([
      ana.request('POST', `/api/icebreakers/${starter?.id}/use`),
      bea.request('POST', `/api/icebreakers/${starter?.id}/use`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('starters in her language', () => {
  let sofi: Client;
  let lu: Client;
  let pairId: string;
  beforeAll(async () => {
    // Sofi signed up from a Spanish browser (her saved language); Lu in English. Their bios are too short to quote.
    sofi = await signUp(
      t.app,
      { name: 'Sofi', bio: 'Hola.', interests: ['Hiking', 'Pottery', 'Running'], teaInterests: ['Chamomile'] },
      { 'accept-language': 'es' },
    );
    lu = await signUp(t.app, {
      name: 'Lu',
      bio: 'Hi there.',
      interests: ['Hiking', 'Pottery'],
      teaInterests: ['Chamomile'],
      location: 'Austin, Texas',
    });
    pairId = await createMatch(t.database.db, sofi.user.id, lu.user.id);
  });

  it('writes a Spanish member’s starters in Spanish, with the Spanish names of interests and teas', async () => {
    // Shared interests, the shared tea and her city: one starter each.
    const text = (await generate(sofi, pairId, '?seed=7')).map((s) => s.message).join('\n');
    expect(text).toMatch(/Senderismo|Cerámica/);
    expect(text).toMatch(/Manzanilla/);
    expect(text).toMatch(/Austin/);
    expect(text).toMatch(/¿/);
    expect(text).not.toMatch(/Hiking|Pottery|Chamomile|\b(What|you|your)\b/);
  });

  it('writes an English member’s in English, whatever the other member speaks', async () => {
    const text = (await generate(lu, pairId, '?seed=7')).map((s) => s.message).join('\n');
    expect(text).toMatch(/Hiking|Pottery/);
    expect(text).toMatch(/Chamomile/);
    expect(text).not.toMatch(/Senderismo|Cerámica|Manzanilla|¿/);
  });

  it('offers back only the stored set in her language', async () => {
    const spanish = await generate(sofi, pairId);
    const english = await generate(lu, pairId);
    const stored = async (client: Client) => {
      const response = await client.request('GET', `/api/icebreakers/generate/${pairId}`);
      expect(response.statusCode).toBe(200);
      return response.json<Icebreaker[]>().map((s) => s.message);
    };
    // The English set is the newest of the match; Sofi still reads hers.
    expect((await stored(sofi)).sort()).toEqual(spanish.map((s) => s.message).sort());
    expect((await stored(lu)).sort()).toEqual(english.map((s) => s.message).sort());
  });
});
