import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import {
  Crown,
  Eye,
  Heart,
  Lightbulb,
  ListRestart,
  RotateCcw,
  SlidersHorizontal,
  Sparkles,
  TrendingUp,
  Users,
} from 'lucide-react';
import {
  DEAL_BREAKERS,
  DEFAULT_PREFERENCES,
  DRINKING_TOLERANCE,
  FITNESS_LEVELS,
  PET_PREFERENCES,
  PREFERENCE_INTEREST_CATEGORIES,
  SMOKING_TOLERANCE,
  preferenceCompleteness,
  preferenceTips,
  type PreferenceTip,
  type Preferences,
} from '../../../contract/preferences';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Chip } from '../../components/ui/chip';
import { toast, toastFailed } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { GhostModeToggle } from '../../components/ghost-mode-toggle';
import { toggled } from '../../lib/toggled';
import { LeaveUnsavedGuard } from '../../components/leave-unsaved-guard';
import { AgeRangeField, DistanceField, SelectRow, SwitchRow, tabTriggerClass } from './controls';
import { toUpdateBody, usePreferences, usePreferenceStats, useSavePreferences } from '../../lib/preferences';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { activeLocale, i18n } from '../../lib/i18n';
import type { LifestyleKey } from '../../../contract/lifestyle';
import { lifestyleOptionLabel } from '../../lib/labels/lifestyle';
import { dealBreakerLabel, preferenceCategoryLabel, preferenceOptionLabel } from '../../lib/labels/preference-options';

/** /preference-visualization (product §2): stats, tips, trending interests and the dating-preference editor. */
export function PreferenceVisualizationPage() {
  const user = useCurrentUser();
  const prefs = usePreferences(user?.id);
  const { t } = useLingui();
  useDocumentTitle(t`Preference dashboard · Steep`);
  if (!user || !prefs.data) return <p className="p-6 text-ink-soft">{t`Loading...`}</p>;
  return <Dashboard userId={user.id} premium={user.hasActiveSubscription} saved={prefs.data} />;
}

const EDITOR_TABS = ['demographics', 'interests', 'lifestyle', 'deal-breakers', 'visibility', 'premium'] as const;
/** Premium is a brand: the same word in every language. */
const EDITOR_TAB_LABELS: Record<Exclude<(typeof EDITOR_TABS)[number], 'premium'>, MessageDescriptor> = {
  demographics: msg`Demographics`,
  interests: msg`Interests`,
  lifestyle: msg`Lifestyle`,
  'deal-breakers': msg`Deal Breakers`,
  visibility: msg`Visibility`,
};

/** The contract's tips (`preferenceTips`, by id) in words. */
const TIP_TEXT: Record<PreferenceTip, MessageDescriptor> = {
  moreInterests: msg`Add more interests to find people who share your passions.`,
  widerDistance: msg`Increase your distance to see more potential matches nearby.`,
  widerAgeRange: msg`Widen your age range to discover more compatible people.`,
};

const options = <T extends string>(key: LifestyleKey, values: readonly T[]) =>
  values.map((value) => ({ value, label: lifestyleOptionLabel(key, value) }));

/**
 * Steep's default filters in place of hers, for her to save or not. Ghost mode is its own switch (saved as she flips
 * it), and the rest of the object (notifications, app settings, privacy but age and distance) is not on this editor.
 */
function withDefaultFilters(p: Preferences): Preferences {
  return {
    ...p,
    ageRange: DEFAULT_PREFERENCES.ageRange,
    maxDistance: DEFAULT_PREFERENCES.maxDistance,
    interests: DEFAULT_PREFERENCES.interests,
    lifestyle: DEFAULT_PREFERENCES.lifestyle,
    dealBreakers: DEFAULT_PREFERENCES.dealBreakers,
    visibility: { ...DEFAULT_PREFERENCES.visibility, ghostMode: p.visibility.ghostMode },
    privacy: { ...p.privacy, showAge: true, showDistance: true },
    premium: DEFAULT_PREFERENCES.premium,
  };
}

function Dashboard({ userId, premium, saved }: { userId: string; premium: boolean; saved: Preferences }) {
  const base = useMemo(() => ({ ...saved, ...toUpdateBody(saved) }), [saved]);
  const [draft, setDraft] = useState<Preferences>(base);
  const [shown, setShown] = useState(base);
  const same = (a: Preferences, b: Preferences) => JSON.stringify(a) === JSON.stringify(b);
  if (shown !== base) {
    // A fresh copy (saved on her other device): shown at once unless she has edits of her own, which a save merges.
    setShown(base);
    if (same(draft, shown)) setDraft(base);
  }
  const stats = usePreferenceStats(userId);
  const save = useSavePreferences(userId);
  // The revision is not an edit: after a merged save the draft is already at the newer one.
  const dirty = !same({ ...draft, revision: 0 }, { ...base, revision: 0 });
  const score = preferenceCompleteness(base);
  const tips = preferenceTips(draft);
  const set = (change: (p: Preferences) => Preferences) => setDraft((p) => change(p));
  const units = draft.app.units;
  const { t } = useLingui();

  const onSave = () =>
    save.mutate(toUpdateBody(draft), {
      onSuccess: (next) => {
        setDraft({ ...next, ...toUpdateBody(next) });
        toast({
          title: t`Preferences saved`,
          description: t`Your dating preferences have been updated successfully.`,
        });
      },
      onError: (error) =>
        toastFailed(t`Preferences not saved`, error, t`Failed to save preferences. Please try again.`),
    });

  // Undo takes the form back to what is saved; the defaults are a separate choice she still saves (tryout: one
  // "Reset" that threw her choices away for the app's defaults surprised her).
  const undo = () => {
    if (dirty) setDraft(base);
  };
  const fillDefaults = () => setDraft(withDefaultFilters);

  const visibility = (change: Partial<Preferences['visibility']>) =>
    set((p) => {
      const next = { ...p.visibility, ...change };
      return {
        ...p,
        visibility: next,
        privacy: { ...p.privacy, showAge: next.showAge, showDistance: next.showDistance },
      };
    });

  const cards = [
    { label: t`Total matches`, value: stats.data?.totalMatches, icon: Heart },
    { label: t`This week`, value: stats.data?.weeklyMatches, icon: TrendingUp },
    { label: t`Profile views`, value: stats.data?.profileViews, icon: Eye },
    {
      label: t`Match quality`,
      value:
        stats.data && new Intl.NumberFormat(activeLocale(), { style: 'percent' }).format(stats.data.matchQuality / 100),
      icon: Sparkles,
    },
  ];

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <LeaveUnsavedGuard dirty={dirty && !save.isPending} />
      <Card className="grid gap-3 bg-plum-50">
        <div className="flex items-center gap-4">
          <ScoreRing score={score} />
          <div className="grid gap-1">
            <h1 className="font-display text-2xl font-semibold text-plum-900">{t`Your preference dashboard`}</h1>
            <p className="text-sm text-ink-soft">{t`See how your preferences shape who you meet, and fine-tune them.`}</p>
          </div>
        </div>
      </Card>

      <section aria-label={t`Your numbers`} className="grid grid-cols-2 gap-3">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="grid gap-1 p-4">
            <Icon className="size-5 text-plum-600" aria-hidden />
            <span className="text-2xl font-bold text-ink">{value ?? '–'}</span>
            <span className="text-xs text-ink-soft">{label}</span>
          </Card>
        ))}
      </section>

      {tips.length > 0 && (
        <Card className="grid gap-2">
          <h2 className="flex items-center gap-2 font-semibold text-ink">
            <Lightbulb className="size-4 text-matcha-600" aria-hidden />
            {t`Optimisation tips`}
          </h2>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-ink-soft">
            {tips.map((tip) => (
              <li key={tip}>{i18n._(TIP_TEXT[tip])}</li>
            ))}
          </ul>
        </Card>
      )}

      <Card className="grid gap-2">
        <h2 className="font-semibold text-ink">{t`Trending near you`}</h2>
        {stats.data && stats.data.popularInterests.length === 0 && (
          <p className="text-sm text-ink-soft">{t`No one within your distance has listed interests yet.`}</p>
        )}
        <ul className="flex flex-wrap gap-2">
          {stats.data?.popularInterests.map((p) => (
            <li key={p.interest} className="rounded-full bg-matcha-100 px-3 py-1 text-sm font-medium text-matcha-700">
              {preferenceOptionLabel(p.interest)} · {p.count}
            </li>
          ))}
        </ul>
      </Card>

      <Card className="grid gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 font-semibold text-ink">
            <SlidersHorizontal className="size-4 text-plum-600" aria-hidden />
            {t`Dating preferences`}
          </h2>
          {dirty && (
            <span
              role="status"
              className="rounded-full bg-matcha-100 px-2.5 py-0.5 text-xs font-semibold text-matcha-700"
            >
              {t`Unsaved changes`}
            </span>
          )}
        </div>
        <Tabs.Root defaultValue="demographics" className="grid gap-4">
          <Tabs.List aria-label={t`Preference editor`} className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1">
            {EDITOR_TABS.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className={tabTriggerClass}>
                {tab === 'premium' ? 'Premium' : i18n._(EDITOR_TAB_LABELS[tab])}
              </Tabs.Trigger>
            ))}
          </Tabs.List>

          <Tabs.Content value="demographics" className="grid gap-6">
            <AgeRangeField value={draft.ageRange} onChange={(ageRange) => set((p) => ({ ...p, ageRange }))} />
            <DistanceField
              value={draft.maxDistance}
              units={units}
              onChange={(maxDistance) => set((p) => ({ ...p, maxDistance }))}
            />
          </Tabs.Content>

          <Tabs.Content value="interests" className="grid gap-4">
            {PREFERENCE_INTEREST_CATEGORIES.map((category) => (
              <div key={category.name} className="grid gap-2">
                <h3 className="text-sm font-semibold text-ink">{preferenceCategoryLabel(category.name)}</h3>
                <div className="flex flex-wrap gap-2">
                  {category.interests.map((interest) => (
                    <Chip
                      key={interest}
                      label={preferenceOptionLabel(interest)}
                      pressed={draft.interests.includes(interest)}
                      onToggle={() => set((p) => ({ ...p, interests: toggled(p.interests, interest) }))}
                    />
                  ))}
                </div>
              </div>
            ))}
          </Tabs.Content>

          <Tabs.Content value="lifestyle" className="grid gap-3">
            <SelectRow
              label={t`Smoking tolerance`}
              value={draft.lifestyle.smokingTolerance}
              options={options('smoking', SMOKING_TOLERANCE)}
              onChange={(smokingTolerance) => set((p) => ({ ...p, lifestyle: { ...p.lifestyle, smokingTolerance } }))}
            />
            <SelectRow
              label={t`Drinking tolerance`}
              value={draft.lifestyle.drinkingTolerance}
              options={options('drinking', DRINKING_TOLERANCE)}
              onChange={(drinkingTolerance) => set((p) => ({ ...p, lifestyle: { ...p.lifestyle, drinkingTolerance } }))}
            />
            <SelectRow
              label={t`Fitness level`}
              value={draft.lifestyle.fitnessLevel}
              options={options('fitness', FITNESS_LEVELS)}
              onChange={(fitnessLevel) => set((p) => ({ ...p, lifestyle: { ...p.lifestyle, fitnessLevel } }))}
            />
            <SelectRow
              label={t`Pets`}
              value={draft.lifestyle.petPreference}
              options={options('pets', PET_PREFERENCES)}
              onChange={(petPreference) => set((p) => ({ ...p, lifestyle: { ...p.lifestyle, petPreference } }))}
            />
          </Tabs.Content>

          <Tabs.Content value="deal-breakers" className="grid gap-3">
            <p className="text-sm text-ink-soft">
              {t`Deal breakers work both ways: you won't see people they rule out, and they won't see you. Those marked "shown on profile" can't be checked from anyone's answers, so they tell others what matters to you.`}
            </p>
            <div className="flex flex-wrap gap-2">
              {DEAL_BREAKERS.map((d) => (
                <Chip
                  key={d.name}
                  tone="matcha"
                  label={d.filter ? dealBreakerLabel(d.name) : t`${dealBreakerLabel(d.name)} (shown on profile)`}
                  pressed={draft.dealBreakers.includes(d.name)}
                  onToggle={() => set((p) => ({ ...p, dealBreakers: toggled(p.dealBreakers, d.name) }))}
                />
              ))}
            </div>
          </Tabs.Content>

          <Tabs.Content value="visibility" className="grid gap-1">
            <SwitchRow
              label={t`Show my age`}
              checked={draft.visibility.showAge}
              onCheckedChange={(showAge) => visibility({ showAge })}
            />
            <SwitchRow
              label={t`Show my distance`}
              checked={draft.visibility.showDistance}
              onCheckedChange={(showDistance) => visibility({ showDistance })}
            />
            <SwitchRow
              label={t`Show when I was last active`}
              checked={draft.visibility.showLastActive}
              onCheckedChange={(showLastActive) => visibility({ showLastActive })}
            />
            <div className="pt-3">
              <GhostModeToggle />
            </div>
          </Tabs.Content>

          <Tabs.Content value="premium" className="grid gap-1">
            {!premium && <p className="pb-2 text-sm text-ink-soft">{t`These need an active Premium subscription.`}</p>}
            <SwitchRow
              label={t`Boost my profile`}
              checked={draft.premium.boostProfile}
              disabled={!premium && !draft.premium.boostProfile}
              onCheckedChange={(boostProfile) => set((p) => ({ ...p, premium: { ...p.premium, boostProfile } }))}
            />
            <SwitchRow
              label={t`Priority likes`}
              checked={draft.premium.priorityLikes}
              disabled={!premium && !draft.premium.priorityLikes}
              onCheckedChange={(priorityLikes) => set((p) => ({ ...p, premium: { ...p.premium, priorityLikes } }))}
            />
            <SwitchRow
              label={t`See who liked you`}
              checked={draft.premium.seeWhoLikedYou}
              disabled={!premium && !draft.premium.seeWhoLikedYou}
              onCheckedChange={(seeWhoLikedYou) => set((p) => ({ ...p, premium: { ...p.premium, seeWhoLikedYou } }))}
            />
          </Tabs.Content>
        </Tabs.Root>

        <div className="grid gap-2">
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="outline"
              onClick={undo}
              // aria-disabled, not disabled: her focus stays on it once it has put her saved choices back.
              aria-disabled={!dirty}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              <RotateCcw className="size-4" aria-hidden />
              {t`Undo changes`}
            </Button>
            <Button onClick={onSave} disabled={!dirty || save.isPending}>
              {save.isPending ? t`Saving…` : t`Save`}
            </Button>
          </div>
          <Button variant="ghost" onClick={fillDefaults}>
            <ListRestart className="size-4" aria-hidden />
            {t`Use the default filters`}
          </Button>
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-2">
        <Link to="/preferences" className={buttonClasses('outline', 'md', true)}>
          <Users className="size-4" aria-hidden />
          {t`Basic Preferences`}
        </Link>
        {/* A member who already has Premium is not offered it again. */}
        {premium ? (
          <Link to="/subscription" className={buttonClasses('outline', 'md', true)}>
            <Crown className="size-4" aria-hidden />
            {t`Your Premium`}
          </Link>
        ) : (
          <Link to="/subscribe" className={buttonClasses('primary', 'md', true)}>
            <Crown className="size-4" aria-hidden />
            {t`Upgrade Premium`}
          </Link>
        )}
      </div>
    </div>
  );
}

/** The match-score ring: the saved preferences' completeness (product §9 formula, src/contract). */
function ScoreRing({ score }: { score: number }) {
  const { t } = useLingui();
  const r = 30;
  const c = 2 * Math.PI * r;
  return (
    <div
      role="meter"
      aria-label={t`Match score`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={score}
      className="relative grid size-20 shrink-0 place-items-center"
    >
      <svg viewBox="0 0 72 72" className="absolute inset-0 size-full -rotate-90" aria-hidden>
        <circle cx="36" cy="36" r={r} fill="none" strokeWidth="8" className="stroke-plum-100" />
        <circle
          cx="36"
          cy="36"
          r={r}
          fill="none"
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - score / 100)}
          className="stroke-plum-600 transition-[stroke-dashoffset] duration-500"
        />
      </svg>
      <span className="text-lg font-bold text-plum-800">{score}%</span>
    </div>
  );
}
