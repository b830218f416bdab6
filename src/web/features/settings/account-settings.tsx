import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, KeyRound, Trash2 } from 'lucide-react';
import { accountApi } from '../../../contract/api/account';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { apiCall, isApiError } from '../../lib/api';
import { useAuth } from '../../lib/session';

const messageOf = (error: unknown) =>
  isApiError(error)
    ? (error.body?.errors?.[0]?.message ?? error.body?.message ?? error.message)
    : 'Something went wrong';

/** Settings → Change password: her current one first; every other device is signed out. */
export function ChangePasswordForm() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiCall(accountApi.changePassword, {
        body: { currentPassword: current, newPassword: next },
      });
      toast({ title: 'Password changed', description: answer.message ?? '' });
      setCurrent('');
      setNext('');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="grid gap-3" onSubmit={(e) => void submit(e)}>
      <Field id={`${id}-current`} label="Current password">
        <Input
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </Field>
      <Field id={`${id}-new`} label="New password" error={error}>
        <Input
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
      </Field>
      <Button type="submit" variant="secondary" block disabled={busy || !current || !next}>
        <KeyRound className="size-4" aria-hidden />
        {busy ? 'Changing…' : 'Change Password'}
      </Button>
    </form>
  );
}

/** Settings → Data & Privacy: 'Download my data' and 'Delete my account' (password confirmation). */
export function DataAndPrivacy() {
  const id = useId();
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

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
      toast({ title: 'Download failed', description: messageOf(caught) });
    }
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiCall(accountApi.deleteAccount, { body: { password } });
      setUser(null);
      queryClient.clear();
      toast({ title: 'Account deleted', description: answer.message ?? '' });
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <Button variant="outline" block onClick={() => void download()}>
        <Download className="size-4" aria-hidden />
        Download my data
      </Button>
      {!confirming ? (
        <Button variant="danger" block onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          Delete my account
        </Button>
      ) : (
        <form
          className="grid gap-3 rounded-2xl border border-red-200 bg-red-50/60 p-3"
          onSubmit={(e) => void remove(e)}
        >
          <p className="text-sm text-ink">
            This deletes your profile, photos, matches and conversations at once. It cannot be undone.
          </p>
          <Field id={`${id}-password`} label="Your password" error={error}>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" disabled={busy || !password}>
              {busy ? 'Deleting…' : 'Delete forever'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
