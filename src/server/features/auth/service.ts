import type { z } from 'zod';
import { type loginBody, type registerBody } from '../../../contract/auth';
import { locationCoordinates } from '../../../contract/locations';
import type { SelfUser } from '../../../contract/users';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, tooManyRequests } from '../../http/errors';
import { findUserByUsername, insertUser, presentSelf, photoUrlsOf } from '../profiles/users';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { FailureThrottle } from './throttle';

export interface AuthOptions {
  scryptLogN: number;
}

export async function registerUser(
  db: Db,
  input: z.output<typeof registerBody>,
  options: AuthOptions,
): Promise<SelfUser> {
  const coordinates = locationCoordinates(input.location);
  if (!coordinates) throw badRequest('Invalid location', [{ path: 'location', message: 'Choose a city from the list' }]);
  // Checked first so a taken name costs no password hash; the unique index below still decides races.
  if (await findUserByUsername(db, input.username)) throw usernameTaken();
  const user = await insertUser(db, {
    username: input.username,
    passwordHash: await hashPassword(input.password, options.scryptLogN),
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
  conflict('Username already taken', [{ path: 'username', message: 'This username is already taken' }]);

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password');

/** Failed logins: 5 per account and 30 per IP address in 15 minutes. */
export function createLoginThrottles() {
  return {
    perAccount: new FailureThrottle(5, 15 * 60_000),
    perIp: new FailureThrottle(30, 15 * 60_000),
  };
}
export type LoginThrottles = ReturnType<typeof createLoginThrottles>;

export async function authenticate(
  db: Db,
  input: z.output<typeof loginBody>,
  ip: string,
  throttles: LoginThrottles,
  options: AuthOptions,
): Promise<SelfUser> {
  const accountKey = input.username.toLowerCase();
  const wait = Math.max(throttles.perAccount.retryAfter(accountKey), throttles.perIp.retryAfter(ip));
  if (wait > 0) throw tooManyRequests('Too many failed login attempts. Please try again later.', wait);

  // Counted as failed before the slow hash check, so guesses sent in parallel all count against
  // the budget; a success gives its attempt back.
  throttles.perAccount.fail(accountKey);
  throttles.perIp.fail(ip);
  const user = await findUserByUsername(db, input.username);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await burnPasswordCheck(input.password, options.scryptLogN), false);
  if (!user || !valid) throw invalidCredentials();
  throttles.perAccount.reset(accountKey);
  throttles.perIp.refund(ip);
  const urls = await photoUrlsOf(db, [user.id]);
  return presentSelf(user, urls.get(user.id) ?? []);
}
