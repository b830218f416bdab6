import { TRAVEL_MAX_DAYS, type TravelBody, type TravelPlan, type TravelState } from '../../../contract/discovery';
import { locationCoordinates } from '../../../contract/locations';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { badRequest, premiumRequired } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import { findUser, isPremium, lockUserRow, updateUser } from '../../core';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';
import {
  deleteTravelPlan,
  finishedTravellers,
  lockTravelPlan,
  travelPlanOf,
  upsertTravelPlan,
  type TravelPlanRow as PlanRow,
} from './repository';

/*
 * Travel mode (Premium): she picks a city and when her trip ends (at most 14 days ahead). Until then her
 * member row's location is that city, so discovery treats her as being there in both directions with no
 * rule of its own: she sees its members, they see her (her card says "Visiting"), distance bands come from
 * its city centre. Her home city comes back when the trip ends (a sweep every minute) or when she ends it.
 * If she moves her profile to another city meanwhile, that city stands and the trip simply ends.
 */

const DAY_MS = 86_400_000;
const TRAVEL_SWEEP_JOB = 'discovery.travel-ends';
const SWEEP_EVERY_MS = 60_000;

function present(row: PlanRow): TravelPlan {
  return { location: row.location, homeLocation: row.homeLocation, until: row.until.toISOString() };
}

/** Her running trip: its row, while her location is still the city she is visiting. */
async function runningPlan(db: Db, userId: string, location: string, now: Date): Promise<PlanRow | undefined> {
  const row = await travelPlanOf(db, userId);
  return row && row.location === location && row.until > now ? row : undefined;
}

export async function getTravel(db: Db, userId: string, now = new Date()): Promise<TravelState> {
  const row = await travelPlanOf(db, userId);
  if (!row || row.until <= now) return { plan: null };
  const user = await findUser(db, userId);
  return { plan: user && row.location === user.location ? present(row) : null };
}

export async function setTravel(
  db: Db,
  caches: DbCaches,
  userId: string,
  body: TravelBody,
  now = new Date(),
): Promise<TravelState> {
  if (!(await isPremium(db, userId))) throw premiumRequired(localText('travelModeIsA'));
  const centre = locationCoordinates(body.location);
  if (!centre) throw badRequest(localText('invalidLocation'), [fieldError('location', localText('chooseACityFrom'))]);
  const until = new Date(body.until);
  if (until.getTime() <= now.getTime()) {
    throw badRequest(localText('yourTripMustEnd'), [fieldError('until', localText('chooseALaterEnd'))]);
  }
  if (until.getTime() > now.getTime() + TRAVEL_MAX_DAYS * DAY_MS) {
    throw badRequest(localText('tripAtMostDays', { days: TRAVEL_MAX_DAYS }), [
      fieldError('until', localText('chooseAnEndWithin', { days: TRAVEL_MAX_DAYS })),
    ]);
  }
  return db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user) throw badRequest(localText('unknownMember'));
    const running = await runningPlan(tx, userId, user.location, now);
    const home = running ? running.homeLocation : user.location;
    if (body.location === home) {
      throw badRequest(localText('thatIsYourHome'), [fieldError('location', localText('chooseTheCityYou'))]);
    }
    const values = { location: body.location, homeLocation: home, until, createdAt: now };
    const row = await upsertTravelPlan(tx, userId, values);
    await updateUser(tx, caches, userId, { location: body.location, latitude: centre.lat, longitude: centre.lng });
    return { plan: row ? present(row) : null };
  });
}

/** Ends her trip (now, or because it is over): her home city comes back if she is still away. */
export async function endTravel(db: Db, caches: DbCaches, userId: string, onlyIfOverAt?: Date): Promise<TravelState> {
  await db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    const row = await lockTravelPlan(tx, userId);
    if (!user || !row) return;
    if (onlyIfOverAt && row.until > onlyIfOverAt) return;
    const home = locationCoordinates(row.homeLocation);
    if (user.location === row.location && home) {
      await updateUser(tx, caches, userId, { location: row.homeLocation, latitude: home.lat, longitude: home.lng });
    }
    await deleteTravelPlan(tx, userId);
  });
  return { plan: null };
}

/** Every trip whose end has come: each member's home city back. */
async function endFinishedTrips(db: Db, caches: DbCaches, now: Date): Promise<number> {
  const over = await finishedTravellers(db, now);
  for (const userId of over) await endTravel(db, caches, userId, now);
  return over.length;
}

export function registerTravelJobs(deps: { db: Db; caches: DbCaches; jobs: JobQueue }): void {
  deps.jobs.every(TRAVEL_SWEEP_JOB, SWEEP_EVERY_MS, async (now) => {
    await endFinishedTrips(deps.db, deps.caches, now);
  });
}
