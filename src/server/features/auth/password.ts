import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const KEY_LENGTH = 32;
/** 2^17 is OWASP's scrypt floor; tests lower it through the app options to stay fast. */
export const DEFAULT_SCRYPT_LOG_N = 17;

/** Stored as `scrypt$logN$r$p$salt$hash`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r });
  return ['scrypt', logN, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = 2 ** Number(logN);
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return timingSafeEqual(key, expected);
}

/** A hash no password matches: for accounts that cannot log in with a password (demo profiles). */
export const NO_PASSWORD = '!';

/** Spends the same time as a real check, so an unknown username is not told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string, logN: number): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password', logN);
  await verifyPassword(password, await dummyHash);
}
