import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import type { SelfUser } from '../src/contract/users';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/client';
import { newUserBody } from '../src/server/test/factories';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export interface TestServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The whole app (API, SPA, /ws) on a random port over a fresh in-memory database. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-e2e-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED: 'none', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env });
  const database = await openPglite();
  const app = await buildApp({ config, database, scryptLogN: 10 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A phone-sized context: each context is a separate person with her own cookies and storage. */
export function phoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, baseURL: baseUrl, deviceScaleFactor: 1, hasTouch: false });
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  return file;
}

export { newUserBody as newUser } from '../src/server/test/factories';

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
