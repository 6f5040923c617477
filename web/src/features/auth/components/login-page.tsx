import { AuthLayout } from './auth-layout';
import { AuthLink } from './auth-link';
import { DemoAccountHint } from './demo-account-hint';
import { LoginForm } from './login-form';

export function LoginPage() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to continue your learning."
      footer={
        <>
          Don&apos;t have an account? <AuthLink to="/register">Sign up</AuthLink>
        </>
      }
    >
      <LoginForm />
      <DemoAccountHint />
    </AuthLayout>
  );
}
