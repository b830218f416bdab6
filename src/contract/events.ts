import { z } from 'zod';
import { safeText } from './text';
import { TEA_PREFERENCES } from './interests';
import { isKnownLocation } from './locations';
import { reportGrounds } from './safety';

/** Tea meetups (the /events screen): create, list, join, leave, cancel, guest list. */

export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_VENUE_MAX = 120;
export const EVENT_ATTENDEES = { min: 2, max: 50, default: 10 } as const;
/** A meetup starts at least this long after it is posted… */
export const EVENT_MIN_LEAD_MS = 60 * 60_000;
/** …and at most this far ahead. */
export const EVENT_MAX_AHEAD_DAYS = 180;
/** Upcoming meetups one member may host at once. */
export const MAX_UPCOMING_HOSTED = 3;
export const EVENTS_PAGE_SIZE = 20;

export const EVENT_SCOPES = ['city', 'state', 'all'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];

const MISSING_EVENT_FIELDS = 'Please fill in all required fields';

const optionalText = (max: number, label: string) =>
  safeText(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

export const createEventBody = z.object({
  /** Optional: the host is always the session user; a different id is refused (403). */
  creatorId: z.uuid('Invalid user id').optional(),
  title: safeText(MISSING_EVENT_FIELDS)
    .trim()
    .min(1, MISSING_EVENT_FIELDS)
    .max(EVENT_TITLE_MAX, `Title must be at most ${EVENT_TITLE_MAX} characters`),
  description: optionalText(EVENT_DESCRIPTION_MAX, 'Description'),
  location: safeText(MISSING_EVENT_FIELDS)
    .trim()
    .min(1, MISSING_EVENT_FIELDS)
    .refine(isKnownLocation, 'Choose a city from the list'),
  /** Required: a meetup is somewhere people can find (tryout: one without a place told attendees nothing). */
  venue: safeText(MISSING_EVENT_FIELDS)
    .trim()
    .min(1, MISSING_EVENT_FIELDS)
    .max(EVENT_VENUE_MAX, `Venue must be at most ${EVENT_VENUE_MAX} characters`),
  eventDate: z.iso.datetime({ offset: true, error: MISSING_EVENT_FIELDS }),
  maxAttendees: z
    .number('Max attendees must be a number')
    .int('Max attendees must be a whole number')
    .min(EVENT_ATTENDEES.min, `A meetup needs room for at least ${EVENT_ATTENDEES.min} people`)
    .max(EVENT_ATTENDEES.max, `A meetup can have at most ${EVENT_ATTENDEES.max} people`)
    .default(EVENT_ATTENDEES.default),
  teaType: z.enum(TEA_PREFERENCES, 'Choose a tea from the list').optional(),
  verifiedOnly: z.boolean('verifiedOnly must be true or false').default(false),
});
export type CreateEventBody = z.input<typeof createEventBody>;

const eventHost = z.object({
  firstName: z.string(),
  photo: z.string().nullable(),
  isVerified: z.boolean(),
});

/** A meetup as a member sees it. `venue` only reaches the host and attendees. */
export const eventCard = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  venue: z.string().nullable(),
  eventDate: z.string(),
  maxAttendees: z.number().int(),
  attendeeCount: z.number().int(),
  spotsLeft: z.number().int(),
  teaType: z.enum(TEA_PREFERENCES).nullable(),
  verifiedOnly: z.boolean(),
  isHost: z.boolean(),
  isAttending: z.boolean(),
  host: eventHost,
});
export type EventCard = z.infer<typeof eventCard>;

export const eventQuery = z.object({
  scope: z.enum(EVENT_SCOPES, 'Scope must be city, state or all').default('all'),
  cursor: safeText().max(200).optional(),
});

export const eventPage = z.object({ events: z.array(eventCard), nextCursor: z.string().nullable() });
export type EventPage = z.infer<typeof eventPage>;

export const joinEventBody = z.object({ userId: z.uuid('Invalid user id').optional() }).default({});

/** Reporting a meetup: a safety report against its host that names the event. */
export const eventReportBody = z.object(reportGrounds);
export type EventReportBody = z.input<typeof eventReportBody>;

/** The guest list: first names and photos, for the host and attendees only. */
const eventAttendee = z.object({
  id: z.string(),
  firstName: z.string(),
  photo: z.string().nullable(),
  isVerified: z.boolean(),
  isHost: z.boolean(),
});
export const attendeeList = z.object({ attendees: z.array(eventAttendee) });
export type AttendeeList = z.infer<typeof attendeeList>;

/** First word of the display name: meetups never show more of a name. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;
