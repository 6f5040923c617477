import { Link, useLocation } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: string }) {
  // Between sign-in and sign-up the learner keeps the page they were headed for.
  const { state } = useLocation();
  return (
    <Link
      to={to}
      state={state}
      className="font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
    >
      {children}
    </Link>
  );
}
