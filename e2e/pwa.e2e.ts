import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch } from '../src/server/test/matches';
import { startPushService, type LocalPushService } from '../src/server/test/push-service';
import { shootBothThemes } from './flows-themes';
import {
  closeBadgeCard,
  expectAccessible,
  launchBrowser,
  newUser,
  phoneContext,
  screenshot,
  signUpViaApi,
  startServer,
  toastText,
  type TestServer,
  watchBadgeCheck,
} from './harness';

/*
 * The installable app and push from the browser's side. The server serves a copy of the built
 * web app, so one test can publish a "new build" (a changed sw.js) without touching dist/web.
 */
const BUILT = path.resolve(import.meta.dirname, '../dist/web');
let webRoot: string;
let server: TestServer;
let browser: Browser;
let push: LocalPushService;
/** Every journey here is about the service worker, which contexts are made without unless asked. */
const WITH_WORKER = { serviceWorkers: 'allow' } as const;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'steep-web-'));
  await cp(BUILT, webRoot, { recursive: true });
  push = await startPushService();
  [server, browser] = await Promise.all([
    startServer({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100', PUSH_ALLOWED_HOSTS: '127.0.0.1' }, { webRoot }),
    // The full browser: the headless shell has no Push API, and half of this file is about push.
    launchBrowser([], { full: true }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await push?.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** Waits until a service worker controls the page (clients.claim() after the first install). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

async function setTheme(context: BrowserContext, userId: string, theme: 'light' | 'dark') {
  const prefs = (await (await context.request.get(`/api/users/${userId}/preferences`)).json()) as {
    app: Record<string, string>;
  };
  const saved = await context.request.put(`/api/users/${userId}/preferences`, {
    data: { ...prefs, ageRange: [22, 35], app: { ...prefs.app, theme } },
  });
  expect(saved.status()).toBe(200);
}

describe('installable app', () => {
  it('links a valid manifest with icons, shortcuts and Apple meta; Chromium finds nothing blocking install', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await context.request.get(href!);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Steep', start_url: '/home', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await context.request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Discover', '/home'],
      ['Chats', '/chats'],
    ]);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon.png');
    expect(await page.locator('meta[name="apple-mobile-web-app-status-bar-style"]').count()).toBe(1);
    expect(await page.locator('meta[name="theme-color"]').count()).toBe(2);

    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A Playwright context is always "incognito" to Chromium; nothing else may be reported.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await context.close();
  });

  it('installs a service worker that controls the page, never caches /api, and shows the offline page offline', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const user = await signUpViaApi(context, { name: 'Ines' });
    const page = await context.newPage();
    await page.goto('/home');
    await controlled(page);
    await page.getByRole('link', { name: 'Chats', exact: true }).first().waitFor();
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/media'))).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await screenshot(page, 'pwa-offline-light');
    await expectAccessible(page, 'offline page (light)');
    await context.setOffline(false);
    // The offline page reopens the app by itself; a navigation of the test's own would race it.
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await setTheme(context, user.id, 'dark');
    await page.goto('/settings');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshot(page, 'pwa-offline-dark');
    await expectAccessible(page, 'offline page (dark)');
    // Back online, the page opens the screen she asked for by itself (Try again's address, this one), not /home.
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('');
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await context.close();
  });

  it('shows "A new version is ready — Reload" when a new worker waits, and reloads into it', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    await signUpViaApi(context, { name: 'Noa' });
    const page = await context.newPage();
    await page.goto('/home');
    await controlled(page);

    // A new deploy: a different worker script (the version line changes), uncompressed copies only.
    const sw = path.join(webRoot, 'sw.js');
    const source = await readFile(sw, 'utf8');
    await writeFile(sw, source.replace(/const VERSION = "([0-9a-f]+)"/, 'const VERSION = "$1-next"'));
    await rm(`${sw}.br`, { force: true });
    await rm(`${sw}.gz`, { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await prompt.waitFor({ timeout: 20_000 });
    await screenshot(page, 'pwa-update-prompt');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await controlled(page);
    // The new worker controls the page: only its cache is left, and nothing waits.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, caches: await caches.keys() };
    });
    expect(state.waiting).toBeNull();
    expect(state.caches).toEqual([expect.stringMatching(/^steep-[0-9a-f]+-next$/)]);
    expect(await page.getByText('A new version is ready').count()).toBe(0);
    await context.close();
  });
});

/**
 * Her conversations kept on this device for the offline page (lib/offline-conversations.ts); null when
 * there are none. Never creates the database: an open that would create it is aborted, so a read racing
 * the app's deletion answers null instead of leaving an empty database behind.
 */
const savedConversations = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[] | null>((resolve) => {
        const open = indexedDB.open('steep-offline-conversations');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = open.onblocked = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const all = db.transaction('conversations').objectStore('conversations').getAll();
            all.onsuccess = () => resolve((all.result as { name: string }[]).map((c) => c.name));
            all.onerror = () => resolve(null);
          } catch {
            resolve(null);
          } finally {
            db.close();
          }
        };
      }),
  );

describe('offline conversations', () => {
  it('shows the conversations she opened read-only offline, and forgets them when she signs out', async () => {
    const friend = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const theo = await signUpViaApi(friend, { name: 'Theo' });
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const zoe = await signUpViaApi(context, { name: 'Zoe' });
    const matchId = await createMatch(server.database.db, zoe.id, theo.id);
    const say = async (from: BrowserContext, content: string) => {
      const sent = await from.request.post('/api/messages', { data: { matchId, content } });
      expect(sent.status()).toBe(201);
    };
    await say(context, 'Coffee on Saturday?');
    await say(friend, 'Yes! The place by the river, at ten?');
    await say(context, 'Perfect, see you there');

    const page = await context.newPage();
    await page.goto('/home');
    await controlled(page);
    await page.goto(`/conversation/${matchId}`);
    await page.getByText('Yes! The place by the river, at ten?').waitFor();
    await expect.poll(() => savedConversations(page), { timeout: 5_000 }).toEqual(['Theo']);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    const messages = page.getByRole('list', { name: 'Messages with Theo' });
    await messages.getByText('Yes! The place by the river, at ten?').waitFor();
    expect(await messages.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Coffee on Saturday?'),
      expect.stringContaining('Yes! The place by the river, at ten?'),
      expect.stringContaining('Perfect, see you there'),
    ]);
    // Read-only: no composer, no button to send.
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button').count()).toBe(0);
    await screenshot(page, 'pwa-offline-conversation-light', { fullPage: true });
    await expectAccessible(page, 'offline conversation (light)');

    // Any other address offline lists what is saved.
    await page.getByRole('link', { name: 'All saved conversations' }).click();
    await page.getByRole('heading', { name: 'Recent conversations' }).waitFor();
    await page.getByRole('link', { name: /Theo.*You: Perfect, see you there/ }).waitFor();
    await screenshot(page, 'pwa-offline-list-light');
    await expectAccessible(page, 'offline list (light)');

    // Back online, the offline page opens the app by itself, at the same address.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/chats`);
    await setTheme(context, zoe.id, 'dark');
    await page.goto('/settings');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await context.setOffline(true);
    await page.goto(`/conversation/${matchId}`);
    await page.getByRole('list', { name: 'Messages with Theo' }).waitFor();
    await screenshot(page, 'pwa-offline-conversation-dark', { fullPage: true });
    await expectAccessible(page, 'offline conversation (dark)');
    await page.goto('/chats');
    await page.getByRole('heading', { name: 'Recent conversations' }).waitFor();
    await screenshot(page, 'pwa-offline-list-dark');
    await expectAccessible(page, 'offline list (dark)');

    // Signing out deletes them from this device.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => savedConversations(page), { timeout: 5_000 }).toBeNull();
    await context.setOffline(true);
    await page.goto(`/conversation/${matchId}`);
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await page.getByText('Steep needs a connection').waitFor();
    expect(await page.getByText('Theo').count()).toBe(0);
    // Back online the offline page opens the app by itself (signed out: the landing page). Closing the context while
    // that navigation went through the service worker once hung the close until the test timed out.
    await context.setOffline(false);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
    await friend.close();
  });

  it('another member signing in on the device finds none of the previous member’s conversations', async () => {
    const friend = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const sam = await signUpViaApi(friend, { name: 'Sam' });
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const ana = await signUpViaApi(context, { name: 'Ana' });
    const matchId = await createMatch(server.database.db, ana.id, sam.id);
    expect((await context.request.post('/api/messages', { data: { matchId, content: 'Hi Sam' } })).status()).toBe(201);
    const page = await context.newPage();
    await page.goto(`/conversation/${matchId}`);
    await page.getByText('Hi Sam').waitFor();
    await expect.poll(() => savedConversations(page), { timeout: 5_000 }).toEqual(['Sam']);
    // A session for someone else on the same browser (her cookie replaced, as a sign-in does).
    await signUpViaApi(context, { name: 'Bea' });
    await page.goto('/home');
    await expect.poll(() => savedConversations(page), { timeout: 5_000 }).toBeNull();
    await context.close();
    await friend.close();
  });
});

describe('offline, signed in', () => {
  it('keeps her signed in when a check of her account gets no answer', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    // An address not yet confirmed: Discover's reminder checks her account when it shows and when the app comes back.
    const ines = await signUpViaApi(context, { name: 'Ines', email: `ines-${Date.now()}@example.test` });
    const friend = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    await createMatch(server.database.db, ines.id, (await signUpViaApi(friend, { name: 'Theo' })).id);
    const page = await context.newPage();
    await page.goto('/chats');
    await controlled(page);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByText('Theo').first().waitFor();
    // Her profile says she is online while she is, and not once the device has no network (tryout).
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    const onlineBadge = page.getByRole('main').getByText('Online', { exact: true });
    await onlineBadge.waitFor();
    await context.setOffline(true);
    await onlineBadge.waitFor({ state: 'detached' });
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Chats', exact: true }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();

    // Offline, Discover opens (its code is on this device) and checks her account, which gets no answer. She was
    // sent to the signed-out landing page (tryout).
    await context.setOffline(true);
    const unanswered = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/auth/session'));
    await page.getByRole('link', { name: 'Discover', exact: true }).click();
    await unanswered;
    await page.waitForURL(`${server.baseUrl}/home`);
    // Discover's cards wait for the network: the bar says why.
    const offlineNotice = page.getByRole('status').filter({ hasText: "You're offline. Check your connection." });
    await offlineNotice.waitFor();
    await shootBothThemes(page, 'shell-offline');
    // The notifications panel covers the header: it says so too, over its rows still waiting (tryout).
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('status').filter({ hasText: "You're offline. Check your connection." }).waitFor();
    await shootBothThemes(page, 'notifications-offline');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // The app coming back to the front checks again: still no answer, still signed in.
    const again = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/auth/session'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await again;
    await page.getByRole('link', { name: 'Chats', exact: true }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/chats`);
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    await offlineNotice.waitFor();

    // Back online the notice goes and she is still signed in.
    await context.setOffline(false);
    await offlineNotice.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await context.setOffline(true);
    await offlineNotice.waitFor();

    // Back online, the server's answer is what counts: signed out on her other device meanwhile, she is signed out
    // here once the app reconnects.
    expect((await context.request.post('/api/auth/logout')).status()).toBeLessThan(300);
    await context.setOffline(false);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // Told why, not just shown the landing page (tryout).
    await toastText(page, 'Your session ended while you were offline. Log in again.').waitFor();

    // Nothing of hers stays cached in the page for whoever signs in next on it: while the next member's own list is
    // on its way, hers is not shown in its place.
    const next = newUser();
    expect((await friend.request.post('/api/auth/register', { data: next })).status()).toBe(201);
    let listAsked = () => {};
    const listHeld = new Promise<void>((resolve) => (listAsked = resolve));
    let answerList = () => {};
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    await page.route('**/api/matches', async (route) => {
      listAsked();
      await listAnswered;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Log in' }).click();
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(next.username);
    await form.getByLabel('Password', { exact: true }).fill(next.password);
    await form.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/home`);
    await page.getByRole('link', { name: 'Chats', exact: true }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await listHeld;
    expect(await page.getByText('Theo').count()).toBe(0);
    answerList();
    await page.unrouteAll({ behavior: 'wait' });
    await context.close();
    await friend.close();
  });

  it('Sign Out offline says it could not, and she stays signed in until the server has ended her session', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    await signUpViaApi(context, { name: 'Kai' });
    const page = await context.newPage();
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // As on her phone: the app's code is on the device (the worker has installed) before the network goes.
    await controlled(page);

    // Offline the server cannot end her session: signed out on screen only, the phone was signed in again for
    // whoever picked it up once it was back online (tryout).
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toastText(page, 'Could not sign out').waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/settings`);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    const session = (await (await context.request.get('/api/auth/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
    await context.close();
  });

  it('a screen whose code is not on this device yet says she is offline in the shell, and opens once she is back', async () => {
    // No service worker (a first visit before it installs, or a browser without one): nothing is cached.
    const context = await phoneContext(browser, server.baseUrl, { serviceWorkers: 'block' });
    await signUpViaApi(context, { name: 'Joy' });
    const page = await context.newPage();
    await page.goto('/chats');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const tab = (name: string) => page.getByRole('link', { name, exact: true });

    await context.setOffline(true);
    await tab('Tea').click();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await page.getByText('Could not reach Steep. Check your connection and try again.').waitFor();
    // Not the router's own error page, and her header and tabs stay (tryout: they went with the screen).
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await page.title()).toBe("You're offline · Steep");
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await shootBothThemes(page, 'screen-offline');
    // The screens she has still open.
    await tab('Chats').click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await tab('Tea').click();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).focus();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');

    // Back online, the screen opens by itself.
    await context.setOffline(false);
    await page.waitForURL(`${server.baseUrl}/tea`);
    await tab('Tea').and(page.locator('[aria-current="page"]')).waitFor();
    await page.getByRole('heading', { name: 'Tea', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: "You're offline" }).count()).toBe(0);

    // A screen that failed while she was offline, asked for again once she is back, opens.
    await context.setOffline(true);
    await tab('Profile').click();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await tab('Chats').click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await context.setOffline(false);
    await tab('Profile').click();
    await page.getByRole('link', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('heading', { name: "You're offline" }).count()).toBe(0);
    await context.close();
  });

  it('a part of a screen whose code the network lost on its way waits for the network, and the screen stays', async () => {
    // CI once lost the chat list to the offline page: the shell's feedback overlay (a lazy part) was still
    // downloading when the network went, and its failure reached the router as a screen's.
    const context = await phoneContext(browser, server.baseUrl, { serviceWorkers: 'block' });
    await signUpViaApi(context, { name: 'Ivy' });
    const page = await context.newPage();
    let held!: (fail: boolean) => void;
    const requested = new Promise<void>((requestedNow) => {
      void page.route(/\/assets\/feedback-overlay-[\w-]+\.js$/, async (route) => {
        if (!held) {
          const fail = await new Promise<boolean>((resolve) => {
            held = resolve;
            requestedNow();
          });
          if (fail) return route.abort('internetdisconnected');
        }
        await route.continue();
      });
    });
    await page.goto('/chats');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await requested;

    await context.setOffline(true);
    held(true);
    await page.getByText("You're offline. Check your connection.").waitFor();
    await page.getByRole('link', { name: 'Tea', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: "You're offline" }).count()).toBe(0);

    // Back online: the part is fetched again, and the screen never left.
    const refetched = page.waitForResponse((response) => /\/assets\/feedback-overlay-/.test(response.url()));
    await context.setOffline(false);
    expect((await refetched).ok()).toBe(true);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: "You're offline" }).count()).toBe(0);
    await context.close();
  });
});

describe('Settings: push notifications', () => {
  it('asks only after the tap, saves this device, lists it, sends a test push and turns off', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const user = await signUpViaApi(context, { name: 'Maya' });
    // Headless Chromium has no push service of its own: PushManager.subscribe answers with a subscription
    // at the test's local push service (its own P-256 keys), so the whole path from the button to a
    // decrypted push is real except the browser's transport.
    const sub = push.subscription();
    await context.addInitScript(
      (fake: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
        // Kept across reloads, as a browser keeps its subscription.
        const saved = () => window.localStorage.getItem('fake-push') === '1';
        const make = () =>
          ({
            endpoint: fake.endpoint,
            expirationTime: null,
            options: { userVisibleOnly: true },
            toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
            unsubscribe: async () => {
              window.localStorage.removeItem('fake-push');
              return true;
            },
            getKey: () => null,
          }) as unknown as PushSubscription;
        (window as unknown as { __permissionAsked: number }).__permissionAsked = 0;
        const request = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = async () => {
          (window as unknown as { __permissionAsked: number }).__permissionAsked += 1;
          return request();
        };
        PushManager.prototype.subscribe = async function () {
          window.localStorage.setItem('fake-push', '1');
          return make();
        };
        PushManager.prototype.getSubscription = async function () {
          return saved() ? make() : null;
        };
      },
      { endpoint: sub.endpoint, keys: sub.keys },
    );
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });

    const page = await context.newPage();
    const badges = await watchBadgeCheck(page, server);
    await page.goto('/settings');
    await closeBadgeCard(page, badges);
    await controlled(page);
    const status = page.getByTestId('push-settings').getByRole('status');
    await status.getByText('Push is off for this device', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked)).toBe(0);
    await page.getByRole('button', { name: 'Turn on push' }).click();
    await status.getByText('Push is on for this device', { exact: false }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked)).toBe(1);
    await page.getByText('· this device').waitFor();
    await page.getByRole('heading', { name: 'Devices with push on' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-push-on-light');
    await expectAccessible(page, '/settings push on (light)');

    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect.poll(() => push.to(sub).length, { timeout: 5_000 }).toBe(1);
    expect(sub.open(push.to(sub)[0]!)).toMatchObject({ kind: 'test', title: 'Steep notifications are on' });

    await setTheme(context, user.id, 'dark');
    const afterReload = await watchBadgeCheck(page, server);
    await page.reload();
    await closeBadgeCard(page, afterReload);
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await status.getByText('Push is on for this device', { exact: false }).waitFor();
    await page.getByText('· this device').waitFor();
    await page.getByRole('heading', { name: 'Devices with push on' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-push-on-dark');
    // The whole page's dark-theme contrast (the red Sign Out / Delete buttons) is the dark palette's fix in
    // another branch; the section this issue adds is checked on its own here.
    await expectAccessible(page, 'push settings', { within: '[data-testid="push-settings"]' });

    await page.getByRole('button', { name: 'Turn off push' }).click();
    await status.getByText('Push is off for this device', { exact: false }).waitFor();
    // The device list refetches after the subscription is removed.
    await expect.poll(() => page.getByRole('heading', { name: 'Devices with push on' }).count()).toBe(0);
    await context.close();
  });

  it('says how to unblock when the browser blocks notifications', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    await signUpViaApi(context, { name: 'Lee' });
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    const page = await context.newPage();
    await page.goto('/settings');
    await page.getByText('Your browser is blocking notifications from Steep', { exact: false }).waitFor();
    await page.getByText(/set Notifications to Allow/).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'I allowed them: check again' }).waitFor();
    expect(await page.getByRole('button', { name: 'Turn on push' }).count()).toBe(0);
    await screenshot(page, 'settings-push-blocked');
    await context.close();
  });
});

describe('push subscription changes', () => {
  const sha256 = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');
  const deviceHashes = async (context: BrowserContext) =>
    (
      (await (await context.request.get('/api/push/subscriptions')).json()) as { devices: { endpointHash: string }[] }
    ).devices.map((d) => d.endpointHash);

  it('the worker saves a replaced subscription and drops the old endpoint, with her session', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    await signUpViaApi(context, { name: 'Ivy' });
    const [old, fresh] = [push.subscription(), push.subscription()];
    expect((await context.request.post('/api/push/subscriptions', { data: old })).status()).toBe(201);
    const page = await context.newPage();
    await page.goto('/settings');
    await controlled(page);
    // Chromium never fires pushsubscriptionchange and DevTools cannot dispatch it: the test dispatches one
    // in the worker itself, so the worker's own handler makes the real requests with her cookie.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(
      ({ oldEndpoint, next }) => {
        const { ExtendableEvent } = globalThis as unknown as { ExtendableEvent: typeof Event };
        const event = new ExtendableEvent('pushsubscriptionchange');
        Object.defineProperty(event, 'oldSubscription', { value: { endpoint: oldEndpoint } });
        Object.defineProperty(event, 'newSubscription', {
          value: { endpoint: next.endpoint, expirationTime: null, toJSON: () => next },
        });
        // A synthetic event's waitUntil throws after the handler has started its work; that is expected.
        self.addEventListener('error', (e) => e.preventDefault(), { once: true });
        self.dispatchEvent(event);
      },
      { oldEndpoint: old.endpoint, next: { endpoint: fresh.endpoint, keys: fresh.keys } },
    );
    await expect.poll(() => deviceHashes(context), { timeout: 5_000 }).toEqual([sha256(fresh.endpoint)]);
    expect((await context.request.post('/api/push/test')).status()).toBe(200);
    await expect.poll(() => push.to(fresh).length, { timeout: 5_000 }).toBe(1);
    expect(push.to(old)).toHaveLength(0);
    await context.close();
  });

  it('the app re-registers at start when the browser holds a different subscription than the server', async () => {
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    await signUpViaApi(context, { name: 'Joy' });
    const [old, fresh] = [push.subscription(), push.subscription()];
    expect((await context.request.post('/api/push/subscriptions', { data: old })).status()).toBe(201);
    // The push service replaced it while no worker ran: the browser now holds `fresh`.
    await context.addInitScript((next: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
      PushManager.prototype.getSubscription = async function () {
        return {
          endpoint: next.endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint: next.endpoint, expirationTime: null, keys: next.keys }),
        } as unknown as PushSubscription;
      };
    }, fresh);
    await context.grantPermissions(['notifications'], { origin: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/home');
    await controlled(page);
    await page.reload();
    await expect.poll(() => deviceHashes(context), { timeout: 10_000 }).toEqual([sha256(fresh.endpoint)]);
    await context.close();
  });
});

describe('notification settings', () => {
  it('sets quiet hours in her time zone and message previews from the Notifications tab', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: server.baseUrl,
      timezoneId: 'America/Chicago',
    });
    const user = await signUpViaApi(context, { name: 'Ada' });
    const page = await context.newPage();
    const badges = await watchBadgeCheck(page, server);
    await page.goto('/preferences');
    await closeBadgeCard(page, badges);
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'Show message text in notifications' }).click();
    await page.getByRole('switch', { name: /Quiet hours/ }).click();
    await page.getByLabel('Quiet from').fill('23:00');
    await page.getByText('Times are in America/Chicago.').waitFor();
    await page.getByText('Times are in America/Chicago.').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'preferences-quiet-hours');
    await expectAccessible(page, '/preferences notifications');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (await context.request.get(`/api/users/${user.id}/preferences`)).json()) as {
              notifications: Record<string, unknown>;
            }
          ).notifications,
        { timeout: 5_000 },
      )
      .toMatchObject({
        messagePreviews: true,
        quietHours: { start: '23:00', end: '07:00', timeZone: 'America/Chicago' },
      });
    await setTheme(context, user.id, 'dark');
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByText('Times are in America/Chicago.').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'preferences-quiet-hours-dark');
    await expectAccessible(page, 'tab panel', { within: '[role="tabpanel"]' });
    await context.close();
  });
});

describe('one-click unsubscribe page', () => {
  it('turns off that kind without signing in', async () => {
    const owner = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const user = await signUpViaApi(owner, { name: 'Rae' });
    await owner.close();
    // The token is what a mail link carries; the API test proves mail carries it. Here: the page's side.
    const { unsubscribeToken } = await import('../src/server/features/notifications/unsubscribe-token');
    const key = await readFile(path.join(server.dataDir, 'notification-link.key'), 'utf8');
    const token = unsubscribeToken(Buffer.from(key.trim(), 'utf8'), user.id, 'like');
    const context = await phoneContext(browser, server.baseUrl, WITH_WORKER);
    const page = await context.newPage();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByText('You are unsubscribed').waitFor();
    await page.getByText(/You won't get likes by email or push any more/).waitFor();
    await screenshot(page, 'unsubscribe-light');
    await expectAccessible(page, '/unsubscribe');
    await page.evaluate(() => window.localStorage.setItem('steep-theme', 'dark'));
    await page.reload();
    await page.getByText('You are unsubscribed').waitFor();
    await screenshot(page, 'unsubscribe-dark');
    await expectAccessible(page, '/unsubscribe (dark)');
    await page.goto('/unsubscribe?token=forged.like.token');
    await page.getByText('Nothing changed').waitFor();
    await context.close();
  });
});
