import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../components/ui/button';

/** How often an open tab asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Registers the service worker and, when a new version is waiting, says so: the learner reloads
 * when it suits them, never mid-study without asking (registerType "prompt").
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 left-4 z-50 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <span>A new version is ready —</span>
      <Button onClick={() => void updateServiceWorker(true)}>Reload</Button>
    </div>
  );
}
