import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  type DealBreaker,
  type NotificationSettings,
  type Preferences,
  type updatePreferencesBody,
} from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema/preferences';
import { premiumRequired } from '../../http/errors';
import { accountState } from '../../core';
import { getFilters, saveFilters } from './filters';
import { localText } from '../../i18n';
import { isLanguage, type Language } from '../../i18n';

type PreferencesRow = typeof userPreferences.$inferSelect;

async function findRow(db: Db, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row;
}

/**
 * Her whole preferences object. ageRange/maxDistance are read from the discovery filters (the one
 * stored copy); visibility.ghostMode mirrors her account's ghost mode, which POST /ghost-mode changes.
 */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row, filters, account] = await Promise.all([
    findRow(db, userId),
    getFilters(db, userId),
    accountState(db, userId),
  ]);
  const base = row ? presentRow(row) : DEFAULT_PREFERENCES;
  return {
    ...base,
    ageRange: [filters.minAge, filters.maxAge],
    maxDistance: filters.maxDistance,
    visibility: { ...base.visibility, ghostMode: account?.ghost ?? false },
  };
}

function presentRow(row: PreferencesRow): Preferences {
  return {
    ...DEFAULT_PREFERENCES,
    interests: row.interests,
    lifestyle: row.lifestyle,
    // Stored values were validated against the list on the way in.
    dealBreakers: row.dealBreakers as DealBreaker[],
    visibility: {
      showAge: row.showAge,
      showDistance: row.showDistance,
      showLastActive: row.showLastActive,
      ghostMode: false,
    },
    premium: row.premium,
    // Rows saved before a setting existed read its default.
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...row.notifications },
    privacy: {
      profileVisibility: row.profileVisibility as Preferences['privacy']['profileVisibility'],
      showOnlineStatus: row.showOnlineStatus,
      showDistance: row.showDistance,
      showAge: row.showAge,
      allowMessagesFrom: row.allowMessagesFrom as Preferences['privacy']['allowMessagesFrom'],
    },
    app: { ...DEFAULT_PREFERENCES.app, ...row.app },
  };
}

/**
 * Replaces her preferences. Turning on a premium toggle needs an active subscription (403 otherwise);
 * a toggle already on may stay on after Premium lapses so a save of other settings does not fail.
 * visibility.ghostMode is not written here: ghost mode has its own endpoint and its own Premium rule.
 */
export async function savePreferences(
  db: Db,
  userId: string,
  input: z.output<typeof updatePreferencesBody>,
): Promise<Preferences> {
  const current = await findRow(db, userId);
  const before = current?.premium ?? DEFAULT_PREFERENCES.premium;
  const turnedOn = (Object.keys(input.premium) as (keyof Preferences['premium'])[]).filter(
    (key) => input.premium[key] && !before[key],
  );
  if (turnedOn.length > 0 && !(await accountState(db, userId))?.premium) {
    throw premiumRequired(localText('premiumPreferencesNeedAn'));
  }
  const filters = await getFilters(db, userId);
  const values = {
    interests: input.interests,
    dealBreakers: input.dealBreakers,
    profileVisibility: input.privacy.profileVisibility,
    allowMessagesFrom: input.privacy.allowMessagesFrom,
    showAge: input.privacy.showAge,
    showDistance: input.privacy.showDistance,
    showOnlineStatus: input.privacy.showOnlineStatus,
    showLastActive: input.visibility.showLastActive,
    lifestyle: input.lifestyle,
    premium: input.premium,
    // A setting the client did not send (it predates it) keeps its stored value.
    notifications: {
      ...DEFAULT_PREFERENCES.notifications,
      ...current?.notifications,
      ...withoutUndefined(input.notifications),
    },
    app: { ...DEFAULT_PREFERENCES.app, ...current?.app, ...withoutUndefined(input.app) },
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(userPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userPreferences.userId, set: values });
    await saveFilters(tx, userId, {
      ...filters,
      minAge: input.ageRange[0],
      maxAge: input.ageRange[1],
      maxDistance: input.maxDistance,
    });
  });
  return getPreferences(db, userId);
}

const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The language to write to her in when she is not the one asking (mail, SMS, push, notices): her saved app
 * language when Steep speaks it, else English. The one place that decides it for every message sent to a member.
 */
const writtenIn = (saved: string | undefined): Language => (isLanguage(saved) ? saved : 'en');

/** The language to write to her in (mail, SMS, push). */
export async function memberLanguage(db: Db, userId: string): Promise<Language> {
  return writtenIn(await appLanguageOf(db, userId));
}

/** memberLanguage of each of several members (a notice to every attendee), in one query: user id → language. */
export async function memberLanguages(db: Db, userIds: readonly string[]): Promise<Map<string, Language>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: userPreferences.userId, app: userPreferences.app })
          .from(userPreferences)
          .where(inArray(userPreferences.userId, [...new Set(userIds)]));
  const saved = new Map(rows.map((row) => [row.userId, row.app.language]));
  return new Map(userIds.map((userId) => [userId, writtenIn(saved.get(userId))]));
}

/** Her saved app language (app.language), or undefined before she saved any preferences. */
export async function appLanguageOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ app: userPreferences.app })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.app.language;
}

/** Her notification switches (defaults until she saves), for in-app notices, SMS, email and push. */
export async function notificationSettingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ notifications: userPreferences.notifications })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return { ...DEFAULT_PREFERENCES.notifications, ...row?.notifications };
}

/**
 * SQL that holds unless she switched this kind of notification off (every kind is on by default, before
 * she saves any): for a statement that claims a delivery in one step, such as the match text.
 */
export function notificationKindOn(userId: string, kind: keyof NotificationSettings): SQL {
  const p = userPreferences;
  return sql`not exists (select 1 from ${p} where ${p.userId} = ${userId} and ${p.notifications}->>${kind} = 'false')`;
}

/**
 * Turns some of her notification switches (an unsubscribe link turns one off) without touching the rest
 * of her preferences; a member who never saved gets the defaults with the change.
 */
export async function updateNotificationSettings(
  db: Db,
  userId: string,
  change: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const notifications = { ...(await notificationSettingsOf(db, userId)), ...change };
  const { premium, lifestyle, app } = DEFAULT_PREFERENCES;
  await db
    .insert(userPreferences)
    .values({ userId, notifications, premium, lifestyle, app })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { notifications, updatedAt: new Date() } });
  return notifications;
}

/**
 * Saves app settings and leaves the rest of her preferences as they are: at sign-up, the language she signed up
 * in and the units her browser's region suggests become her settings (without them the defaults, English and
 * miles, would switch the app back after sign-up).
 */
export async function saveAppSettings(
  db: Db,
  userId: string,
  settings: Partial<Pick<Preferences['app'], 'language' | 'units'>>,
): Promise<void> {
  const current = await findRow(db, userId);
  const app = { ...DEFAULT_PREFERENCES.app, ...current?.app, ...settings };
  const { premium, lifestyle, notifications } = DEFAULT_PREFERENCES;
  await db
    .insert(userPreferences)
    .values({ userId, notifications, premium, lifestyle, app })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { app, updatedAt: new Date() } });
}

/**
 * Remembers that she has seen the onboarding tour, on her account so a new phone or browser does not
 * show it again; the rest of her preferences stay as they are (a member who never saved gets the defaults).
 */
export async function markTourSeen(db: Db, userId: string): Promise<void> {
  const current = await findRow(db, userId);
  const app = { ...DEFAULT_PREFERENCES.app, ...current?.app, tourSeen: true };
  const { premium, lifestyle, notifications } = DEFAULT_PREFERENCES;
  await db
    .insert(userPreferences)
    .values({ userId, notifications, premium, lifestyle, app })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { app, updatedAt: new Date() } });
}

export async function dealBreakersOf(db: Db, userId: string): Promise<DealBreaker[]> {
  const [row] = await db
    .select({ dealBreakers: userPreferences.dealBreakers })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return (row?.dealBreakers ?? []) as DealBreaker[];
}
