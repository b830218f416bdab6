import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  GENDER_IDENTITIES,
  MAXIMUM_AGE,
  MINIMUM_AGE,
  SEXUAL_ORIENTATIONS,
  emailAddress,
  type RegisterBody,
} from '../../../contract/auth';
import { type TeaPreference } from '../../../contract/interests';
import { formatLocation } from '../../../contract/locations';
import { InterestPicker, TeaInterestPicker } from '../../components/interest-picker';
import { LocationPicker } from '../../components/location-picker';
import { Button } from '../../components/ui/button';
import { Field, Input, NativeSelect, Textarea, describedBy, useUsernameRules } from '../../components/ui/field';
import { toastFailed } from '../../components/ui/toast';
import { useFormErrors, type FieldErrors } from '../../lib/form-errors';
import { defaultUnits } from '../../lib/units';
import { PasswordInput } from '../../components/password/password-input';
import { PasswordRules } from '../../components/password/password-rules';
import { usePasswordScore } from '../../components/password/password-strength';
import { passwordProblemOnSubmit } from '../../components/password/password-text';
import { EMPTY_DRAFT, clearSignUpDraft, readSignUpDraft, saveSignUpDraft } from './signup-draft';
import { useAuth } from '../../lib/session';
import { tourDueForNewAccount } from '../../lib/onboarding';

type GenderIdentity = RegisterBody['genderIdentity'];
type SexualOrientation = RegisterBody['sexualOrientation'];

const GENDER_LABELS: Record<GenderIdentity, MessageDescriptor> = { woman: msg`Woman`, 'non-binary': msg`Non-binary` };
const ORIENTATION_LABELS: Record<SexualOrientation, MessageDescriptor> = {
  lesbian: msg`Lesbian`,
  bisexual: msg`Bisexual`,
  pansexual: msg`Pansexual`,
};

/** Every field of the form, by the server's name for it: its field errors show beside them. */
const FIELDS = [
  'username',
  'password',
  'email',
  'name',
  'age',
  'bio',
  'genderIdentity',
  'sexualOrientation',
  'location',
  'interests',
  'teaInterests',
] as const;

function Section({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4 border-t border-cream-200 pt-5 first:border-t-0 first:pt-0">
      <div className="grid gap-0.5">
        <h3 id={id} className="font-display text-lg font-semibold text-plum-900">
          {title}
        </h3>
        {subtitle && <p className="text-sm text-ink-soft">{subtitle}</p>}
      </div>
      {children}
    </section>
  );
}

/** Optional, but recommended: without a verified email a forgotten password cannot be reset. */
const EMAIL_HINT = msg`Recommended: it is how you reset a forgotten password. Verify it later in Settings. Never shown to anyone.`;

export function SignUpForm({
  onSwitchToLogin,
  focusFirstField = false,
}: {
  onSwitchToLogin?: (event: MouseEvent) => void;
  /** Her focus in Username as the form appears (the card was opened from the keyboard). */
  focusFirstField?: boolean;
}) {
  const { register } = useAuth();
  const { t, i18n } = useLingui();
  const usernameRules = useUsernameRules();
  const emailHint = i18n._(EMAIL_HINT);
  const usernameHint = t`3 to 30 letters, numbers, dots or underscores`;
  const navigate = useNavigate();

  // A reload keeps what she typed (never the password): see signup-draft.ts.
  const [draft] = useState(() => readSignUpDraft() ?? EMPTY_DRAFT);
  const [username, setUsername] = useState(draft.username);
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState(draft.email);
  const [name, setName] = useState(draft.name);
  const [age, setAge] = useState(draft.age);
  const [bio, setBio] = useState(draft.bio);
  const [genderIdentity, setGenderIdentity] = useState<GenderIdentity | ''>(draft.genderIdentity);
  const [sexualOrientation, setSexualOrientation] = useState<SexualOrientation | ''>(draft.sexualOrientation);
  const [state, setState] = useState(draft.state);
  const [city, setCity] = useState(draft.city);
  const [interests, setInterests] = useState<string[]>(draft.interests);
  const [teaInterests, setTeaInterests] = useState<TeaPreference[]>(draft.teaInterests);
  const { formRef, errors, refuse, refuseFromServer, recheck, clearError } = useFormErrors(FIELDS);
  const [pending, setPending] = useState(false);
  const strength = usePasswordScore(password, [username, name]);
  const created = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const [focusOnShow] = useState(focusFirstField);
  useEffect(() => {
    if (focusOnShow) usernameRef.current?.focus();
  }, [focusOnShow]);

  useEffect(() => {
    // After the account exists the draft is gone for good, even if a last render comes through.
    if (created.current) return;
    saveSignUpDraft({
      username,
      email,
      name,
      age,
      bio,
      genderIdentity,
      sexualOrientation,
      state,
      city,
      interests,
      teaInterests,
    });
  }, [username, email, name, age, bio, genderIdentity, sexualOrientation, state, city, interests, teaInterests]);

  // The contract's rules in her language (the server's words for them, src/server/i18n), said with the rest.
  function usernameProblemText(value: string): string | undefined {
    if (!value) return t`Choose a username`;
    return usernameRules(value);
  }

  function ageProblemText(value: string): string | undefined {
    if (!value.trim()) return t`Enter your age`;
    const years = Number(value);
    if (!Number.isInteger(years)) return t`Enter your age in whole years`;
    if (years < MINIMUM_AGE) return t`You must be 18 or older to join Steep.`;
    if (years > MAXIMUM_AGE) return t`Please enter a real age`;
    return undefined;
  }

  // Said in place of the field's hint, so it says what the hint did: she may leave it out.
  const emailProblemText = (value: string) =>
    !value.trim() || emailAddress.safeParse(value).success
      ? undefined
      : t`Enter a valid email address, or leave it empty`;

  // Told about a field, she sees its message go only once it is right (it went at her first keystroke: tryout), and
  // change as she leaves it (not at each keystroke on the way, "2" on the way to 29); a field she leaves with something
  // wrong in it is told at once, one she leaves empty not until she submits.
  type Checked = 'username' | 'email' | 'age';
  const edited = (field: Checked, problem: string | undefined) => {
    if (errors[field] && !problem) recheck(field, undefined);
  };
  const left = (field: Checked, value: string, problem: string | undefined) => {
    if (problem && (value.trim() || errors[field])) recheck(field, problem);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);

    // Every missing or wrong answer at once, each beside its field in her language (not the browser's bubbles).
    const passwordProblem = await passwordProblemOnSubmit(i18n, password, strength, [username, name]);
    const usernameProblem = usernameProblemText(username.trim());
    const ageProblem = ageProblemText(age);
    const emailProblem = emailProblemText(email);
    const problems: FieldErrors<(typeof FIELDS)[number]> = {
      ...(usernameProblem ? { username: usernameProblem } : {}),
      ...(passwordProblem ? { password: passwordProblem } : {}),
      // Optional, but said with the rest when it cannot be an address (not after a round trip, on its own).
      ...(emailProblem ? { email: emailProblem } : {}),
      ...(name.trim() ? {} : { name: t`Enter your name` }),
      ...(ageProblem ? { age: ageProblem } : {}),
      ...(genderIdentity ? {} : { genderIdentity: t`Choose your gender identity` }),
      ...(sexualOrientation ? {} : { sexualOrientation: t`Choose your orientation` }),
      ...(state && city ? {} : { location: state ? t`Choose your city` : t`Choose your state, then your city` }),
    };
    if (refuse(problems) || !genderIdentity || !sexualOrientation) {
      setPending(false);
      return;
    }

    const trimmedEmail = email.trim();
    const body: RegisterBody = {
      username: username.trim(),
      password,
      name: name.trim(),
      age: Number.parseInt(age, 10),
      bio: bio.trim(),
      location: state && city ? formatLocation(city, state) : '',
      genderIdentity,
      sexualOrientation,
      interests,
      teaInterests,
      // Her browser's region suggests miles or kilometres; Preferences changes it.
      units: defaultUnits(),
      ...(trimmedEmail ? { email: trimmedEmail } : {}),
    };

    try {
      await register(body);
      created.current = true;
      clearSignUpDraft();
      // No toast: the tour, which a new account always gets, says welcome on its first step (a toast said it too and
      // flashed before the tour took the screen). A code mailed to confirm her email is Discover's card to remind her of.
      tourDueForNewAccount();
      await navigate('/home');
    } catch (error) {
      console.warn('Registration failed', error);
      // Field errors are said beside their fields, and only there.
      if (!refuseFromServer(error)) {
        toastFailed(t`Registration failed`, error);
      }
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="grid gap-6" aria-label={t`Sign up`} noValidate>
      <Section id="signup-section-account" title={t`Your account`}>
        <Field id="signup-username" label={t`Username`} hint={usernameHint} error={errors.username}>
          <Input
            ref={usernameRef}
            id="signup-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              edited('username', usernameProblemText(e.target.value.trim()));
            }}
            onBlur={(e) => left('username', e.target.value, usernameProblemText(e.target.value.trim()))}
            placeholder={t`e.g. matcha_maya`}
            {...describedBy('signup-username', { hint: usernameHint, error: errors.username })}
          />
        </Field>
        <Field id="signup-password" label={t`Password`} error={errors.password}>
          <PasswordInput
            id="signup-password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError('password');
            }}
            aria-describedby={errors.password ? 'signup-password-error signup-password-rules' : 'signup-password-rules'}
            aria-invalid={errors.password ? true : undefined}
          />
          <PasswordRules
            id="signup-password-rules"
            password={password}
            strength={strength}
            errorShown={Boolean(errors.password)}
          />
        </Field>
        <Field id="signup-email" label={t`Email`} optional hint={emailHint} error={errors.email}>
          <Input
            id="signup-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              edited('email', emailProblemText(e.target.value));
            }}
            onBlur={(e) => left('email', e.target.value, emailProblemText(e.target.value))}
            placeholder={t`you@example.com`}
            {...describedBy('signup-email', { hint: emailHint, error: errors.email })}
          />
        </Field>
      </Section>

      <Section id="signup-section-about" title={t`About you`}>
        <div className="grid grid-cols-[1fr_6.5rem] items-start gap-3">
          <Field id="signup-name" label={t`Name`} error={errors.name}>
            <Input
              id="signup-name"
              name="name"
              autoComplete="given-name"
              required
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                clearError('name');
              }}
              {...describedBy('signup-name', { error: errors.name })}
            />
          </Field>
          <Field id="signup-age" label={t`Age`} error={errors.age}>
            <Input
              id="signup-age"
              name="age"
              type="number"
              inputMode="numeric"
              min={MINIMUM_AGE}
              step={1}
              required
              value={age}
              onChange={(e) => {
                setAge(e.target.value);
                edited('age', ageProblemText(e.target.value));
              }}
              onBlur={(e) => left('age', e.target.value, ageProblemText(e.target.value))}
              placeholder="18+"
              {...describedBy('signup-age', { error: errors.age })}
            />
          </Field>
        </div>
        <Field id="signup-gender" label={t`Gender identity`} error={errors.genderIdentity}>
          <NativeSelect
            id="signup-gender"
            name="genderIdentity"
            required
            value={genderIdentity}
            onChange={(e) => {
              setGenderIdentity(e.target.value as GenderIdentity | '');
              clearError('genderIdentity');
            }}
            {...describedBy('signup-gender', { error: errors.genderIdentity })}
          >
            <option value="" disabled>
              {t`Select your gender identity`}
            </option>
            {GENDER_IDENTITIES.map((value) => (
              <option key={value} value={value}>
                {i18n._(GENDER_LABELS[value])}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="signup-orientation" label={t`Sexual orientation`} error={errors.sexualOrientation}>
          <NativeSelect
            id="signup-orientation"
            name="sexualOrientation"
            required
            value={sexualOrientation}
            onChange={(e) => {
              setSexualOrientation(e.target.value as SexualOrientation | '');
              clearError('sexualOrientation');
            }}
            {...describedBy('signup-orientation', { error: errors.sexualOrientation })}
          >
            <option value="" disabled>
              {t`Select your orientation`}
            </option>
            {SEXUAL_ORIENTATIONS.map((value) => (
              <option key={value} value={value}>
                {i18n._(ORIENTATION_LABELS[value])}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="signup-bio" label={t`Bio`} optional error={errors.bio}>
          <Textarea
            id="signup-bio"
            name="bio"
            rows={3}
            maxLength={500}
            value={bio}
            onChange={(e) => {
              setBio(e.target.value);
              clearError('bio');
            }}
            placeholder={t`Tell people what makes you, you: your go-to brew, your perfect Sunday…`}
            {...describedBy('signup-bio', { error: errors.bio })}
          />
        </Field>
      </Section>

      <Section id="signup-section-location" title={t`Where you are`}>
        <LocationPicker
          idPrefix="signup"
          state={state}
          city={city}
          onChange={(place) => {
            setState(place.state);
            setCity(place.city);
            clearError('location');
          }}
          error={errors.location}
        />
      </Section>

      <Section
        id="signup-section-interests"
        title={t`Your interests`}
        subtitle={t`Pick what you love. ${interests.length} selected.`}
      >
        <InterestPicker
          idPrefix="interest"
          headingLevel="h4"
          layout="collapsed"
          selected={interests}
          onChange={(next) => {
            setInterests(next);
            clearError('interests');
          }}
          error={errors.interests}
        />
      </Section>

      <Section id="signup-section-tea" title={t`Your cup of tea`} subtitle={t`Which teas do you enjoy?`}>
        <TeaInterestPicker
          selected={teaInterests}
          onChange={(next) => {
            setTeaInterests(next);
            clearError('teaInterests');
          }}
          error={errors.teaInterests}
        />
      </Section>

      <div className="grid gap-3">
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? t`Creating your account…` : t`Create Account`}
        </Button>
        <p className="text-center text-xs leading-relaxed text-ink-soft">{t`You must be 18 or older to join Steep.`}</p>
        {onSwitchToLogin && (
          <p className="text-center text-sm text-ink-soft">
            {t`Already have an account?`}{' '}
            <button
              type="button"
              onClick={onSwitchToLogin}
              className="min-h-11 px-1 font-semibold text-plum-700 underline-offset-4 hover:underline"
            >
              {t`Log in`}
            </button>
          </p>
        )}
      </div>
    </form>
  );
}
