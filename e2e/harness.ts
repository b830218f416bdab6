import { afterAll, beforeAll, expect, vi } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import type { SelfUser } from '../src/contract/users';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, type Database } from '../src/server/db/client';
import { seedDemoIfEmpty } from '../src/server/seed/demo';
import { newUserBody } from '../src/server/test/factories';
import { browserPath, fullBrowserPath } from './find-browser';

export const PHONE = { width: 390, height: 844 };
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export interface TestServer {
  baseUrl: string;
  /** The server's database, for test setup a screen cannot do (e.g. making a moderator). */
  database: Database;
  /** DATA_DIR: media, and the outbox the `log` mail provider writes each email to. */
  dataDir: string;
  /** Settles once the side work of everything done so far (badge awards, notices) has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The whole app (API, SPA, /ws) on a random port over a fresh in-memory database. */
export async function startServer(
  env: Record<string, string> = {},
  options: { demoUsers?: number; webRoot?: string } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-e2e-'));
  // Budgets scaled up: a journey signs several people up from one address in seconds.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED: 'none',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_SCALE: '50',
    ...env,
  });
  const database = await openPglite();
  // The demo seed (SEED=demo's community, its demo account and demo moderator), smaller when asked.
  if (options.demoUsers !== undefined) await seedDemoIfEmpty(database.db, config, { users: options.demoUsers });
  const app = await buildApp({
    config,
    database,
    scryptLogN: 10,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    dataDir,
    settled: () => app.events.drain(),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium records audio without a microphone (a test tone) and grants the permission itself. */
export const FAKE_MEDIA_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** `full`: the full Chromium, for the journeys about push, which the headless shell lacks (e2e/find-browser.ts). */
export function launchBrowser(extraArgs: string[] = [], options: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.full ? fullBrowserPath() : browserPath(),
    args: [
      ...extraArgs,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // No optimising compiler: a journey's pages live seconds, too short for its work to pay back (~9 % less CPU).
      '--js-flags=--no-opt',
    ],
  });
}

/**
 * Content-Security-Policy violations Chromium reported in any page of any context made here; the
 * e2e setup file (e2e/page-guard.ts) fails the test that caused one. The server's CSP is on in every
 * journey, so a new inline script or foreign origin is caught where it is introduced.
 */
export const cspViolations: string[] = [];
/** Messages a page rendered without its words loaded ('[i18n] no es message for …'); the same setup file fails on them. */
export const missingMessages: string[] = [];

export function watchCsp(context: BrowserContext): void {
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
      if (message.text().startsWith('[i18n] no ')) missingMessages.push(`${page.url()}: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  // securitypolicyviolation also catches reports that never reach the console.
  void context.exposeBinding('__steepCspViolation', (_source, text: string) => {
    cspViolations.push(text);
  });
  void context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __steepCspViolation?: (text: string) => void }).__steepCspViolation;
      report?.(`${event.documentURI}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
}

/**
 * A phone-sized context: each context is a separate person with her own cookies and storage. English unless
 * told (the journeys find elements by their English names; the app follows the browser's language).
 * Without the service worker unless asked: installing it fetches and stores the whole build (about 190 files)
 * in every new context, an eighth of the suite's CPU on CI, and only the journeys about the worker itself
 * (offline, push, updates) need it.
 */
export async function phoneContext(
  browser: Browser,
  baseUrl: string,
  options: { locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: baseUrl,
    deviceScaleFactor: 1,
    hasTouch: false,
    locale: options.locale ?? 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  watchCsp(context);
  return context;
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  return file;
}

export { newUserBody as newUser } from '../src/server/test/factories';

/** Two members like each other through the API: their match's id. A refused like fails the journey. */
export async function matchViaApi(
  a: { context: BrowserContext; user: SelfUser },
  b: { context: BrowserContext; user: SelfUser },
): Promise<string> {
  const first = await a.context.request.post('/api/likes', { data: { targetUserId: b.user.id, isLike: true } });
  if (first.status() !== 201) throw new Error(`like failed ${first.status()}: ${await first.text()}`);
  const second = await b.context.request.post('/api/likes', { data: { targetUserId: a.user.id, isLike: true } });
  if (second.status() !== 201) throw new Error(`like failed ${second.status()}: ${await second.text()}`);
  const body = (await second.json()) as { match: { id: string } | null };
  if (!body.match) throw new Error('the second like made no match');
  return body.match.id;
}

/**
 * She shares a date plan for their match through the API: two hours from now, at Blue Bottle unless `place` says
 * otherwise, with one contact by email (the outbox gets the mail). A refused plan fails the journey.
 */
export async function shareDatePlanViaApi(
  context: BrowserContext,
  matchId: string,
  contact: { name: string; address: string },
  options: { place?: string; checkInAt?: Date } = {},
): Promise<void> {
  const response = await context.request.post('/api/date-plans', {
    data: {
      matchId,
      place: options.place ?? 'Blue Bottle',
      startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      ...(options.checkInAt ? { checkInAt: options.checkInAt.toISOString() } : {}),
      timeZone: 'America/Los_Angeles',
      contacts: [{ name: contact.name, channel: 'email', address: contact.address }],
    },
  });
  if (response.status() !== 201) throw new Error(`date plan failed ${response.status()}: ${await response.text()}`);
}

/**
 * Signs a user up through the API inside the context (so the context holds her session cookie)
 * and marks the onboarding tour as seen so it does not cover the screen under test.
 */
export async function signUpViaApi(context: BrowserContext, overrides: Partial<RegisterBody> = {}): Promise<SelfUser> {
  const body = newUserBody(overrides);
  const response = await context.request.post('/api/auth/register', { data: body });
  if (response.status() !== 201) throw new Error(`sign-up failed ${response.status()}: ${await response.text()}`);
  await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
  return (await response.json()) as SelfUser;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The emails the server sent so far, oldest first: MAIL_PROVIDER=log (the default) writes each one as
 * a file in DATA_DIR/outbox (src/server/mail/mailer.ts), sent through the job queue, so poll for it.
 */
export async function readOutbox(server: TestServer): Promise<SentMail[]> {
  const dir = path.join(server.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: SentMail[] = [];
  for (const name of names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
    const raw = await readFile(path.join(dir, name), 'utf8');
    const [head = '', ...body] = raw.split('\n\n');
    const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(head)?.[1] ?? '';
    mails.push({ to: header('To'), subject: header('Subject'), text: body.join('\n\n') });
  }
  return mails;
}

/** The newest email to `to`, waiting up to `timeoutMs` for the mail job to write it. */
export function waitForMail(server: TestServer, to: string, subject: RegExp, timeoutMs = 10_000): Promise<SentMail> {
  return vi.waitFor(
    async () => {
      const mail = (await readOutbox(server)).filter((m) => m.to === to && subject.test(m.subject)).at(-1);
      if (!mail) throw new Error(`no mail to ${to} matching ${String(subject)}`);
      return mail;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}

/**
 * Runs axe on the page as it stands (or on the part `within` selects, for a shared screen where another change owns
 * the rest) and fails on any serious or critical violation. The script is evaluated through the DevTools protocol,
 * so the page's CSP does not get in the way, and once per document: it is half a megabyte to compile.
 */
export async function expectAccessible(page: Page, context = 'page', options: { within?: string } = {}): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    const { source } = await import('axe-core');
    await page.evaluate(source);
  }
  const violations = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(within ? { include: [within] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 6)
            .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
            .join(' | ')}`,
      );
  }, options.within);
  if (violations.length > 0) throw new Error(`axe found serious violations on ${context}:\n${violations.join('\n')}`);
}

/**
 * The text of the toast on screen. Radix also copies a toast into a short-lived live region for
 * screen readers, so a page-wide getByText can match twice; the viewport holds only the toast. (Found by test id:
 * an open modal dialog hides the viewport from role queries.)
 */
export function toastText(page: Page, text: string | RegExp) {
  return page.getByTestId('toasts').getByText(text);
}

export interface ServerAndBrowser {
  server: TestServer;
  browser: Browser;
}

/**
 * One server and one Chromium for a test file: started before its tests, closed after them. Fields are
 * filled in beforeAll, so read them inside tests (`env.server.baseUrl`), not at import time.
 */
export function useServerAndBrowser(
  env: Record<string, string> = {},
  options: { demoUsers?: number; timeoutMs?: number; browserArgs?: string[] } = {},
): ServerAndBrowser {
  const holder = {} as ServerAndBrowser;
  beforeAll(async () => {
    [holder.server, holder.browser] = await Promise.all([
      startServer(env, options.demoUsers === undefined ? {} : { demoUsers: options.demoUsers }),
      launchBrowser(options.browserArgs),
    ]);
  }, options.timeoutMs);
  afterAll(async () => {
    await holder.browser?.close();
    await holder.server?.close();
  });
  return holder;
}

/** Saves her theme the way Settings does (the whole preferences document), so every screen loads in it. */
export async function saveTheme(context: BrowserContext, userId: string, theme: 'light' | 'dark'): Promise<void> {
  const current = await context.request.get(`/api/users/${userId}/preferences`);
  const preferences = (await current.json()) as { app: Record<string, unknown> };
  const saved = await context.request.put(`/api/users/${userId}/preferences`, {
    data: { ...preferences, app: { ...preferences.app, theme } },
  });
  if (saved.status() !== 200) throw new Error(`theme not saved: ${saved.status()} ${await saved.text()}`);
  await context.addInitScript((value) => window.localStorage.setItem('steep-theme', value), theme);
}

/** The page is painted in `theme`: the class public/theme.js and lib/theme.ts set, and the page's own background. */
export async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const dark = document.documentElement.classList.contains('dark');
        const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
        // Rec. 601 luma of the body: the cream page is near white, the dark one near black.
        return { dark, darkBackground: 0.299 * r + 0.587 * g + 0.114 * b < 128 };
      }),
    )
    .toEqual({ dark: theme === 'dark', darkBackground: theme === 'dark' });
}

/** Her session-start badge check on a page's next load: how many new badges its answer reveals. */
export interface BadgeCheck {
  revealed: Promise<number>;
}

/**
 * Watches the badge check `page` makes when it next loads the app (call before it does). What was done
 * before (a match's award) finishes first, so that answer alone decides whether the "New badge" card opens.
 */
export async function watchBadgeCheck(page: Page, server: TestServer): Promise<BadgeCheck> {
  await server.settled();
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/check-achievements'));
  return { revealed: answer.then(async (r) => ((await r.json()) as { newlyEarned: unknown[] }).newlyEarned.length) };
}

/** A badge the test's own step has just earned while her page is open: its card opens once the award has run. */
export async function badgeJustEarned(server: TestServer): Promise<BadgeCheck> {
  await server.settled();
  return { revealed: Promise.resolve(1) };
}

/**
 * Closes the "New badge" card (its own overlay queue) when the check revealed a badge, so it covers
 * nothing under test; `inspect` reads it first. Either language.
 */
export async function closeBadgeCard(
  page: Page,
  check: BadgeCheck,
  inspect?: (card: Locator) => Promise<void>,
): Promise<void> {
  if ((await check.revealed) === 0) return;
  const card = page.getByRole('status', { name: /^(New badge|Nueva insignia)$/ });
  await card.waitFor();
  await inspect?.(card);
  await card.getByRole('button').click();
  await card.waitFor({ state: 'hidden' });
}

/**
 * The plan card's badges are all shown, inside the card's width and clear of one another (no badge
 * hidden behind another or under the next card).
 */
export async function expectBadgesApart(plan: Locator, badges: readonly string[]): Promise<void> {
  const card = await plan.boundingBox();
  if (!card) throw new Error('no plan card');
  const boxes = [];
  for (const text of badges) {
    const badge = plan.getByText(text, { exact: true });
    expect(await badge.isVisible(), text).toBe(true);
    const box = await badge.boundingBox();
    if (!box) throw new Error(`no ${text} badge`);
    expect(box.x, text).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width, text).toBeLessThanOrEqual(card.x + card.width);
    boxes.push(box);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `${badges.join(' / ')} overlap`).toBe(true);
    }
  }
}
