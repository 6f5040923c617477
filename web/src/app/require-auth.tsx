import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/spinner';
import { useAuth } from '../features/auth';

/** Every module needs a learner: wait for the saved session, then send strangers to /login. */
export function RequireAuth() {
  const status = useAuth((s) => s.status);
  const signedIn = useAuth((s) => s.user !== null);
  const { pathname, search } = useLocation();
  if (status === 'restoring') return <FullPageSpinner />;
  // The link the learner opened (a shared test, a room) is where signing in brings them back.
  if (!signedIn) return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  return <Outlet />;
}
