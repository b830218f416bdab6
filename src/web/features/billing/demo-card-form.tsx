import { useId, useState, type FormEvent } from 'react';
import { Loader2, Lock } from 'lucide-react';
import type { PlanType } from '../../../contract/billing';
import { Button } from '../../components/ui/button';
import { Field, Input, describedBy } from '../../components/ui/field';
import { errorText, isApiError } from '../../lib/api';
import { useFocusFirstInvalid } from '../../lib/form-errors';
import { useConfirmPayment } from './billing-api';
import { useLingui } from '@lingui/react/macro';
import { perInterval } from './billing-text';

/** Digits in groups of four as she types ("4242 4242 4242 4242"); at most 19 digits. */
export function spacedCardNumber(text: string): string {
  return (
    text
      .replace(/\D/g, '')
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** "12/29" or "1229" → month and year; undefined when it isn't a date. */
function parseExpiry(text: string): { expMonth: number; expYear: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  return { expMonth: Number(match[1]), expYear: Number(match[2]) };
}

/** The fields a refusal can name (the server's expMonth and expYear are the expiry field). */
const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'];

/**
 * The demo processor's card form (PAYMENTS=demo). The card goes to our server once, for a simulated
 * charge with Stripe's test-card behaviour, and is never stored. It says plainly that no money moves.
 */
export function DemoCardForm({
  plan,
  clientSecret,
  onPaid,
  onFailed,
  onSubmit,
}: {
  plan: PlanType;
  clientSecret: string;
  onPaid: () => void;
  onFailed: (message: string) => void;
  /** Each try, before anything is checked or sent. */
  onSubmit?: () => void;
}) {
  const id = useId();
  const { t } = useLingui();
  const confirm = useConfirmPayment();
  const [cardNumber, setCardNumber] = useState('');
  // Every problem at once, each beside its field (tryout: one at a time, each after a round trip).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    focusFirst();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit?.();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    // What can be told before sending, without a round trip (the server's checks say the rest).
    const found: Record<string, string> = {};
    if (!/^\d{12,19}$/.test(text('cardNumber').replace(/[\s-]/g, ''))) {
      found.cardNumber = t`Your card number is incomplete.`;
    }
    const expiry = parseExpiry(text('expiry'));
    if (!expiry || expiry.expMonth < 1 || expiry.expMonth > 12) found.expiry = t`Enter the expiry as MM/YY`;
    if (!/^\d{3,4}$/.test(text('cvc'))) found.cvc = t`Your card's security code is incomplete.`;
    if (!expiry || Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setErrors({});
    confirm.mutate(
      {
        clientSecret,
        cardNumber: text('cardNumber'),
        cvc: text('cvc'),
        name: text('name') || undefined,
        ...expiry,
      },
      {
        onSuccess: onPaid,
        onError: (failure) => {
          // The server's words, in her language: each field's problem beside it, and only there; else why the
          // charge failed.
          const beside: Record<string, string> = {};
          for (const { path, message } of (isApiError(failure) && failure.body?.errors) || []) {
            const field = path === 'expMonth' || path === 'expYear' ? 'expiry' : path;
            if (CARD_FIELDS.includes(field)) beside[field] ??= message;
          }
          if (Object.keys(beside).length > 0) refuse(beside);
          else onFailed(errorText(failure, t`Something went wrong. Please try again.`));
        },
      },
    );
  }

  const fieldError = (path: string) => errors[path];

  return (
    <form ref={formRef} onSubmit={submit} className="grid gap-3" aria-label={t`Card payment`}>
      <p className="rounded-2xl bg-matcha-50 px-3 py-2 text-xs leading-relaxed text-matcha-800">
        <strong>{t`Demo payments: no real money moves.`}</strong>{' '}
        {t`Use test card 4242 4242 4242 4242 (any future expiry, any 3-digit CVC). 4000 0000 0000 0002 shows a declined card.`}
      </p>
      <Field id={`${id}-number`} label={t`Card number`} error={fieldError('cardNumber')}>
        <Input
          id={`${id}-number`}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          required
          maxLength={23}
          value={cardNumber}
          {...describedBy(`${id}-number`, { error: fieldError('cardNumber') })}
          onChange={(event) => setCardNumber(spacedCardNumber(event.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-expiry`} label={t`Expiry (MM/YY)`} error={fieldError('expiry')}>
          <Input
            id={`${id}-expiry`}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t`MM/YY`}
            required
            maxLength={7}
            {...describedBy(`${id}-expiry`, { error: fieldError('expiry') })}
          />
        </Field>
        <Field id={`${id}-cvc`} label="CVC" error={fieldError('cvc')}>
          <Input
            id={`${id}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            maxLength={4}
            {...describedBy(`${id}-cvc`, { error: fieldError('cvc') })}
          />
        </Field>
      </div>
      <Field id={`${id}-name`} label={t`Name on card`} optional error={fieldError('name')}>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="cc-name"
          maxLength={100}
          {...describedBy(`${id}-name`, { error: fieldError('name') })}
        />
      </Field>
      <Button type="submit" size="lg" block disabled={confirm.isPending}>
        {confirm.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Lock className="size-4" aria-hidden />
        )}
        {confirm.isPending ? t`Processing…` : t`Subscribe · ${perInterval(plan)}`}
      </Button>
    </form>
  );
}
