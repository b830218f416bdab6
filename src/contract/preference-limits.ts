/**
 * The one source of the age and distance limits and of a new account's age range and distance: the server's
 * validation and defaults (discovery filters and preferences) and all three editors (/filters, /preferences and the
 * /preference-visualization dashboard, its "Use the default filters" too) read them here. No zod in this file, so
 * the web app's first paint can import it without the schemas.
 */

/** Ages any filter or editor can hold (members are 18 or older; 75 is the top of the slider). */
export const AGE_MIN = 18;
export const AGE_MAX = 75;
/** Whole miles from the centre of her city. */
export const DISTANCE_MIN = 1;
export const DISTANCE_MAX = 100;

/** What a new account gets until she saves: used by discovery (and its mutual age check) and every editor. */
export const DEFAULT_AGE_RANGE: readonly [number, number] = [18, 65];
export const DEFAULT_MAX_DISTANCE = 50;
