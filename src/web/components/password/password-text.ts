import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PASSWORD_RULES, type PasswordRuleId } from '../../../contract/auth';
import { isLocale } from '../../lib/i18n';
import { scoreWhenReady, type PasswordStrength } from './password-strength';

/**
 * The contract's password rules (src/contract/auth.ts, English, shared with the server) in her language: the
 * checklist line under the field and the sentence shown when the rule is broken. Typed by rule id, so a new
 * rule does not compile until it has its words here.
 */
export const PASSWORD_RULE_TEXT: Record<PasswordRuleId, { label: MessageDescriptor; message: MessageDescriptor }> = {
  'min-length': {
    label: msg`At least 6 characters`,
    message: msg`Password must be at least 6 characters long`,
  },
  'max-length': {
    label: msg`At most 128 characters`,
    message: msg`Password must be at most 128 characters long`,
  },
  uppercase: { label: msg`An uppercase letter`, message: msg`Password must contain at least one uppercase letter` },
  lowercase: { label: msg`A lowercase letter`, message: msg`Password must contain at least one lowercase letter` },
  digit: {
    label: msg`A number or underscore`,
    message: msg`Password must contain at least one number or underscore`,
  },
};

/** The one sentence that always helps when zxcvbn-ts has no advice of its own. */
const EASY_TO_GUESS = msg`This password would be easy to guess. Add a few uncommon words.`;

/** Why the meter scores `strength` too weak, in her language (zxcvbn-ts's words); undefined when strong enough. */
export function weaknessText(i18n: I18n, strength: PasswordStrength): string | undefined {
  if (typeof strength !== 'object' || !strength?.advice) return undefined;
  return strength.advice[isLocale(i18n.locale) ? i18n.locale : 'en'] || i18n._(EASY_TO_GUESS);
}

/**
 * Why the form will not send the password, as a sentence in her language: the first rule it breaks, else the
 * meter's verdict once the scorer has loaded (the server refuses the same passwords, but one answer at a time).
 */
function passwordProblemText(i18n: I18n, password: string, strength: PasswordStrength): string | undefined {
  const broken = PASSWORD_RULES.find((rule) => !rule.test(password));
  return broken ? i18n._(PASSWORD_RULE_TEXT[broken.id].message) : weaknessText(i18n, strength);
}

/**
 * passwordProblemText when she sends the form: with every rule met and the meter not loaded yet (she was quicker than
 * its dictionaries), a moment's wait for its verdict, so an easily guessed password is said with the rest (tryout).
 */
export async function passwordProblemOnSubmit(
  i18n: I18n,
  password: string,
  strength: PasswordStrength,
  personalWords: readonly string[],
): Promise<string | undefined> {
  const problem = passwordProblemText(i18n, password, strength);
  if (problem || strength !== null) return problem;
  return weaknessText(i18n, await scoreWhenReady(password, personalWords));
}
