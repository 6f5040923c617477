import { Copy, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { LabelledField } from '../../../components/ui/text-field';
import { toastFailure } from '../../../lib/errors';
import { getCalendarFeed } from '../api/get-calendar-feed';
import { rotateCalendarFeed } from '../api/rotate-calendar-feed';

export function CalendarFeedSection() {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getCalendarFeed()
      .then((feed) => setUrl(feed.url))
      .catch((error: unknown) => {
        console.error('Could not load the calendar feed', error);
        setFailed(true);
      });
  }, []);

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard permission (insecure origin, denied): the old selection-based copy still works.
      input.current?.select();
      document.execCommand('copy');
    }
    toast.success('Link copied');
  }

  async function rotate() {
    setBusy(true);
    try {
      setUrl((await rotateCalendarFeed()).url);
      toast.success('New link ready: calendars using the old one stop updating');
    } catch (error) {
      toastFailure('Could not make a new link', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Subscribe in your calendar
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Add this address to Google Calendar, Apple Calendar or Outlook ("subscribe from URL") to see your sessions
        there. Keep it private: anyone with it can read your plan. "New link" stops the old address.
      </p>
      {failed ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">The calendar link is not available right now.</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <LabelledField label="Calendar feed URL" className="min-w-64 flex-1">
            {(id) => (
              <input
                id={id}
                ref={input}
                readOnly
                value={url ?? 'Loading...'}
                onFocus={(e) => e.target.select()}
                className="rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
              />
            )}
          </LabelledField>
          <Button onClick={copy} disabled={!url}>
            <Copy aria-hidden="true" className="size-4" />
            Copy link
          </Button>
          <Button variant="outline" onClick={rotate} disabled={!url || busy}>
            <RefreshCw aria-hidden="true" className="size-4" />
            New link
          </Button>
        </div>
      )}
    </section>
  );
}
