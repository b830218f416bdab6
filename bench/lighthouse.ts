/**
 * Lighthouse's performance, accessibility and best-practices scores for `/` (a visitor) and `/home` (the
 * demo member, signed in), with its default mobile profile (a mid-range phone, simulated slow 4G and 4×
 * CPU). Lighthouse drives the same Chromium as the journeys (`CHROME_PATH`, else /usr/bin/chromium)
 * through chrome-launcher; nothing is downloaded. Needs a built web app (`npm run build` once).
 *
 *   BENCH_ONLY=lighthouse npm run bench
 *   npx tsx bench/lighthouse.ts             # prints each failing audit too
 *
 * The signed-in run carries the session cookie as an extra request header (Lighthouse's documented way
 * for pages behind a login): Lighthouse resets storage before it loads a page, so a cookie set in the
 * browser beforehand would be gone.
 */
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_LOGIN } from '../src/server/seed/demo';
import { startServer } from '../e2e/harness';
import { atLeast, type BenchRow } from './report';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
/** Targets out of 100: accessibility and best practices are held at 90, performance (simulated slow 4G) at 80. */
const TARGETS: Record<Category, number> = { performance: 80, accessibility: 90, 'best-practices': 90 };

export interface RouteReport {
  route: string;
  scores: Record<Category, number>;
  /** Audits below a full score in the accessibility and best-practices categories (what to fix). */
  findings: string[];
  /** The performance score's metrics as Lighthouse displays them (FCP, LCP, TBT, CLS, Speed Index). */
  metrics: string[];
}

async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  if (cookies.length === 0) throw new Error('demo login set no cookie');
  return cookies.join('; ');
}

export async function audit(): Promise<RouteReport[]> {
  const server = await startServer({ LOG_LEVEL: 'error' }, { demoUsers: 60 });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-component-update'],
  });
  const reports: RouteReport[] = [];
  try {
    const cookie = await sessionCookie(server.baseUrl);
    for (const route of ['/', '/home']) {
      const result = await lighthouse(`${server.baseUrl}${route}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
        ...(route === '/home' ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.message}`);
      if (route === '/home' && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/home')) {
        throw new Error(`/home was not signed in: Lighthouse ended at ${lhr.finalDisplayedUrl}`);
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)]),
      ) as Record<Category, number>;
      const findings = (['accessibility', 'best-practices'] as const).flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id]!)
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => `${id}: ${a.id} — ${a.title}`),
      );
      const metrics = (lhr.categories.performance?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .map((a) => `${a.title} ${a.displayValue ?? ''}`.trim());
      reports.push({ route, scores, findings, metrics });
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  return reports;
}

export async function run(): Promise<BenchRow[]> {
  return (await audit()).flatMap(({ route, scores }) =>
    CATEGORIES.map((id) => atLeast(`Lighthouse ${id}, ${route} (mobile)`, scores[id], TARGETS[id], '/ 100', 0)),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const report of await audit()) {
    console.log(`${report.route}: ${CATEGORIES.map((id) => `${id} ${report.scores[id]}`).join(', ')}`);
    console.log(`  ${report.metrics.join(', ')}`);
    for (const finding of report.findings) console.log(`  ${finding}`);
  }
}
