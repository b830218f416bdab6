import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { accountApi } from '../../../contract/api/account';
import { Button } from '../../components/ui/button';
import { Field, Input, describedBy } from '../../components/ui/field';
import { toast, toastFailed } from '../../components/ui/toast';
import { apiCall, isApiError } from '../../lib/api';
import { useFocusFirstInvalid, useFormErrors } from '../../lib/form-errors';
import { useAuth } from '../../lib/session';
import { PasswordInput } from '../../components/password/password-input';
import { PasswordRules } from '../../components/password/password-rules';
import { usePasswordScore } from '../../components/password/password-strength';
import { passwordProblemOnSubmit } from '../../components/password/password-text';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/** A refusal's words: the server writes them in her language, the field's own message first. */
const messageOf = (error: unknown) => {
  if (!isApiError(error)) return t`Something went wrong`;
  return error.body?.errors?.[0]?.message ?? error.body?.message ?? error.message;
};

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * Settings → Change password: her current one first; every other device is signed out. The new one shows
 * the sign-up rules ticked as she types, and a broken rule is said before the server is asked.
 */
export function ChangePasswordForm() {
  const id = useId();
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const { formRef, errors, refuse, refuseFromServer, clearError } = useFormErrors(PASSWORD_FIELDS);
  const { t, i18n } = useLingui();
  const strength = usePasswordScore(next, user ? [user.username, user.name] : []);
  const currentError = errors.currentPassword;
  const newError = errors.newPassword;

  // Both fields checked at once, each said beside it (the button was greyed out until both were filled: tryout).
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await passwordProblemOnSubmit(i18n, next, strength, user ? [user.username, user.name] : []);
    const problems = {
      ...(current ? {} : { currentPassword: t`Enter your current password` }),
      ...(problem ? { newPassword: problem } : {}),
    };
    if (refuse(problems)) {
      setBusy(false);
      return;
    }
    try {
      await apiCall(accountApi.changePassword, {
        body: { currentPassword: current, newPassword: next },
      });
      toast({ title: t`Password changed`, description: t`You were signed out everywhere else.` });
      setCurrent('');
      setNext('');
    } catch (caught) {
      if (!refuseFromServer(caught)) {
        toastFailed(t`Could not change your password`, caught);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
      <Field id={`${id}-current`} label={t`Current password`} error={currentError}>
        <PasswordInput
          id={`${id}-current`}
          autoComplete="current-password"
          value={current}
          {...describedBy(`${id}-current`, { error: currentError })}
          onChange={(e) => {
            setCurrent(e.target.value);
            clearError('currentPassword');
          }}
        />
      </Field>
      <Field id={`${id}-new`} label={t`New password`} error={newError}>
        <PasswordInput
          id={`${id}-new`}
          autoComplete="new-password"
          value={next}
          aria-describedby={newError ? `${id}-new-error ${id}-new-rules` : `${id}-new-rules`}
          aria-invalid={newError ? true : undefined}
          onChange={(e) => {
            setNext(e.target.value);
            clearError('newPassword');
          }}
        />
        <PasswordRules id={`${id}-new-rules`} password={next} strength={strength} errorShown={Boolean(newError)} />
      </Field>
      <Button type="submit" variant="secondary" block disabled={busy}>
        <KeyRound className="size-4" aria-hidden />
        {busy ? t`Changing…` : t`Change Password`}
      </Button>
    </form>
  );
}

/** Settings → Data & Privacy: 'Download my data' and 'Delete my account' (password confirmation). */
export function DataAndPrivacy() {
  const id = useId();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { formRef, focusFirst } = useFocusFirstInvalid();
  const { t } = useLingui();

  const download = async () => {
    try {
      const data = await apiCall(accountApi.exportData, {});
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'steep-my-data.json';
      link.click();
      URL.revokeObjectURL(url);
    } catch (caught) {
      toast({ title: t`Download failed`, description: messageOf(caught) });
    }
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await apiCall(accountApi.deleteAccount, { body: { password } });
      setUser(null);
      toast({ title: t`Account deleted`, description: t`Your account and everything in it are gone.` });
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
      focusFirst();
    }
  };

  return (
    <div className="grid gap-2">
      <Button variant="outline" block onClick={() => void download()}>
        <Download className="size-4" aria-hidden />
        {t`Download my data`}
      </Button>
      {!confirming ? (
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          {t`Delete my account`}
        </Button>
      ) : (
        <form
          ref={formRef}
          className="grid gap-3 rounded-2xl border border-red-200 bg-red-50/60 p-3"
          onSubmit={(e) => void remove(e)}
        >
          <p className="text-sm text-ink">
            {t`This deletes your profile, photos, matches and conversations at once. It cannot be undone.`}
          </p>
          <Field id={`${id}-password`} label={t`Your password`} error={error}>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              {...describedBy(`${id}-password`, { error })}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              {t`Keep my account`}
            </Button>
            <Button type="submit" variant="danger" disabled={busy || !password}>
              {busy ? t`Deleting…` : t`Delete forever`}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
