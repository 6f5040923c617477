import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type DemoAccount, getDemoAccount } from '../api/get-demo-account';

/** Shows the seeded demo account so a visitor can try the app without signing up. */
export function DemoAccountHint() {
  const [demo, setDemo] = useState<DemoAccount | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getDemoAccount()
      .then((account) => {
        if (!controller.signal.aborted) setDemo(account);
      })
      // No hint is the honest outcome when the server cannot tell us.
      .catch((error: unknown) => console.warn('Could not load the demo account', error));
    return () => controller.abort();
  }, []);

  if (!demo) return null;
  return (
    <div className="mt-6 flex gap-2.5 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        Demo account: <span className="font-mono font-semibold whitespace-nowrap">{demo.email}</span> /{' '}
        <span className="font-mono font-semibold whitespace-nowrap">{demo.password}</span>
      </p>
    </div>
  );
}
