import { GENDER_IDENTITIES, SEXUAL_ORIENTATIONS, type RegisterBody } from '../../../contract/auth';
import { TEA_PREFERENCES, type TeaPreference } from '../../../contract/interests';
import { SIGN_UP_DRAFT_KEY as KEY } from './signup-draft-key';

/*
 * What she has typed into the sign-up form, kept in sessionStorage so a reload (or the phone dropping the
 * tab in the background) does not empty it. Never the password. Cleared when the account is created.
 * sessionStorage, not localStorage: it belongs to this tab's visit, not to whoever uses the device next.
 */

interface SignUpDraft {
  username: string;
  email: string;
  name: string;
  age: string;
  bio: string;
  genderIdentity: RegisterBody['genderIdentity'] | '';
  sexualOrientation: RegisterBody['sexualOrientation'] | '';
  state: string;
  city: string;
  interests: string[];
  teaInterests: TeaPreference[];
}

export const EMPTY_DRAFT: SignUpDraft = {
  username: '',
  email: '',
  name: '',
  age: '',
  bio: '',
  genderIdentity: '',
  sexualOrientation: '',
  state: '',
  city: '',
  interests: [],
  teaInterests: [],
};

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 1000) : '');
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | '' =>
  options.find((option) => option === value) ?? '';
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

/** The saved draft, or null when there is none (or it cannot be read). */
export function readSignUpDraft(): SignUpDraft | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Record<string, unknown>;
    return {
      username: text(saved.username),
      email: text(saved.email),
      name: text(saved.name),
      age: text(saved.age),
      bio: text(saved.bio),
      genderIdentity: oneOf(GENDER_IDENTITIES, saved.genderIdentity),
      sexualOrientation: oneOf(SEXUAL_ORIENTATIONS, saved.sexualOrientation),
      state: text(saved.state),
      city: text(saved.city),
      interests: texts(saved.interests),
      teaInterests: texts(saved.teaInterests).filter((t): t is TeaPreference =>
        (TEA_PREFERENCES as readonly string[]).includes(t),
      ),
    };
  } catch {
    return null;
  }
}

const isEmpty = (draft: SignUpDraft) =>
  Object.values(draft).every((value) => (Array.isArray(value) ? value.length === 0 : value === ''));

export function saveSignUpDraft(draft: SignUpDraft): void {
  try {
    if (isEmpty(draft)) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage unavailable (private mode): the form still works, it just does not survive a reload.
  }
}

export function clearSignUpDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
