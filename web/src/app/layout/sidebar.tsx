import { LogOut } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../features/auth';
import { readyToSignOut, waitingText } from '../../features/flashcards/offline/sync';
import { ThemeToggle } from '../../features/theme';
import { cn } from '../../lib/cn';
import { forgetLastData } from '../../lib/offline';
import { navItems } from './nav-items';
import { UserCard } from './user-card';

/** The sidebar's contents: beside the page from 768 px up, in the menu drawer below that. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();

  async function onLogout() {
    // Reviews still waiting would be lost with the sign-out: one last sync, then ask.
    const warn = (n: number) =>
      window.confirm(`${waitingText(n)}: they will be lost if you sign out now. Sign out anyway?`);
    if (user && !(await readyToSignOut(user.id, warn))) return;
    await forgetLastData();
    onNavigate?.();
    await useAuth.getState().signOut();
    navigate('/login', { replace: true });
  }

  return (
    <>
      <div className="px-4 pt-5 pb-4">
        <Brand className="text-slate-900 dark:text-white" />
        <p className="mt-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">AI Learning Accelerator</p>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2">
        <ul className="flex flex-col gap-0.5">
          {navItems.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === '/'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm leading-tight font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                    isActive
                      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-1 border-t border-slate-200 p-3 dark:border-slate-800">
        {user && <UserCard user={user} />}
        <div className="mt-2 flex flex-col gap-0.5">
          <ThemeToggle />
          <Button variant="ghost" onClick={onLogout} className="w-full justify-start px-3 py-2 font-medium">
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </div>
      </div>
    </>
  );
}

export function Sidebar() {
  return (
    <aside className="sticky top-0 hidden h-screen w-[200px] shrink-0 flex-col border-r border-slate-200 bg-white md:flex dark:border-slate-800 dark:bg-slate-900">
      <SidebarContent />
    </aside>
  );
}
