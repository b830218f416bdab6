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
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { AgeRangeField, DistanceField, SelectRow, SwitchRow, tabTriggerClass, toggled } from './controls';
import { preferencesQueryKey, toUpdateBody, usePreferences, useSavePreferences } from '../../lib/preferences';
import { QuietHoursField } from './quiet-hours-field';

/** /preferences (product §2, 3): Matching, Notifications, Privacy and App Settings, saved on the server. */
export function PreferencesPage() {
  const user = useCurrentUser();
  const prefs = usePreferences(user?.id);
  useDocumentTitle('Preferences · Steep');
  if (!user || !prefs.data) return <p className="p-6 text-ink-soft">Loading...</p>;
  return <PreferencesForm userId={user.id} initial={prefs.data} />;
}

type NotificationSwitch = Exclude<keyof Preferences['notifications'], 'quietHours'>;

/** The on/off switches alone (quiet hours are saved with the Save button). */
function switchesOf(p: Preferences): Omit<Preferences['notifications'], 'quietHours'> {
  const { quietHours: _quietHours, ...switches } = p.notifications;
  return switches;
}
const NOTIFICATION_LABELS: Record<NotificationSwitch, string> = {
  pushNotifications: 'Push notifications',
  emailNotifications: 'Email notifications',
  newMatches: 'New matches',
  newMessages: 'New messages',
  likes: 'Likes',
  events: 'Events',
  moderationNotices: 'Notices from Steep Safety',
  messagePreviews: 'Show message text in notifications',
  promotional: 'Promotions and offers',
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
  const set = (change: (p: Preferences) => Preferences) => setDraft((p) => change(p));

  /*
   * A notification switch saves as she flips it, like a phone's settings: shown at once, sent on its own
   * (over what the server holds, so unsaved edits on the other tabs stay hers to save or drop), and
   * turned back with a toast if the server refuses.
   */
  const flipNotification = (key: NotificationSwitch, on: boolean) => {
    const saved = queryClient.getQueryData<Preferences>(preferencesQueryKey(userId)) ?? initial;
    const notifications = { ...saved.notifications, ...switchesOf(draft), [key]: on };
    set((p) => ({ ...p, notifications: { ...p.notifications, [key]: on } }));
    switchSave.mutate(toUpdateBody({ ...saved, notifications }), {
      onError: () => {
        set((p) => ({ ...p, notifications: { ...p.notifications, [key]: !on } }));
        toast({
          title: 'Not saved',
          description: `${NOTIFICATION_LABELS[key]} is back as it was. Please try again.`,
          variant: 'destructive',
        });
      },
    });
  };

  const onSave = () =>
    save.mutate(toUpdateBody(draft), {
      onSuccess: (saved) => {
        setDraft(saved);
        toast({ title: 'Preferences Updated', description: 'Your preferences have been saved successfully.' });
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update preferences. Please try again.',
          variant: 'destructive',
        }),
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
      <Link to="/settings" className={buttonClasses('ghost', 'md') + ' -ml-2 w-fit px-3'}>
        <ArrowLeft className="size-4" aria-hidden />
        Back to Settings
      </Link>
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">Preferences</h1>

      <Tabs.Root value={tab} onValueChange={setTab} className="grid gap-4">
        <Tabs.List aria-label="Preference groups" className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1">
          <Tabs.Trigger value="matching" className={tabTriggerClass}>
            Matching
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications" className={tabTriggerClass}>
            Notifications
          </Tabs.Trigger>
          <Tabs.Trigger value="privacy" className={tabTriggerClass}>
            Privacy
          </Tabs.Trigger>
          <Tabs.Trigger value="app" className={tabTriggerClass}>
            App Settings
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
              <h2 className="text-sm font-semibold text-ink">Lifestyle</h2>
              <div className="flex flex-wrap gap-2">
                {PREFERENCE_LIFESTYLE_OPTIONS.map((option) => (
                  <Chip
                    key={option}
                    label={option}
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
                label={NOTIFICATION_LABELS[key]}
                checked={draft.notifications[key]}
                onCheckedChange={(on) => flipNotification(key, on)}
              />
            ))}
            <QuietHoursField
              value={draft.notifications.quietHours}
              onChange={(quietHours) => set((p) => ({ ...p, notifications: { ...p.notifications, quietHours } }))}
            />
            <p className="pt-2 text-xs text-ink-soft">
              Each switch is saved as soon as you flip it, and covers email and push. Email needs an address you
              confirmed in Settings; push is turned on per device in Settings. New matches also reach your phone by text
              when SMS is on.
            </p>
          </Card>
        </Tabs.Content>

        <Tabs.Content value="privacy">
          <Card className="grid gap-3">
            <SelectRow
              label="Profile visibility"
              value={draft.privacy.profileVisibility}
              options={[
                { value: 'public', label: 'Everyone' },
                { value: 'matches', label: 'Only my matches' },
                { value: 'hidden', label: 'Hidden from discovery' },
              ]}
              onChange={(profileVisibility) => privacy({ profileVisibility })}
            />
            <SelectRow
              label="Who can message me first"
              value={draft.privacy.allowMessagesFrom}
              options={[
                { value: 'everyone', label: 'Any match' },
                { value: 'matches', label: 'My matches' },
                { value: 'verified', label: 'Only verified members' },
              ]}
              onChange={(allowMessagesFrom) => privacy({ allowMessagesFrom })}
            />
            <SwitchRow
              label="Show online status"
              hint="Off: nobody sees yours, and you see no one's"
              checked={draft.privacy.showOnlineStatus}
              onCheckedChange={(showOnlineStatus) => privacy({ showOnlineStatus })}
            />
            <SwitchRow
              label="Show distance"
              checked={draft.privacy.showDistance}
              onCheckedChange={(showDistance) => privacy({ showDistance })}
            />
            <SwitchRow
              label="Show age"
              checked={draft.privacy.showAge}
              onCheckedChange={(showAge) => privacy({ showAge })}
            />
          </Card>
        </Tabs.Content>

        <Tabs.Content value="app">
          <Card className="grid gap-3">
            <SelectRow
              label="Theme"
              value={draft.app.theme}
              options={[
                { value: 'light', label: 'Light' },
                { value: 'dark', label: 'Dark' },
                { value: 'system', label: 'Same as my device' },
              ]}
              onChange={(theme) => set((p) => ({ ...p, app: { ...p.app, theme } }))}
            />
            <SelectRow
              label="Language"
              value={draft.app.language}
              options={[
                { value: 'en', label: 'English' },
                { value: 'es', label: 'Español' },
                { value: 'fr', label: 'Français' },
                { value: 'de', label: 'Deutsch' },
              ]}
              onChange={(language) => set((p) => ({ ...p, app: { ...p.app, language } }))}
            />
            <SelectRow
              label="Distance units"
              value={draft.app.units}
              options={[
                { value: 'imperial', label: 'Miles' },
                { value: 'metric', label: 'Kilometres' },
              ]}
              onChange={(units) => set((p) => ({ ...p, app: { ...p.app, units } }))}
            />
            <p className="text-xs text-ink-soft">
              Steep is in English for now; your language choice is kept for when more arrive.
            </p>
          </Card>
        </Tabs.Content>
      </Tabs.Root>

      <Button block size="lg" onClick={onSave} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save Preferences'}
      </Button>
      <Link to="/preference-visualization" className={buttonClasses('outline', 'md', true)}>
        <ChartPie className="size-4" aria-hidden />
        Preference dashboard
      </Link>
    </div>
  );
}
