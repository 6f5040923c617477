import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/spinner';
import { useAuth, useReturnPath } from '../features/auth';

/** /login and /register make no sense once signed in: go home instead. */
export function GuestOnly() {
  const status = useAuth((s) => s.status);
  const signedIn = useAuth((s) => s.user !== null);
  const returnPath = useReturnPath();
  if (status === 'restoring') return <FullPageSpinner />;
  if (signedIn) return <Navigate to={returnPath} replace />;
  return <Outlet />;
}
