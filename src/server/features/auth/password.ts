import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../../http/errors';
import { localText } from '../../i18n';

/**
 * Who a hash is for. A sign-in (login, sign-up) is what a member waits on at the door; everything else
 * (confirming her current password before a change, a new password, the demo seed) can wait or be
 * refused first.
 */
type HashPriority = 'sign-in' | 'other';

/**
 * scrypt at 2^17 holds 128 MiB and a libuv thread for ~0.3 s: 40 at once took a server from
 * 357 MB to 875 MB and a real login from 1 s to 22 s. So only `limit` run at once; up to
 * `queueLimit` more wait their turn and the rest get 503 with Retry-After.
 *
 * Sign-ins are never starved by other hashing (wrong current passwords from a few accounts once made
 * 112 logins answer 503): other work holds at most `limit - 1` slots (one when the limit is one), waits
 * in a shorter line of its own, and a freed slot goes to a waiting sign-in first.
 */
export class HashSlots {
  private running = 0;
  private runningOther = 0;
  private readonly waiting: Record<HashPriority, Array<() => void>> = { 'sign-in': [], other: [] };

  constructor(
    private limit: number,
    private readonly queueLimit = 64,
  ) {}

  configure(limit: number): void {
    this.limit = limit;
  }

  async run<T>(work: () => Promise<T>, priority: HashPriority = 'other'): Promise<T> {
    if (this.canStart(priority)) {
      this.start(priority);
    } else {
      const line = this.waiting[priority];
      const lineLimit = priority === 'sign-in' ? this.queueLimit : Math.max(1, Math.ceil(this.queueLimit / 4));
      if (line.length >= lineLimit) {
        throw new AppError(503, 'UNAVAILABLE', localText('busySigningIn'), {
          retryAfterSeconds: 2,
        });
      }
      // release() counts it as started before waking it.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    try {
      return await work();
    } finally {
      this.release(priority);
    }
  }

  private canStart(priority: HashPriority): boolean {
    if (this.running >= this.limit) return false;
    return priority === 'sign-in' || this.runningOther < Math.max(1, this.limit - 1);
  }

  private start(priority: HashPriority): void {
    this.running += 1;
    if (priority === 'other') this.runningOther += 1;
  }

  private release(priority: HashPriority): void {
    this.running -= 1;
    if (priority === 'other') this.runningOther -= 1;
    for (const next of ['sign-in', 'other'] as const) {
      while (this.waiting[next].length > 0 && this.canStart(next)) {
        this.start(next);
        this.waiting[next].shift()?.();
      }
    }
  }
}

/** One per process: the CPU and memory it protects are the process's. */
export const hashSlots = new HashSlots(2);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions, priority: HashPriority) =>
  hashSlots.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    priority,
  );

const KEY_LENGTH = 32;
/** 2^17 is OWASP's scrypt floor; tests lower it through the app options to stay fast. */
export const DEFAULT_SCRYPT_LOG_N = 17;

/** Stored as `scrypt$logN$r$p$salt$hash`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(
  password: string,
  logN = DEFAULT_SCRYPT_LOG_N,
  priority: HashPriority = 'other',
): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r }, priority);
  return ['scrypt', logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(
  password: string,
  stored: string,
  priority: HashPriority = 'other',
): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = 2 ** Number(logN);
  const key = await scrypt(
    password,
    Buffer.from(salt, 'base64'),
    expected.length,
    {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    },
    priority,
  );
  return timingSafeEqual(key, expected);
}

/** A hash no password matches: for accounts that cannot log in with a password (demo profiles). */
export const NO_PASSWORD = '!';

/** Whether `stored` is a hash a password could match (not NO_PASSWORD or anything unparsable). */
export function isPasswordHash(stored: string): boolean {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  return scheme === 'scrypt' && Boolean(logN && r && p && salt && hash);
}

/**
 * Spends the same time as a real check, so an unknown username (or a profile without a password)
 * is not told apart by timing.
 */
let dummyHash: Promise<string> | undefined;
let burned = 0;
/** How many dummy checks this process ran: lets a test see that a path paid for one. */
export const burnCount = () => burned;
export async function burnPasswordCheck(password: string, logN: number): Promise<void> {
  burned += 1;
  dummyHash ??= hashPassword('not-a-real-password', logN, 'sign-in');
  await verifyPassword(password, await dummyHash, 'sign-in');
}
