/**
 * First Contentful Paint and Largest Contentful Paint for `/` (a visitor) and `/home` (the demo member,
 * signed in) in Chromium at 4× CPU throttling (FCP ≤ 1.5 s, LCP ≤ 2.5 s). Each run is a
 * fresh phone-sized context (empty cache, a first visit) against the built app served by the real
 * server with the demo community. Needs a built web app (`npm run build` or `npm start` once).
 *
 *   npx tsx bench/web-vitals.ts [--runs 5]
 */
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { DEMO_LOGIN } from '../src/server/seed/demo';
import { launchBrowser, phoneContext, startServer } from '../e2e/harness';
import { atMost, context, type BenchRow } from './report';

const CPU_SLOWDOWN = 4;
const TARGETS = { fcp: 1500, lcp: 2500 };
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

interface Sample {
  fcp: number;
  lcp: number;
  /** Bytes of script over the wire (compressed), from Resource Timing. */
  jsTransferKb: number;
}

/** Collects paint and LCP entries from the very start of the document (buffered observers). */
function observeVitals(): void {
  const vitals = { fcp: 0, lcp: 0 };
  (window as unknown as { __vitals: typeof vitals }).__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(browser: Browser, baseUrl: string, route: '/' | '/home'): Promise<Sample> {
  const context = await phoneContext(browser, baseUrl);
  try {
    if (route === '/home') {
      const login = await context.request.post('/api/auth/login', { data: DEMO_LOGIN });
      if (!login.ok()) throw new Error(`demo login failed: ${login.status()}`);
    }
    const page = await context.newPage();
    await page.addInitScript(observeVitals);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(route, { waitUntil: 'load' });
    if (route === '/home') await page.getByTestId('top-card').waitFor({ timeout: 30_000 });
    else await page.getByRole('heading', { level: 1 }).waitFor();
    // LCP candidates stop once the page settles (and on the first input, which never comes here).
    await page.waitForTimeout(1500);
    const result = await page.evaluate(() => {
      const { fcp, lcp } = (window as unknown as { __vitals: { fcp: number; lcp: number } }).__vitals;
      const js = performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0);
      return { fcp, lcp, jsTransferKb: js / 1024 };
    });
    return result;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function run(): Promise<BenchRow[]> {
  const server = await startServer({ LOG_LEVEL: 'error' }, { demoUsers: 60 });
  const browser = await launchBrowser();
  const rows: BenchRow[] = [];
  try {
    for (const route of ['/', '/home'] as const) {
      await measure(browser, server.baseUrl, route); // warm the server's own caches, not the browser's
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, server.baseUrl, route));
      const at = `${route}, ${CPU_SLOWDOWN}× CPU throttle, median of ${RUNS}`;
      rows.push(
        atMost(`FCP ${at}`, median(samples.map((s) => s.fcp)), TARGETS.fcp, 'ms', 0),
        atMost(`LCP ${at}`, median(samples.map((s) => s.lcp)), TARGETS.lcp, 'ms', 0),
        context(`JS over the wire, ${route}`, median(samples.map((s) => s.jsTransferKb)), 'KB'),
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await run()) console.log(`${row.measurement}: ${row.result} (${row.target || 'context'})`);
}
