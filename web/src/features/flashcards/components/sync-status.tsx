import { CloudOff, RefreshCw } from 'lucide-react';
import { useOfflineSync, waitingText } from '../offline/sync';

/** What the outbox holds: "n reviews waiting to sync", or "All changes synced". */
export function SyncStatus() {
  const waiting = useOfflineSync((s) => s.waiting);
  const online = useOfflineSync((s) => s.online);
  const Icon = online ? RefreshCw : CloudOff;
  return (
    <p role="status" className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
      <Icon aria-hidden="true" className="size-3.5" />
      {online ? '' : 'Offline · '}
      {waitingText(waiting)}
    </p>
  );
}
