import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { RegisterForm } from './register-form';

export function RegisterPage() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start studying smarter in a minute."
      footer={
        <>
          Already have an account? <AuthLink to="/login">Sign in</AuthLink>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
