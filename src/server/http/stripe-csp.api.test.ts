import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { STRIPE_CSP } from './security-headers';

/** With PAYMENTS=stripe the CSP lets Stripe.js run; in demo mode nothing from Stripe is allowed. */
const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources] as const),
  );

describe('Content-Security-Policy and Stripe', () => {
  let stripe: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    stripe = await createTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
      STRIPE_WEBHOOK_SECRET: 'whsec_csp',
    });
    demo = await createTestApp();
  });
  afterAll(async () => {
    await stripe.close();
    await demo.close();
  });

  it('PAYMENTS=stripe allows exactly Stripe.js script, frames and API, and nothing else from outside', async () => {
    const csp = directives(
      (await stripe.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'],
    );
    expect(csp.get('script-src')).toEqual(["'self'", ...STRIPE_CSP.scriptSrc]);
    expect(csp.get('frame-src')).toEqual(["'self'", ...STRIPE_CSP.frameSrc]);
    expect(csp.get('connect-src')).toEqual(["'self'", ...STRIPE_CSP.connectSrc]);
    expect(STRIPE_CSP.scriptSrc).toContain('https://js.stripe.com');
    expect(STRIPE_CSP.frameSrc).toContain('https://hooks.stripe.com');
    expect(STRIPE_CSP.connectSrc).toContain('https://api.stripe.com');
    // Still no inline script, still not framable.
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, sources] of csp) {
      if (['script-src', 'frame-src', 'connect-src'].includes(name)) continue;
      expect(sources.join(' '), name).not.toMatch(/stripe/);
    }
  });

  it('demo payments allow nothing from Stripe', async () => {
    const header = String(
      (await demo.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'],
    );
    expect(header).not.toMatch(/stripe/);
    expect(directives(header).get('script-src')).toEqual(["'self'"]);
    expect(directives(header).has('frame-src')).toBe(false);
  });
});
