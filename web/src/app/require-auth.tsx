import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/spinner';
import { useAuth } from '../features/auth';

/** Every module needs a learner: wait for the saved session, then send strangers to /login. */
export function RequireAuth() {
  const status = useAuth((s) => s.status);
  const signedIn = useAuth((s) => s.user !== null);
  if (status === 'restoring') return <FullPageSpinner />;
  if (!signedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}
