import { ZLoginBody } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { firstIssue, messageOf } from '../../../lib/errors';
import { login } from '../api/login';
import { useAuth } from '../auth-store';
import { useReturnPath } from '../return-path';

export function LoginForm() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = ZLoginBody.safeParse({ email, password });
    if (!parsed.success) return void toast.error(firstIssue(parsed.error, 'Login failed'));

    setBusy(true);
    try {
      useAuth.getState().signIn(await login(parsed.data));
      toast.success('Welcome back!');
      navigate(returnPath, { replace: true });
    } catch (error) {
      toast.error(messageOf(error, 'Login failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" className="mt-2 w-full">
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
