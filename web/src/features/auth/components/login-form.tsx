import { ZLoginBody } from '@learnboost/api/contract';
import { login } from '../api/login';
import { type AuthField, AuthForm } from './auth-form';

const fields: AuthField[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

export function LoginForm() {
  return (
    <AuthForm
      fields={fields}
      schema={ZLoginBody}
      send={login}
      submitLabel="Sign In"
      busyLabel="Signing in..."
      successMessage="Welcome back!"
      failMessage="Login failed"
    />
  );
}
