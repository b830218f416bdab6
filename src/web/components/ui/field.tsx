import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { ChevronDown } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '../../../contract/auth';
import { cn } from '../../lib/cn';

const control =
  'block w-full rounded-2xl border border-cream-300 bg-cream-50 px-4 text-[0.95rem] text-ink placeholder:text-ink-soft/60 transition-colors ' +
  'hover:border-plum-200 focus:border-plum-600 focus:bg-white focus:outline-none focus:ring-4 focus:ring-plum-500/50 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400 aria-invalid:ring-red-100';

interface FieldProps {
  id: string;
  label: ReactNode;
  /** Shown under the control; linked with aria-describedby. */
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A message about a group of controls (chips) that no one control carries, marked `data-field-error`: a refused
 * form focuses it like a wrong control (lib/form-errors.ts), so it shows a ring when reached from the keyboard.
 */
export const FIELD_ERROR_CLASS = 'rounded-md text-xs font-medium text-red-700';

/** A label + control + hint/error group. The control must use the same id. */
export function Field({ id, label, hint, error, optional, children, className }: FieldProps) {
  const { t } = useLingui();
  return (
    // data-field: what a refused form brings into view with its first wrong control (lib/form-errors.ts).
    <div data-field className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-ink-soft">{t`(optional)`}</span>}
      </label>
      {children}
      {/* The hint stays beside an error: a counter, or how to put it right, is what she needs while fixing it. */}
      {hint && (
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria props for a control inside <Field>. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: string | undefined }) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    'aria-describedby': ids || undefined,
    'aria-invalid': error ? true : undefined,
  } as const;
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(control, 'h-12', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, 'min-h-24 resize-y py-3 leading-relaxed', className)} {...props} />;
});

/** A styled native select: the platform picker is the best one on phones. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function NativeSelect({ className, children, ...props }, ref) {
    return (
      <div className="relative">
        <select ref={ref} className={cn(control, 'h-12 appearance-none pr-10', className)} {...props}>
          {children}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-soft"
        />
      </div>
    );
  },
);

/** A member's @username, typed to find her (report, block): no autocomplete, no capital first letter. */
export function UsernameInput({
  id,
  value,
  onChange,
  hint,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The same hint and error its <Field> shows, so the input is described by them. */
  hint?: string;
  error?: string;
}) {
  const { t } = useLingui();
  return (
    <Input
      id={id}
      {...describedBy(id, { hint, error })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
      autoCapitalize="none"
      placeholder={t`@username`}
    />
  );
}

/**
 * The contract's username rules in her language (the server's words for them, src/server/i18n), for a name she
 * chooses at sign-up or types to report or block someone: the same rule for every name, so it says nothing about
 * who is a member. Undefined when the name keeps them; `name` without its @.
 */
export function useUsernameRules(): (name: string) => string | undefined {
  const { t } = useLingui();
  return (name) => {
    if (name.length < USERNAME_MIN_LENGTH) return t`Username must be at least 3 characters long`;
    if (name.length > USERNAME_MAX_LENGTH) return t`Username must be at most 30 characters long`;
    if (!USERNAME_PATTERN.test(name)) return t`Username may only contain letters, numbers, dots and underscores`;
    return undefined;
  };
}
