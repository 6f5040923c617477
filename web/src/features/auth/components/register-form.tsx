import { PASSWORD_MIN, ZRegisterBody } from '@learnboost/api/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { firstIssue, messageOf } from '../../../lib/errors';
import { register } from '../api/register';
import { useAuth } from '../auth-store';
import { useReturnPath } from '../return-path';

export function RegisterForm() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = ZRegisterBody.safeParse({ username, email, password });
    if (!parsed.success) return void toast.error(firstIssue(parsed.error, 'Registration failed'));

    setBusy(true);
    try {
      useAuth.getState().signIn(await register(parsed.data));
      toast.success('Account created successfully!');
      navigate(returnPath, { replace: true });
    } catch (error) {
      toast.error(messageOf(error, 'Registration failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
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
        hint={`At least ${PASSWORD_MIN} characters`}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" className="mt-2 w-full">
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
