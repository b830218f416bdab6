import { Check, Circle } from 'lucide-react';
import { PASSWORD_RULES } from '../../../contract/auth';
import { Meter } from '../../components/ui/meter';
import { cn } from '../../lib/cn';
import { usePasswordScore } from './password-strength';

const STRENGTH_WORDS = ['Very easy to guess', 'Easy to guess', 'Strong enough', 'Strong', 'Very strong'] as const;

/**
 * The password rules under the sign-up field from the start, each ticked as she types, and a strength
 * meter once she has typed: she learns the rules before the form refuses her, not after.
 */
export function PasswordRules({
  id,
  password,
  personalWords,
}: {
  id: string;
  password: string;
  personalWords: readonly string[];
}) {
  const strength = usePasswordScore(password, personalWords);
  const rules = PASSWORD_RULES.filter((rule) => !rule.listedWhenBroken || !rule.test(password));
  return (
    <div id={id} className="grid gap-2">
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" aria-label="Password rules">
        {rules.map((rule) => {
          const met = password.length > 0 && rule.test(password);
          return (
            <li key={rule.label} className={cn('flex items-center gap-1.5', met ? 'text-matcha-700' : 'text-ink-soft')}>
              {met ? (
                <Check className="size-3.5 shrink-0" aria-hidden strokeWidth={3} />
              ) : (
                <Circle className="size-3 shrink-0" aria-hidden />
              )}
              {rule.label}
              <span className="sr-only">{met ? ' (done)' : ' (not yet)'}</span>
            </li>
          );
        })}
      </ul>
      {strength && (
        <div className="grid gap-1">
          <Meter
            percent={Math.max(10, strength.score * 25)}
            labelledBy={`${id}-strength`}
            complete={strength.strongEnough}
          />
          <p id={`${id}-strength`} className="text-xs text-ink-soft">
            <span className={cn('font-semibold', strength.strongEnough ? 'text-matcha-700' : 'text-plum-800')}>
              Strength: {STRENGTH_WORDS[strength.score] ?? STRENGTH_WORDS[0]}.
            </span>{' '}
            {strength.advice}
          </p>
        </div>
      )}
    </div>
  );
}
