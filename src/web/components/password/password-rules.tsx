import { Check, Circle } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PASSWORD_RULES } from '../../../contract/auth';
import { Meter } from '../ui/meter';
import { cn } from '../../lib/cn';
import type { PasswordStrength } from './password-strength';
import { PASSWORD_RULE_TEXT, weaknessText } from './password-text';

const STRENGTH_WORDS: readonly MessageDescriptor[] = [
  msg`Very easy to guess`,
  msg`Easy to guess`,
  msg`Strong enough`,
  msg`Strong`,
  msg`Very strong`,
];

/**
 * The password rules under a new-password field (sign-up, reset, Settings) from the start, each ticked as she
 * types, the server's strength rule among them ("Hard to guess"), and a strength meter once she has typed: she
 * learns the rules before the form refuses her, and every line ticked means the server accepts it.
 * `strength`: the form's usePasswordScore, which its submit checks too.
 * `errorShown`: the field shows its refusal, which is the meter's advice, so the advice is not said twice.
 */
export function PasswordRules({
  id,
  password,
  strength,
  errorShown = false,
}: {
  id: string;
  password: string;
  strength: PasswordStrength;
  errorShown?: boolean;
}) {
  const { t, i18n } = useLingui();
  const lines = [
    ...PASSWORD_RULES.filter((rule) => !rule.listedWhenBroken || !rule.test(password)).map((rule) => ({
      id: rule.id,
      label: i18n._(PASSWORD_RULE_TEXT[rule.id].label),
      met: password.length > 0 && rule.test(password),
    })),
    { id: 'strength', label: t`Hard to guess`, met: strength !== 'unavailable' && strength?.strongEnough === true },
  ];
  return (
    <div id={id} className="grid gap-2">
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" aria-label={t`Password rules`}>
        {lines.map(({ id: line, label, met }) => (
          <li key={line} className={cn('flex items-center gap-1.5', met ? 'text-matcha-700' : 'text-ink-soft')}>
            {/* Both marks take the same room, so a tick never rewraps its line. */}
            {met ? (
              <Check className="size-3.5 shrink-0" aria-hidden strokeWidth={3} />
            ) : (
              <Circle className="size-3.5 shrink-0 p-px" aria-hidden />
            )}
            {label}
            <span className="sr-only">{met ? t` (done)` : t` (not yet)`}</span>
          </li>
        ))}
      </ul>
      {strength === null && password && (
        <p id={`${id}-strength`} className="text-xs text-ink-soft">
          {t`Checking how easy it is to guess…`}
        </p>
      )}
      {strength === 'unavailable' && (
        <p id={`${id}-strength`} className="text-xs text-ink-soft">
          {t`The strength meter needs a connection: it shows when you are back online.`}
        </p>
      )}
      {typeof strength === 'object' && strength && (
        <div className="grid gap-1">
          <Meter
            percent={Math.max(10, strength.score * 25)}
            labelledBy={`${id}-strength`}
            complete={strength.strongEnough}
          />
          <p id={`${id}-strength`} className="text-xs text-ink-soft">
            <span className={cn('font-semibold', strength.strongEnough ? 'text-matcha-700' : 'text-plum-800')}>
              {t`Strength: ${i18n._(STRENGTH_WORDS[strength.score] ?? msg`Very easy to guess`)}.`}
            </span>{' '}
            {!errorShown && weaknessText(i18n, strength)}
          </p>
        </div>
      )}
    </div>
  );
}
