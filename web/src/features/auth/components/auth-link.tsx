import { Link } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
      {children}
    </Link>
  );
}
