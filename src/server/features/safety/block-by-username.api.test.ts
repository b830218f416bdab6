import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../../contract/safety';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { setProfile } from '../../test/members';

/**
 * Blocking by username must not tell whether a name is on Steep, nor whose it is,
 * even for hidden and ghost profiles.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const blockByName = (c: Client, blockedUsername: string) => c.request('POST', '/api/blocks', { blockedUsername });

/** The answer with every id and time replaced: what is left must not depend on the name. */
function shape(block: Block, typed: string) {
  const text = JSON.stringify(block).replaceAll(block.id, 'ID').replace(block.createdAt, 'AT').replace(typed, 'TYPED');
  return JSON.parse(text) as unknown;
}

describe('blocking by username', () => {
  it('answers the same for a member (ghost or not) and for a name nobody has, naming no one', async () => {
    const ana = await signUp(t.app);
    const ghost = await signUp(t.app, { name: 'Ghosted Gail' });
    await setProfile(t, ghost, { ghostMode: true });
    const visible = await signUp(t.app, { name: 'Visible Vera' });

    const answers = new Map<string, { status: number; body: Block }>();
    for (const name of [ghost.user.username, visible.user.username, 'nobody_has_this_name']) {
      const answer = await blockByName(ana, name);
      answers.set(name, { status: answer.statusCode, body: answer.json<Block>() });
    }
    const shapes = [...answers].map(([name, a]) => ({ status: a.status, shape: shape(a.body, name) }));
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[1]).toEqual(shapes[2]);
    expect(shapes[0]?.status).toBe(201);
    const all = JSON.stringify([...answers.values()]);
    for (const secret of [ghost.user.id, visible.user.id, 'Ghosted Gail', 'Visible Vera', '/media/']) {
      expect(all).not.toContain(secret);
    }
    // The same again: 409 for each, known or not.
    for (const name of answers.keys()) expect((await blockByName(ana, name.toUpperCase())).statusCode).toBe(409);

    // Her list shows the names she typed, nobody's id, name or photo, and counts every one.
    const list = await ana.request('GET', `/api/blocks/${ana.user.id}`);
    expect(
      list
        .json<Block[]>()
        .map((b) => b.blockedUser.name)
        .sort(),
    ).toEqual([ghost.user.username, visible.user.username, 'nobody_has_this_name'].sort());
    for (const secret of [ghost.user.id, visible.user.id, 'Ghosted Gail', 'Visible Vera']) {
      expect(list.body).not.toContain(secret);
    }
    const summary = await ana.request('GET', `/api/safety/${ana.user.id}/summary`);
    expect(summary.json().usersBlocked).toBe(3);
    const exported = await ana.request('GET', '/api/account/export');
    for (const secret of [ghost.user.id, visible.user.id]) expect(exported.body).not.toContain(secret);
  });

  it('still blocks the member the name belongs to, and unblocking lifts it', async () => {
    const bea = await signUp(t.app);
    const cleo = await signUp(t.app);
    const made = (await blockByName(bea, cleo.user.username)).json<Block>();
    // The block works: neither sees the other's profile.
    expect((await cleo.request('GET', `/api/users/${bea.user.id}`)).statusCode).toBe(404);
    // Blocking her by id from her profile now is a new block of a person she chose (no 409 telling them apart).
    const byId = await bea.request('POST', '/api/blocks', { blockedUserId: cleo.user.id });
    expect(byId.statusCode).toBe(201);
    expect((await bea.request('DELETE', `/api/blocks/${byId.json<Block>().id}`)).statusCode).toBe(200);
    expect((await bea.request('DELETE', `/api/blocks/${made.id}`)).statusCode).toBe(200);
    expect((await cleo.request('GET', `/api/users/${bea.user.id}`)).statusCode).toBe(200);
    expect((await bea.request('GET', `/api/blocks/${bea.user.id}`)).json()).toEqual([]);
  });

  it('a name block made first, then the same person blocked by id: 201, not a 409 that pairs the name with her', async () => {
    const dana = await signUp(t.app);
    const eve = await signUp(t.app);
    await blockByName(dana, eve.user.username);
    const byId = await dana.request('POST', '/api/blocks', { blockedUserId: eve.user.id });
    expect(byId.statusCode).toBe(201);
    expect(byId.json<Block>().blockedUser.id).toBe(eve.user.id);
  });
});
