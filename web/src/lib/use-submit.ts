import { useState } from 'react';
import { toastFailure } from './errors';

/**
 * A form's save in flight: `busy` while it runs (a second submit is ignored), and a failure
 * toasted with `failMessage` and the api's reason, the form left open to try again.
 */
export function useSubmit(failMessage: string) {
  const [busy, setBusy] = useState(false);
  async function submit(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      console.error(failMessage, error);
      toastFailure(failMessage, error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}
