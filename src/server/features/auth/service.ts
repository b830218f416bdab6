import type { z } from 'zod';
import { type loginBody, type registerBody } from '../../../contract/auth';
import { locationCoordinates } from '../../../contract/locations';
import type { SelfUser } from '../../../contract/users';
import type { Db } from '../../db/client';
import { accountSuspended, AppError, badRequest, conflict, tooManyRequests } from '../../http/errors';
import { localText } from '../../i18n';
import { findUserByUsername, insertUser } from '../../core';
import { photoUrlsOf, presentSelf } from '../profiles';
import { burnPasswordCheck, hashPassword, isPasswordHash, verifyPassword } from './password';
import { assertStrongPassword } from './password-strength';
import { AccountDelay, FailureThrottle } from './throttle';

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
import { isSuspendedRow } from '../../core';
import { fieldError } from '../../http/errors';

export interface AuthOptions {
  scryptLogN: number;
}

export async function registerUser(
  db: Db,
  input: z.output<typeof registerBody>,
  options: AuthOptions,
): Promise<SelfUser> {
  const coordinates = locationCoordinates(input.location);
  if (!coordinates)
    throw badRequest(localText('invalidLocation'), [fieldError('location', localText('chooseACityFrom'))]);
  await assertStrongPassword(input.password, 'password', [input.username, input.name]);
  // Checked first so a taken name costs no password hash; the unique index below still decides races.
  if (await findUserByUsername(db, input.username)) throw usernameTaken();
  const user = await insertUser(db, {
    username: input.username,
    passwordHash: await hashPassword(input.password, options.scryptLogN, 'sign-in'),
    name: input.name,
    age: input.age,
    bio: input.bio,
    location: input.location,
    latitude: coordinates.lat,
    longitude: coordinates.lng,
    genderIdentity: input.genderIdentity,
    sexualOrientation: input.sexualOrientation,
    interests: [...new Set(input.interests)],
    teaInterests: [...new Set(input.teaInterests)],
    email: input.email ?? null,
    lastActiveAt: new Date(),
  });
  // Two sign-ups racing for one name: the unique index decides.
  if (!user) throw usernameTaken();
  return presentSelf(user, []);
}

const usernameTaken = () =>
  conflict(localText('usernameTaken'), [fieldError('username', localText('usernameTakenField'))]);

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', localText('invalidCredentials'));

const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Failed logins, following the OWASP authentication cheat sheet: no hard lock an attacker could
 * impose on someone else. One account from one address: 5 failures in 15 minutes, then 429 for
 * that pair only. One address over all accounts: 30. One account from everywhere: no lock, but a
 * delay before each check that grows with the failures (AccountDelay), so the owner on her own
 * device still gets in — a few seconds later — while guessing slows to a crawl.
 */
export function createLoginThrottles() {
  return {
    perPair: new FailureThrottle(5, LOGIN_WINDOW_MS),
    perIp: new FailureThrottle(30, LOGIN_WINDOW_MS),
    perAccount: new AccountDelay(LOGIN_WINDOW_MS),
  };
}
type LoginThrottles = ReturnType<typeof createLoginThrottles>;

export async function authenticate(
  db: Db,
  input: z.output<typeof loginBody>,
  ip: string,
  throttles: LoginThrottles,
  options: AuthOptions,
): Promise<SelfUser> {
  const accountKey = input.username.toLowerCase();
  const pairKey = `${accountKey}\n${ip}`;
  const wait = Math.max(throttles.perPair.retryAfter(pairKey), throttles.perIp.retryAfter(ip));
  if (wait > 0) throw tooManyRequests(localText('tooManyFailedLogins'), wait);

  // Counted as failed before the slow hash check, so guesses sent in parallel all count against
  // the budget; a success gives its attempt back.
  throttles.perPair.fail(pairKey);
  throttles.perIp.fail(ip);
  await sleep(throttles.perAccount.delayMs(accountKey));
  throttles.perAccount.fail(accountKey);
  const user = await findUserByUsername(db, input.username);
  // A demo profile has no password: it costs the same hash time as an unknown name.
  const valid =
    user && isPasswordHash(user.passwordHash)
      ? await verifyPassword(input.password, user.passwordHash, 'sign-in')
      : (await burnPasswordCheck(input.password, options.scryptLogN), false);
  if (!user || !valid) throw invalidCredentials();
  throttles.perPair.reset(pairKey);
  throttles.perAccount.reset(accountKey);
  throttles.perIp.refund(ip);
  // Only after the password: a suspension is not disclosed to someone guessing usernames.
  if (isSuspendedRow(user)) throw accountSuspended(user.suspendedUntil as Date);
  const urls = await photoUrlsOf(db, [user.id]);
  return presentSelf(user, urls.get(user.id) ?? []);
}
