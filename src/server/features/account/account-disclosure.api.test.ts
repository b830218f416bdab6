import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_SENT } from '../../../contract/account';
import { jobs, passwordResets } from '../../test/tables';
import { createTestApp, deliveredMail, signUp, type Client, type TestApp } from '../../test/harness';
import { RESET_MAILS_PER_ACCOUNT_PER_HOUR } from '../auth';
import { RESET_REQUESTS_PER_ADDRESS_PER_HOUR } from './routes';

/**
 * Whether an address has an account cannot be learned from the email and
 * reset answers (status, body or timing), and reset mail cannot flood an inbox.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret_123';

async function verifiedEmail(client: Client, email: string): Promise<void> {
  await client.request('POST', '/api/account/email', { email, currentPassword: PASSWORD });
  const code = /is (\d{6})/.exec((await deliveredMail(t))[0] ?? '')?.[1];
  expect((await client.request('POST', '/api/account/email/verify', { code })).statusCode).toBe(200);
}

describe('adding an email another member has verified', () => {
  it('answers 202 exactly as for a free address, changes nothing, and tells the owner', async () => {
    const owner = await signUp(t.app);
    const prober = await signUp(t.app);
    await verifiedEmail(owner, 'owner@example.com');

    const taken = await prober.request('POST', '/api/account/email', {
      email: 'owner@example.com',
      currentPassword: PASSWORD,
    });
    const free = await prober.request('POST', '/api/account/email', {
      email: 'free-address@example.com',
      currentPassword: PASSWORD,
    });
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    const shape = (body: { message: string }) => body.message.replace(/\S+@\S+/, 'ADDRESS');
    expect(shape(taken.json())).toBe(shape(free.json()));
    expect(taken.json()).toEqual({
      email: 'owner@example.com',
      verified: false,
      pendingEmail: null,
      message: 'We sent a 6-digit code to owner@example.com',
    });

    const mails = await deliveredMail(t);
    const toOwner = mails.filter((m) => m.includes('To: owner@example.com'));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toContain('Someone tried to add this email address to another Steep account');
    // The owner's mail names neither the prober nor gives a code; the prober got a code only for the free one.
    expect(toOwner[0]).not.toContain(prober.user.username);
    expect(toOwner[0]).not.toMatch(/\d{6}/);
    expect(mails.filter((m) => m.includes('To: free-address@example.com'))).toHaveLength(1);

    // Nothing changed: the owner keeps her verified address.
    const me = (await owner.request('GET', '/api/auth/me')).json<{ email: string; emailVerified: boolean }>();
    expect(me).toMatchObject({ email: 'owner@example.com', emailVerified: true });
  });
});

describe('password reset request', () => {
  it('does no account work while answering: the same queued job for a registered and an unknown login', async () => {
    const known = await signUp(t.app);
    await verifiedEmail(known, 'known@example.com');
    await t.database.db.delete(jobs);
    const answers = [];
    for (const login of ['known@example.com', 'unknown@example.com', known.user.username, 'nobody_here']) {
      answers.push(await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login } }));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ ok: true, message: PASSWORD_RESET_SENT });
    }
    // Nothing about the account was looked up or written before the answer: no token yet, four identical jobs.
    expect(await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, known.user.id))).toEqual(
      [],
    );
    const queued = await t.database.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs);
    expect(queued.map((j) => j.kind)).toEqual(Array(4).fill('auth.password-reset'));
    expect(queued.map((j) => Object.keys(j.payload))).toEqual(Array(4).fill(['login']));
    // The job mails the two that name her.
    const mails = await deliveredMail(t);
    expect(mails.filter((m) => m.includes('To: known@example.com'))).toHaveLength(2);
    expect(mails).toHaveLength(2);
  });

  it(`mails one account at most ${RESET_MAILS_PER_ACCOUNT_PER_HOUR} times an hour, whatever the number of addresses asking`, async () => {
    const target = await signUp(t.app);
    await verifiedEmail(target, 'target@example.com');
    for (let i = 0; i < 20; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { login: i % 2 ? 'target@example.com' : target.user.username },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(answer.statusCode).toBe(202);
    }
    expect(await deliveredMail(t)).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);
    // An hour later she can ask again.
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login: target.user.username } });
    while ((await t.app.jobs.runDue(new Date(Date.now() + 3_601_000))) > 0);
    expect(await deliveredMail(t)).toHaveLength(1);
  });

  it(`limits one client address to ${RESET_REQUESTS_PER_ADDRESS_PER_HOUR} requests an hour`, async () => {
    const real = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_ADDRESS_PER_HOUR; i++) {
        const answer = await real.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { login: `someone${i}` },
          remoteAddress: '203.0.113.77',
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.slice(0, -1)).toEqual(Array(RESET_REQUESTS_PER_ADDRESS_PER_HOUR).fill(202));
      expect(statuses.at(-1)).toBe(429);
      const other = await real.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { login: 'someone' },
        remoteAddress: '203.0.113.78',
      });
      expect(other.statusCode).toBe(202);
    } finally {
      await real.close();
    }
  });
});
