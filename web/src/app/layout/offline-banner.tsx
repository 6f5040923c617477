import { CloudOff } from 'lucide-react';
import { useLocation } from 'react-router';
import { useOnline } from '../../lib/offline';

// Screens whose last answers the service worker keeps (LAST_DATA_CACHE).
const SAVED = ['/study-planner', '/progress-dashboard', '/knowledge-gaps'];

/** With no network: what the screen shows, and that its actions wait for the network. */
export function OfflineBanner() {
  const online = useOnline();
  const { pathname } = useLocation();
  // The Flashcards screen says it itself, with its outbox.
  if (online || pathname.startsWith('/flashcards')) return null;
  const saved = SAVED.some((p) => pathname.startsWith(p));
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <CloudOff aria-hidden="true" className="size-4" />
      {saved ? 'Offline — showing your last saved data' : "You're offline"}
    </p>
  );
}
