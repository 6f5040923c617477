import { PASSWORD_MIN, ZRegisterBody } from '@learnboost/api/contract';
import { register } from '../api/register';
import { type AuthField, AuthForm } from './auth-form';

const fields: AuthField[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${PASSWORD_MIN} characters`,
  },
];

export function RegisterForm() {
  return (
    <AuthForm
      fields={fields}
      schema={ZRegisterBody}
      send={register}
      submitLabel="Sign Up"
      busyLabel="Creating account..."
      successMessage="Account created successfully!"
      failMessage="Registration failed"
    />
  );
}
