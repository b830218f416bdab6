import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RegisterBody } from '../../contract/auth';
import type { DiscoveryPage, GhostModeResponse } from '../../contract/discovery';
import type { SwipeResponse, MatchList } from '../../contract/matches';
import type { Preferences, UpdatePreferencesBody } from '../../contract/preferences';
import type { Block } from '../../contract/safety';
import { messages, swipes } from './tables';
import type { Language } from '../i18n';
import { signUp, type Client, type TestApp } from './harness';
import { updateUser, type UserChanges } from '../core';

/** Factories for discovery, swipe, match, safety and notification tests. */

export async function member(t: TestApp, overrides: Partial<RegisterBody> = {}): Promise<Client> {
  return signUp(t.app, overrides);
}

export async function premiumMember(t: TestApp, overrides: Partial<RegisterBody> = {}): Promise<Client> {
  const client = await signUp(t.app, overrides);
  const granted = await client.request('POST', `/api/grant-test-subscription/${client.user.id}`);
  expect(granted.statusCode).toBe(200);
  return client;
}

/** Saves her app language the way the Preferences page does (the whole object, app.language changed). */
export async function saveLanguage(client: Client, language: Language): Promise<void> {
  const current = (await client.request('GET', `/api/users/${client.user.id}/preferences`)).json<Preferences>();
  const body: UpdatePreferencesBody = {
    ...current,
    ageRange: [Math.min(current.ageRange[0], 65), Math.min(current.ageRange[1], 65)],
    app: { theme: current.app.theme, language, units: current.app.units },
  };
  const saved = await client.request('PUT', `/api/users/${client.user.id}/preferences`, body);
  expect(saved.statusCode, saved.body).toBe(200);
}

export async function swipe(client: Client, target: Client | string, isLike = true, superLike = false) {
  const targetUserId = typeof target === 'string' ? target : target.user.id;
  return client.request('POST', '/api/likes', { targetUserId, isLike, superLike });
}

export async function like(client: Client, target: Client) {
  const response = await swipe(client, target);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SwipeResponse>();
}

export async function block(client: Client, target: Client) {
  const response = await client.request('POST', '/api/blocks', { blockedUserId: target.user.id });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Block>();
}

export async function setGhost(client: Client, on: boolean) {
  const response = await client.request('POST', `/api/users/${client.user.id}/ghost-mode`, { ghostMode: on });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GhostModeResponse>();
}

/** Every card id of her feed, following the cursor to the end. */
export async function feedIds(client: Client, query = ''): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', '50');
    if (cursor) params.set('cursor', cursor);
    const response = await client.request('GET', `/api/users/discovery/${client.user.id}?${params.toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<DiscoveryPage>();
    ids.push(...page.users.map((u) => u.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

export async function matchesOf(client: Client) {
  const response = await client.request('GET', '/api/matches');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MatchList>();
}

/** Private fields set straight in the database, to prove they never leave it. */
export async function plantPrivateData(
  t: TestApp,
  client: Client,
  values: { phoneNumber?: string; job?: string } = {},
) {
  await updateUser(t.database.db, t.context.caches, client.user.id, {
    phoneNumber: values.phoneNumber ?? '+15035550199',
    ...(values.job ? { job: values.job } : {}),
  });
}

/** Member columns set through core, as the features write them (so discovery's projection follows). */
export async function setProfile(t: TestApp, client: Client, values: UserChanges) {
  await updateUser(t.database.db, t.context.caches, client.user.id, values);
}

/** Moves all of her swipes back in time (yesterday's likes, last week's super like). */
export async function backdateSwipes(t: TestApp, client: Client, hours: number) {
  await t.database.db
    .update(swipes)
    .set({ createdAt: sql`${swipes.createdAt} - make_interval(hours => ${hours}::int)` })
    .where(eq(swipes.userId, client.user.id));
}

/** A message straight into the match (chat owns the API for it). */
export async function writeMessage(t: TestApp, matchId: string, sender: Client) {
  await t.database.db.insert(messages).values({ matchId, senderId: sender.user.id, content: 'Hi there!' });
}

export const PRIVATE_PATTERN = /phone|email|latitude|longitude|ghost|premium|subscription|password|\+1503555/i;
