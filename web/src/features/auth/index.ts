// The feature's public face: app/ imports from here only.
export { useAuth } from './auth-store';
export { LoginPage } from './components/login-page';
export { RegisterPage } from './components/register-page';
export { useReturnPath } from './return-path';
