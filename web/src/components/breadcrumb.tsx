import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** Home, then the screen above this one if any (Flashcards above Browse), then this screen. */
export function Breadcrumb({ current, parent }: { current: string; parent?: { to: string; label: string } }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <ol className="flex items-center gap-1.5 text-slate-600 dark:text-slate-300">
        <li>
          <Link to="/" className="hover:text-indigo-700 hover:underline dark:hover:text-indigo-300">
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        {parent && (
          <>
            <li>
              <Link to={parent.to} className="hover:text-indigo-700 hover:underline dark:hover:text-indigo-300">
                {parent.label}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
          </>
        )}
        <li aria-current="page" className="font-medium text-slate-900 dark:text-white">
          {current}
        </li>
      </ol>
    </nav>
  );
}
