import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../../features/auth';
// By file: the feature's index would bring the Flashcards screen into the main chunk.
import { startOfflineSync } from '../../features/flashcards/offline/sync';
import { MobileNav } from './mobile-nav';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';

export function AppLayout() {
  const userId = useAuth((s) => s.user?.id);
  // The learner's offline reviews go to the server at start, when the network returns, and every minute.
  useEffect(() => (userId ? startOfflineSync(userId) : undefined), [userId]);
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-indigo-600 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <MobileNav />
      <Sidebar />
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-10 md:py-10">
        <div className="mx-auto max-w-5xl">
          <OfflineBanner />
          <Outlet />
        </div>
      </main>
    </div>
  );
}
