import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { MINIMUM_AGE } from '../../../contract/auth';
import { formatLocation, parseLocation } from '../../../contract/locations';
import {
  BIO_MAX_LENGTH,
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  LIFESTYLE_FIELDS,
  LIFESTYLE_KEYS,
  LOVE_LANGUAGES,
  PRONOUN_SUGGESTIONS,
  RELATIONSHIP_GOALS,
  type LifestyleKey,
  type UpdateProfileBody,
} from '../../../contract/profiles';
import { type SelfUser } from '../../../contract/users';
import { TeaInterestPicker } from '../../components/interest-picker';
import { LazyConfirmDialog } from '../../components/lazy-on-open';
import { FOCUS_MAIN } from '../../components/skip-link';
import { LocationPicker } from '../../components/location-picker';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FIELD_ERROR_CLASS, Field, Input, NativeSelect, Textarea, describedBy } from '../../components/ui/field';
import { useToast, toastFailed } from '../../components/ui/toast';
import { apiCall } from '../../lib/api';
import { useFormErrors } from '../../lib/form-errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';
import { useAuth, useCurrentUser } from '../../lib/session';
import { ChosenInterestsPicker } from './chosen-interests-picker';
import { CompletenessBar } from './completeness-bar';
import { lifestyleFieldLabel, lifestyleOptionLabel } from '../../lib/labels/lifestyle';
import { loveLanguageLabel, relationshipGoalLabel } from '../../lib/labels/profile-options';
import { PhotoManager } from './photo-manager';
import { PromptsEditor, type PromptDraft } from './prompts-editor';
import { profilesApi } from '../../../contract/api';
import { useLingui } from '@lingui/react/macro';

const MAX_INTERESTS = 30;

interface FormState {
  name: string;
  age: string;
  bio: string;
  state: string;
  city: string;
  pronouns: string;
  job: string;
  education: string;
  height: string;
  relationshipGoals: string;
  loveLanguage: string;
  lifestyle: Partial<Record<LifestyleKey, string>>;
  interests: string[];
  teaInterests: string[];
  prompts: PromptDraft[];
}

function formFrom(user: SelfUser): FormState {
  const place = parseLocation(user.location);
  return {
    name: user.name,
    age: String(user.age),
    bio: user.bio,
    state: place?.state ?? '',
    city: place?.city ?? '',
    pronouns: user.pronouns ?? '',
    job: user.job ?? '',
    education: user.education ?? '',
    height: user.height === null ? '' : String(user.height),
    relationshipGoals: user.relationshipGoals ?? '',
    loveLanguage: user.loveLanguage ?? '',
    lifestyle: user.lifestyle,
    interests: user.interests,
    teaInterests: user.teaInterests,
    prompts: user.prompts.map(({ promptId, answer }) => ({ promptId, answer })),
  };
}

/** The PUT body: every editable field, '' clearing the optional ones. */
function bodyFrom(form: FormState): UpdateProfileBody {
  const lifestyle: Partial<Record<LifestyleKey, string>> = {};
  for (const key of LIFESTYLE_KEYS) {
    if (form.lifestyle[key]) lifestyle[key] = form.lifestyle[key];
  }
  return {
    name: form.name,
    age: Number(form.age),
    bio: form.bio,
    location: form.state && form.city ? formatLocation(form.city, form.state) : '',
    pronouns: form.pronouns,
    job: form.job,
    education: form.education,
    height: form.height.trim() === '' ? null : Number(form.height),
    relationshipGoals: form.relationshipGoals as UpdateProfileBody['relationshipGoals'],
    loveLanguage: form.loveLanguage as UpdateProfileBody['loveLanguage'],
    lifestyle: lifestyle as UpdateProfileBody['lifestyle'],
    interests: form.interests,
    teaInterests: form.teaInterests as UpdateProfileBody['teaInterests'],
    prompts: form.prompts as UpdateProfileBody['prompts'],
  };
}

/** The form's fields by the server's names; a prompt's own row shows its message beside its field. */
const FIELDS = [
  'name',
  'age',
  'bio',
  'pronouns',
  'location',
  'job',
  'education',
  'height',
  'relationshipGoals',
  'loveLanguage',
  'lifestyle',
  'interests',
  'teaInterests',
  'prompts',
];
const fieldOf = (path: string): string | undefined =>
  /^prompts\.\d+\.(answer|promptId)$/.test(path) ? path : FIELDS.find((field) => field === path.split('.')[0]);

function FormSection({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-4">
      <div className="grid gap-0.5">
        <h2 id={id} className="font-display text-lg font-semibold text-plum-900">
          {title}
        </h2>
        {subtitle && <p className="text-sm text-ink-soft">{subtitle}</p>}
      </div>
      {children}
    </Card>
  );
}

/** /profile/edit: every editable field, saved together; photos are saved as they change. */
export function EditProfilePage() {
  const user = useCurrentUser();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [form, setForm] = useState<FormState>(() => formFrom(user));
  const { formRef, errors, setErrors, refuseFromServer } = useFormErrors(fieldOf);
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  useDocumentTitle(t`Edit Profile · Steep`);
  const leaving = useLeaveUnsaved(form, saving);

  const set = <K extends keyof FormState>(key: K, value: FormState[K], errorKey: string = key) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[errorKey] ? { ...current, [errorKey]: undefined } : current));
  };
  const text = (key: 'name' | 'age' | 'bio' | 'pronouns' | 'job' | 'education' | 'height') => ({
    id: `edit-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    ...describedBy(`edit-${key}`, { error: errors[key] }),
  });

  const interestCount = form.interests.length;

  // The meter previews the saved result: her current photos with the form's text.
  const preview = {
    photos: user.photos,
    bio: form.bio,
    location: form.state && form.city ? formatLocation(form.city, form.state) : '',
    interests: form.interests,
    prompts: form.prompts.filter((p) => p.answer.trim() !== ''),
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const updated = await apiCall(profilesApi.update, { params: { id: user.id }, body: bodyFrom(form) });
      setUser(updated);
      toast({ title: t`Profile updated` });
      leaving.saved();
      // She may have left while it saved (a tab, Back): the save still counts, and she is not pulled back.
      if (leaving.stillHere()) await navigate('/profile', { state: FOCUS_MAIN });
    } catch (error) {
      console.warn('Profile update failed', error);
      if (!refuseFromServer(error)) {
        toastFailed(t`Failed to update profile`, error);
      }
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={save} aria-label={t`Edit profile`} className="px-4 pt-4 pb-6">
      {/* Read-only while it saves: what she typed meanwhile would not be in the save, and would be lost. */}
      <fieldset disabled={saving} className="grid min-w-0 gap-4">
        <div className="flex items-end justify-between gap-3 px-1">
          <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Edit Profile`}</h1>
        </div>
        <Card className="p-4">
          <CompletenessBar user={preview} />
        </Card>

        <FormSection id="edit-photos" title={t`Photos`} subtitle={t`Your first photo is your main one.`}>
          <PhotoManager userId={user.id} />
        </FormSection>

        <FormSection id="edit-about" title={t`About you`}>
          <div className="grid grid-cols-[1fr_6.5rem] gap-3">
            <Field id="edit-name" label={t`Name`} error={errors.name}>
              <Input {...text('name')} autoComplete="given-name" required maxLength={50} />
            </Field>
            <Field id="edit-age" label={t`Age`} error={errors.age}>
              <Input {...text('age')} type="number" inputMode="numeric" min={MINIMUM_AGE} step={1} required />
            </Field>
          </div>
          <Field id="edit-bio" label={t`Bio`} error={errors.bio} hint={`${form.bio.length}/${BIO_MAX_LENGTH}`}>
            <Textarea
              {...text('bio')}
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              placeholder={t`Your go-to brew, your perfect Sunday…`}
            />
          </Field>
          <Field id="edit-pronouns" label={t`Pronouns`} optional error={errors.pronouns}>
            <Input {...text('pronouns')} list="edit-pronoun-suggestions" maxLength={30} placeholder={t`e.g. she/her`} />
          </Field>
          <datalist id="edit-pronoun-suggestions">
            {PRONOUN_SUGGESTIONS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </FormSection>

        <FormSection id="edit-location" title={t`Location`}>
          <LocationPicker
            idPrefix="edit"
            state={form.state}
            city={form.city}
            onChange={(place) => {
              set('state', place.state, 'location');
              set('city', place.city, 'location');
            }}
            error={errors.location}
          />
        </FormSection>

        <FormSection id="edit-details" title={t`Details`}>
          <Field id="edit-job" label={t`Job`} optional error={errors.job}>
            <Input {...text('job')} maxLength={80} autoComplete="organization-title" />
          </Field>
          <Field id="edit-education" label={t`Education`} optional error={errors.education}>
            <Input {...text('education')} maxLength={80} />
          </Field>
          <Field id="edit-height" label={t`Height (cm)`} optional error={errors.height}>
            <Input
              {...text('height')}
              type="number"
              inputMode="numeric"
              min={HEIGHT_MIN_CM}
              max={HEIGHT_MAX_CM}
              step={1}
              placeholder={t`e.g. 168`}
            />
          </Field>
          <Field id="edit-goals" label={t`Relationship goals`} optional error={errors.relationshipGoals}>
            <NativeSelect
              id="edit-goals"
              value={form.relationshipGoals}
              onChange={(e) => set('relationshipGoals', e.target.value)}
            >
              <option value="">{t`Prefer not to say`}</option>
              {RELATIONSHIP_GOALS.map((goal) => (
                <option key={goal} value={goal}>
                  {relationshipGoalLabel(goal)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="edit-love-language" label={t`Love language`} optional error={errors.loveLanguage}>
            <NativeSelect
              id="edit-love-language"
              value={form.loveLanguage}
              onChange={(e) => set('loveLanguage', e.target.value)}
            >
              <option value="">{t`Prefer not to say`}</option>
              {LOVE_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {loveLanguageLabel(language)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </FormSection>

        <FormSection id="edit-lifestyle" title={t`Lifestyle`}>
          {/* One column: two at phone width cut an answer off ("De vez en cuando", "Me encantan"). */}
          <div className="grid gap-3">
            {LIFESTYLE_KEYS.map((key) => (
              <Field key={key} id={`edit-lifestyle-${key}`} label={lifestyleFieldLabel(key)}>
                <NativeSelect
                  id={`edit-lifestyle-${key}`}
                  value={form.lifestyle[key] ?? ''}
                  onChange={(e) => set('lifestyle', { ...form.lifestyle, [key]: e.target.value }, 'lifestyle')}
                >
                  <option value="">—</option>
                  {LIFESTYLE_FIELDS[key].options.map((option) => (
                    <option key={option} value={option}>
                      {lifestyleOptionLabel(key, option)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ))}
          </div>
          {errors.lifestyle && (
            <p role="alert" data-field-error className={FIELD_ERROR_CLASS}>
              {errors.lifestyle}
            </p>
          )}
        </FormSection>

        <FormSection
          id="edit-interests"
          title={t`Interests`}
          subtitle={t`${interestCount}/${MAX_INTERESTS} selected. Choose at least 5 for a complete profile.`}
        >
          <ChosenInterestsPicker
            selected={form.interests}
            onChange={(next) => {
              // Only growing past the cap is refused, so a profile already over it can still shed interests.
              if (next.length > form.interests.length && next.length > MAX_INTERESTS) {
                toast({ title: t`You can choose up to ${MAX_INTERESTS} interests` });
                return;
              }
              set('interests', next);
            }}
            error={errors.interests}
          />
        </FormSection>

        <FormSection
          id="edit-prompts"
          title={t`Prompts`}
          subtitle={t`Answer up to three. They show on your card and your profile, and start conversations.`}
        >
          <PromptsEditor
            value={form.prompts}
            onChange={(next) => {
              setForm((current) => ({ ...current, prompts: next }));
              setErrors((current) =>
                Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('prompts'))),
              );
            }}
            errors={errors}
          />
        </FormSection>

        <FormSection id="edit-tea" title={t`Your cup of tea`}>
          <TeaInterestPicker
            selected={form.teaInterests}
            onChange={(next) => set('teaInterests', next)}
            error={errors.teaInterests}
          />
        </FormSection>

        <div
          data-obscures-focus="bottom"
          className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-20 grid grid-cols-2 gap-3 rounded-full border border-plum-100 bg-cream-50/95 p-1.5 shadow-float backdrop-blur"
        >
          <Button variant="ghost" onClick={() => void navigate('/profile')} disabled={saving}>
            {t`Cancel`}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t`Saving…` : t`Save Changes`}
          </Button>
        </div>
      </fieldset>
      <LazyConfirmDialog
        holdsNavigation
        open={leaving.asking}
        title={t`Discard your changes?`}
        description={t`What you changed on this page has not been saved.`}
        confirmLabel={t`Discard`}
        cancelLabel={t`Keep editing`}
        onConfirm={leaving.discard}
        onCancel={leaving.stay}
      />
    </form>
  );
}

/**
 * What a save would store, to compare: the server trims text and reads "029" as 29, so a space typed after
 * her name and taken back is no edit.
 */
const storedOf = (form: FormState) =>
  JSON.stringify(bodyFrom(form), (_key, value: unknown) => (typeof value === 'string' ? value.trim() : value));

/**
 * Leaving with edits she has not saved (Cancel, Back, the tab bar, closing the tab) asks first, as dating
 * apps do: a whole profile's worth of typing is not lost to one tap. While they are being saved, leaving
 * asks nothing: the save goes on and counts.
 */
function useLeaveUnsaved(form: FormState, saving: boolean) {
  const [opened] = useState(() => storedOf(form));
  const saved = useRef(false);
  const mounted = useRef(false);
  const dirty = storedOf(form) !== opened;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useWarnBeforeUnload(dirty);
  return {
    asking: blocker.state === 'blocked',
    discard: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
    /** The edits are stored: leaving asks nothing. */
    saved: () => {
      saved.current = true;
    },
    /** The page is still on screen (she did not leave while it saved). */
    stillHere: () => mounted.current,
  };
}
