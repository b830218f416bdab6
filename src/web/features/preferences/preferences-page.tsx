import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { ArrowLeft, ChartPie } from 'lucide-react';
import { PREFERENCE_LIFESTYLE_OPTIONS } from '../../../contract/interests';
import type { Preferences } from '../../../contract/preferences';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Chip } from '../../components/ui/chip';
import { toast, toastFailed } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { toggled } from '../../lib/toggled';
import { AgeRangeField, DistanceField, SelectRow, SwitchRow, tabTriggerClass } from './controls';
import { preferencesRoute, toUpdateBody, usePreferences, useSavePreferences } from '../../lib/preferences';
import { queryKeyOf } from '../../lib/query-key';
import { QuietHoursField } from './quiet-hours-field';
import { LeaveUnsavedGuard } from '../../components/leave-unsaved-guard';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES } from '../../lib/i18n';
import { preferenceOptionLabel } from '../../lib/labels/preference-options';
import { applyTheme } from '../../lib/theme';

/** /preferences (product §2, 3): Matching, Notifications, Privacy and App Settings, saved on the server. */
export function PreferencesPage() {
  const user = useCurrentUser();
  const prefs = usePreferences(user?.id);
  const { t } = useLingui();
  useDocumentTitle(t`Preferences · Steep`);
  if (!user || !prefs.data) return <p className="p-6 text-ink-soft">{t`Loading...`}</p>;
  return <PreferencesForm userId={user.id} initial={prefs.data} />;
}

type NotificationSwitch = Exclude<keyof Preferences['notifications'], 'quietHours'>;

/** The on/off switches alone (quiet hours are saved with the Save button). */
function switchesOf(p: Preferences): Omit<Preferences['notifications'], 'quietHours'> {
  const { quietHours: _quietHours, ...switches } = p.notifications;
  return switches;
}
const NOTIFICATION_LABELS: Record<NotificationSwitch, MessageDescriptor> = {
  pushNotifications: msg`Push notifications`,
  emailNotifications: msg`Email notifications`,
  newMatches: msg`New matches`,
  newMessages: msg`New messages`,
  likes: msg`Likes`,
  events: msg`Events`,
  moderationNotices: msg`Notices from Steep Safety`,
  messagePreviews: msg`Show message text in notifications`,
  promotional: msg`Promotions and offers`,
};

const TABS = ['matching', 'notifications', 'privacy', 'app'] as const;
type PreferencesTab = (typeof TABS)[number];

/** The open tab is in the address (`?tab=notifications`), so a link can open it and a reload keeps it. */
function useTabFromUrl(): [PreferencesTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((t) => t === asked) ?? 'matching';
  // Replace, not push: Back leaves Preferences instead of walking through the tabs she looked at.
  const setTab = (next: string) => setParams({ tab: next }, { replace: true, preventScrollReset: true });
  return [tab, setTab];
}

function PreferencesForm({ userId, initial }: { userId: string; initial: Preferences }) {
  const [draft, setDraft] = useState<Preferences>(() => ({ ...initial, ...toUpdateBody(initial) }));
  const [tab, setTab] = useTabFromUrl();
  const save = useSavePreferences(userId);
  const switchSave = useSavePreferences(userId);
  const queryClient = useQueryClient();
  const appSave = useSavePreferences(userId);
  const { t, i18n } = useLingui();
  const set = (change: (p: Preferences) => Preferences) => setDraft((p) => change(p));

  /*
   * What an instant save sends: what the server holds (so unsaved edits on the other tabs stay hers to save or
   * drop) with every choice that saves at once taken from the draft (the notification switches, the theme and the
   * language), since an earlier one's save may still be on its way.
   */
  const savedWithInstantChoices = (): Preferences => {
    const saved =
      queryClient.getQueryData<Preferences>(queryKeyOf(preferencesRoute, { params: { id: userId } })) ?? initial;
    return {
      ...saved,
      notifications: { ...saved.notifications, ...switchesOf(draft) },
      app: { ...saved.app, language: draft.app.language, theme: draft.app.theme },
    };
  };

  /*
   * A notification switch saves as she flips it, like a phone's settings: shown at once, sent on its own, and
   * turned back with a toast saying why if the save fails (offline too: the save does not wait for the network).
   */
  const flipNotification = (key: NotificationSwitch, on: boolean) => {
    const saved = savedWithInstantChoices();
    set((p) => ({ ...p, notifications: { ...p.notifications, [key]: on } }));
    switchSave.mutate(toUpdateBody({ ...saved, notifications: { ...saved.notifications, [key]: on } }), {
      onError: (error) => {
        set((p) => ({ ...p, notifications: { ...p.notifications, [key]: !on } }));
        const setting = i18n._(NOTIFICATION_LABELS[key]);
        const reason = errorText(error);
        toast({
          title: t`Preferences not saved`,
          description: t`${setting} is back as it was. ${reason}`,
          variant: 'destructive',
        });
      },
    });
  };

  /*
   * The language and the theme change the app at once (no reload) and are saved on their own, like a
   * notification switch; a refusal (offline too: the save does not wait for the network) puts the old one back on
   * screen first, and only then says so, so a failed language change is told in the language she had.
   */
  const saveAppSetting = <K extends 'language' | 'theme'>(
    key: K,
    value: Preferences['app'][K],
    apply: (value: Preferences['app'][K]) => Promise<void>,
    failed: (error: unknown) => void,
  ) => {
    const saved = savedWithInstantChoices();
    const before = draft.app[key];
    set((p) => ({ ...p, app: { ...p.app, [key]: value } }));
    void apply(value).catch(() => undefined);
    appSave.mutate(toUpdateBody({ ...saved, app: { ...saved.app, [key]: value } }), {
      onError: (error) => {
        set((p) => ({ ...p, app: { ...p.app, [key]: before } }));
        void apply(before)
          .catch(() => undefined)
          .then(() => failed(error));
      },
    });
  };
  const changeLanguage = (language: Preferences['app']['language']) =>
    saveAppSetting(
      'language',
      language,
      (locale) => (isLocale(locale) ? activateLocale(locale) : Promise.resolve()),
      // `t` here reads the language active now: the one she had, back on screen.
      (error) => toastFailed(t`Preferences not saved`, error),
    );
  const changeTheme = (theme: Preferences['app']['theme']) =>
    saveAppSetting(
      'theme',
      theme,
      (value) => Promise.resolve(applyTheme(value)),
      (error) => {
        const reason = errorText(error);
        toast({
          title: t`Preferences not saved`,
          description: t`Your theme is back as it was. ${reason}`,
          variant: 'destructive',
        });
      },
    );

  // What the Save button would store (the switches, theme and language save as she flips them, so they never wait).
  const savedWithButton = (p: Preferences) =>
    JSON.stringify({ ...p, revision: 0, notifications: p.notifications.quietHours, app: null });
  const unsaved = !save.isPending && savedWithButton(draft) !== savedWithButton(toUpdateBody(initial));

  const onSave = () =>
    save.mutate(toUpdateBody(draft), {
      onSuccess: (saved) => {
        setDraft(saved);
        toast({ title: t`Preferences saved`, description: t`Your preferences have been saved successfully.` });
      },
      onError: (error) =>
        toastFailed(t`Preferences not saved`, error, t`Failed to update preferences. Please try again.`),
    });

  const privacy = (change: Partial<Preferences['privacy']>) =>
    set((p) => {
      const next = { ...p.privacy, ...change };
      // Age and distance are one setting shown in two places (here and the editor's Visibility tab).
      return {
        ...p,
        privacy: next,
        visibility: { ...p.visibility, showAge: next.showAge, showDistance: next.showDistance },
      };
    });

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <LeaveUnsavedGuard dirty={unsaved} />
      <Link to="/settings" className={buttonClasses('ghost', 'md') + ' -ml-2 w-fit px-3'}>
        <ArrowLeft className="size-4" aria-hidden />
        {t`Back to Settings`}
      </Link>
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">{t`Preferences`}</h1>

      <Tabs.Root value={tab} onValueChange={setTab} className="grid gap-4">
        {/* The tabs wrap onto a second row where they do not fit: a strip scrolling sideways left the chosen one
            cut at the edge ("Ajustes de la app", "App S…": tryout), and every group stays in sight. */}
        <Tabs.List aria-label={t`Preference groups`} className="flex flex-wrap gap-1">
          <Tabs.Trigger value="matching" className={tabTriggerClass}>
            {t`Matching`}
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications" className={tabTriggerClass}>
            {t`Notifications`}
          </Tabs.Trigger>
          <Tabs.Trigger value="privacy" className={tabTriggerClass}>
            {t`Privacy`}
          </Tabs.Trigger>
          <Tabs.Trigger value="app" className={tabTriggerClass}>
            {t`App Settings`}
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="matching">
          <Card className="grid gap-6">
            <AgeRangeField value={draft.ageRange} onChange={(ageRange) => set((p) => ({ ...p, ageRange }))} />
            <DistanceField
              value={draft.maxDistance}
              units={draft.app.units}
              onChange={(maxDistance) => set((p) => ({ ...p, maxDistance }))}
            />
            <div className="grid gap-2">
              <h2 className="text-sm font-semibold text-ink">{t`Lifestyle`}</h2>
              <div className="flex flex-wrap gap-2">
                {PREFERENCE_LIFESTYLE_OPTIONS.map((option) => (
                  <Chip
                    key={option}
                    label={preferenceOptionLabel(option)}
                    pressed={draft.interests.includes(option)}
                    onToggle={() => set((p) => ({ ...p, interests: toggled(p.interests, option) }))}
                  />
                ))}
              </div>
            </div>
          </Card>
        </Tabs.Content>

        <Tabs.Content value="notifications">
          <Card className="grid gap-1">
            {(Object.keys(NOTIFICATION_LABELS) as NotificationSwitch[]).map((key) => (
              <SwitchRow
                key={key}
                label={i18n._(NOTIFICATION_LABELS[key])}
                checked={draft.notifications[key]}
                onCheckedChange={(on) => flipNotification(key, on)}
              />
            ))}
            <QuietHoursField
              value={draft.notifications.quietHours}
              onChange={(quietHours) => set((p) => ({ ...p, notifications: { ...p.notifications, quietHours } }))}
            />
            <p className="pt-2 text-xs text-ink-soft">
              {t`Each switch is saved as soon as you flip it, and covers email and push. Email needs an address you confirmed in Settings; push is turned on per device in Settings. New matches also reach your phone by text when SMS is on.`}
            </p>
          </Card>
        </Tabs.Content>

        <Tabs.Content value="privacy">
          <Card className="grid gap-3">
            <SelectRow
              label={t`Profile visibility`}
              value={draft.privacy.profileVisibility}
              options={[
                { value: 'public', label: t`Everyone` },
                { value: 'matches', label: t`Only my matches` },
                { value: 'hidden', label: t`Hidden from discovery` },
              ]}
              onChange={(profileVisibility) => privacy({ profileVisibility })}
            />
            <SelectRow
              label={t`Who can message me first`}
              value={draft.privacy.allowMessagesFrom}
              options={[
                { value: 'everyone', label: t`Any match` },
                { value: 'matches', label: t`My matches` },
                { value: 'verified', label: t`Only verified members` },
              ]}
              onChange={(allowMessagesFrom) => privacy({ allowMessagesFrom })}
            />
            <SwitchRow
              label={t`Show online status`}
              hint={t`Off: nobody sees yours, and you see no one's`}
              checked={draft.privacy.showOnlineStatus}
              onCheckedChange={(showOnlineStatus) => privacy({ showOnlineStatus })}
            />
            <SwitchRow
              label={t`Show distance`}
              checked={draft.privacy.showDistance}
              onCheckedChange={(showDistance) => privacy({ showDistance })}
            />
            <SwitchRow
              label={t`Show age`}
              checked={draft.privacy.showAge}
              onCheckedChange={(showAge) => privacy({ showAge })}
            />
          </Card>
        </Tabs.Content>

        <Tabs.Content value="app">
          <Card className="grid gap-3">
            <SelectRow
              label={t`Theme`}
              value={draft.app.theme}
              options={[
                { value: 'light', label: t`Light` },
                { value: 'dark', label: t`Dark` },
                { value: 'system', label: t`Same as my device` },
              ]}
              onChange={changeTheme}
            />
            <SelectRow
              label={t`Language`}
              value={draft.app.language}
              options={LOCALES.map((locale) => ({
                value: locale,
                label: LOCALE_NAMES[locale],
              }))}
              onChange={changeLanguage}
            />
            <SelectRow
              label={t`Distance units`}
              value={draft.app.units}
              options={[
                { value: 'imperial', label: t`Miles` },
                { value: 'metric', label: t`Kilometres` },
              ]}
              onChange={(units) => set((p) => ({ ...p, app: { ...p.app, units } }))}
            />
            <p className="text-xs text-ink-soft">
              {t`Your theme and language are saved on your account as soon as you choose them: Steep, its emails and texts follow your language.`}
            </p>
          </Card>
        </Tabs.Content>
      </Tabs.Root>

      <Button block size="lg" onClick={onSave} disabled={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save Preferences`}
      </Button>
      <Link to="/preference-visualization" className={buttonClasses('outline', 'md', true)}>
        <ChartPie className="size-4" aria-hidden />
        {t`Preference dashboard`}
      </Link>
    </div>
  );
}
