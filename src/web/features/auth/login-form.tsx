import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { PasswordInput } from './password-input';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/session';
import { tryAgainIn } from '../../lib/wait-time';
import { rememberReturnTo, safeReturnTo } from '../../lib/return-to';

/** What went wrong, in words: a lockout is not a wrong password, and says how long to wait. */
function loginFailure(error: unknown): { title: string; description: string } {
  if (isApiError(error) && error.status === 429) {
    return { title: 'Too many attempts', description: `${tryAgainIn(error.retryAfterSeconds)}.` };
  }
  return { title: 'Login failed', description: 'Please check your credentials' };
}

export function LoginForm({ onSwitchToSignUp }: { onSwitchToSignUp?: () => void }) {
  const { login } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  // A link that sent her here to log in first (the unsubscribe page's settings link) names where she was going.
  const returnTo = safeReturnTo(useSearchParams()[0].get('returnTo'), '');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await login({ username: username.trim(), password });
      toast({ title: 'Welcome back!' });
      if (returnTo) rememberReturnTo(returnTo);
      await navigate('/home');
    } catch (error) {
      console.warn('Login failed', error);
      toast({ ...loginFailure(error), variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-label="Log in">
      <Field id="login-username" label="Username">
        <Input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="your_username"
        />
      </Field>
      <Field id="login-password" label="Password">
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Link
        to="/forgot-password"
        className="-mt-2 inline-flex min-h-11 items-center justify-self-end px-1 text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" block disabled={pending} className="mt-2">
        {pending ? 'Logging in…' : 'Log In'}
      </Button>
      {onSwitchToSignUp && (
        <p className="text-center text-sm text-ink-soft">
          New to Steep?{' '}
          <button
            type="button"
            onClick={onSwitchToSignUp}
            className="min-h-11 px-1 font-semibold text-plum-700 underline-offset-4 hover:underline"
          >
            Create an account
          </button>
        </p>
      )}
    </form>
  );
}
