import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Owned by the discovery feature: Travel mode (product §2 "Discover"). While a plan runs, her member
 * row's location is the city she is visiting, so every discovery rule (distance, scope, both directions)
 * treats her as being there; `homeLocation` is what comes back when it ends.
 */
export const travelPlans = pgTable(
  'travel_plans',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The city she is visiting ('City, State' from the catalogue). */
    location: text().notNull(),
    /** Her own city, put back when the plan ends. */
    homeLocation: text().notNull(),
    /** When her home city comes back (at most 14 days after she set it). */
    until: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('travel_plans_until_idx').on(t.until), index('travel_plans_location_idx').on(t.location)],
);
