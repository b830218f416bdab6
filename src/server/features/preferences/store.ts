import type { z } from 'zod';
import {
  DEFAULT_PREFERENCES,
  PREFERENCES_CHANGED,
  type DealBreaker,
  type NotificationSettings,
  type Preferences,
  type updatePreferencesBody,
} from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { AppError, premiumRequired } from '../../http/errors';
import { accountState } from '../../core';
import { getFilters, writeFilters } from './filters';
import { localText } from '../../i18n';
import { isLanguage, type Language } from '../../i18n';
import {
  appLanguageOf,
  preferencesRow,
  savedLanguages,
  savedNotifications,
  upsertPreferencesAt,
  writePreferenceColumns,
  type PreferencesRow,
} from './repository';

/**
 * Her whole preferences object. ageRange/maxDistance are read from the discovery filters (the one
 * stored copy); visibility.ghostMode mirrors her account's ghost mode, which POST /ghost-mode changes.
 */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row, filters, account] = await Promise.all([
    preferencesRow(db, userId),
    getFilters(db, userId),
    accountState(db, userId),
  ]);
  const base = row ? presentRow(row) : DEFAULT_PREFERENCES;
  return {
    ...base,
    revision: row?.revision ?? 0,
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
  const current = await preferencesRow(db, userId);
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
  };
  await db.transaction(async (tx) => {
    // Compare-and-set: without a revision (a client that predates it) the save replaces whatever is stored.
    const at = input.revision ?? current?.revision ?? 0;
    if ((await upsertPreferencesAt(tx, userId, at, values)) === undefined) throw preferencesChanged();
    await writeFilters(tx, userId, {
      ...filters,
      minAge: input.ageRange[0],
      maxAge: input.ageRange[1],
      maxDistance: input.maxDistance,
    });
  });
  return getPreferences(db, userId);
}

/** 409: her preferences were saved elsewhere (another device) after the copy this save was edited from. */
const preferencesChanged = () => new AppError(409, PREFERENCES_CHANGED, localText('preferencesChangedElsewhere'));

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
  const saved = await savedLanguages(db, userIds);
  return new Map(userIds.map((userId) => [userId, writtenIn(saved.get(userId))]));
}

/** Her notification switches (defaults until she saves), for in-app notices, SMS, email and push. */
export async function notificationSettingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  return { ...DEFAULT_PREFERENCES.notifications, ...(await savedNotifications(db, userId)) };
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
  await writePreferenceColumns(db, userId, { notifications });
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
  const current = await preferencesRow(db, userId);
  const app = { ...DEFAULT_PREFERENCES.app, ...current?.app, ...settings };
  await writePreferenceColumns(db, userId, { app });
}

/**
 * Remembers that she has seen the onboarding tour, on her account so a new phone or browser does not
 * show it again; the rest of her preferences stay as they are (a member who never saved gets the defaults).
 */
export async function markTourSeen(db: Db, userId: string): Promise<void> {
  const current = await preferencesRow(db, userId);
  const app = { ...DEFAULT_PREFERENCES.app, ...current?.app, tourSeen: true };
  await writePreferenceColumns(db, userId, { app });
}
