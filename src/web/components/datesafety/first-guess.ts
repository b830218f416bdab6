/** Dates are not set for the small hours: a first guess landing from midnight until this hour moves to the evening. */
const SMALL_HOURS_END = 10;
/** When an evening date starts, the first guess for one the clock ruled out. */
const EVENING_HOUR = 19;

/**
 * The share-date sheet's first guess at when she meets (she changes it in one tap): the first whole hour at least an
 * hour away, time to get there. One that falls in the small hours (midnight to 10 AM) is 7 PM that day instead: at
 * 1 AM the next hour, 2:00 AM, was no date anyone plans (tryout). Always ahead, so the check-in after it is too
 * (the server refuses one in the past). In the device's time zone, like the form's fields.
 */
export function firstGuessOfStart(now = new Date()): Date {
  const at = new Date(now.getTime() + 3_600_000);
  if (at.getMinutes() !== 0 || at.getSeconds() !== 0 || at.getMilliseconds() !== 0) {
    at.setMinutes(60, 0, 0);
  }
  if (at.getHours() < SMALL_HOURS_END) at.setHours(EVENING_HOUR, 0, 0, 0);
  return at;
}
