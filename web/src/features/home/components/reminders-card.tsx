import type { TNotification } from '@learnboost/api/contract';
import { BellRing, Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toastFailure } from '../../../lib/errors';
import { getDueCount } from '../api/get-due-count';
import { getNotifications } from '../api/get-notifications';
import { markAllNotificationsRead } from '../api/mark-all-notifications-read';
import { markNotificationRead } from '../api/mark-notification-read';

/** The spec shows at most four unread reminders on home. */
const SHOWN = 4;

export function RemindersCard() {
  const [unread, setUnread] = useState<TNotification[]>([]);
  const [due, setDue] = useState(0);
  const [loaded, setLoaded] = useState(false);

  // Reminders can be marked read while their cards are still due: the deck's own count decides
  // whether reviews are pending, so this card never contradicts "Cards due".
  useEffect(() => {
    getDueCount()
      .then(setDue)
      .catch((error: unknown) => console.error('Could not count the due cards', error));
  }, []);

  useEffect(() => {
    getNotifications()
      .then((all) => setUnread(all.filter((n) => !n.read)))
      // The spec: a failed home load is only logged; the card shows its default.
      .catch((error: unknown) => console.error('Could not load notifications', error))
      .finally(() => setLoaded(true));
  }, []);

  async function markRead(id: string) {
    try {
      await markNotificationRead(id);
      setUnread((list) => list.filter((n) => n.id !== id));
    } catch (error) {
      console.error('Could not mark the notification read', error);
      toastFailure('Could not mark the reminder as read', error);
    }
  }

  async function markAllRead() {
    try {
      await markAllNotificationsRead();
      setUnread([]);
    } catch (error) {
      console.error('Could not mark the notifications read', error);
      toastFailure('Could not mark the reminders as read', error);
    }
  }

  const shown = unread.slice(0, SHOWN);
  return (
    <section
      aria-labelledby="reminders-title"
      aria-busy={!loaded}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2
          id="reminders-title"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          <BellRing aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-300" />
          Spaced Repetition Reminders
        </h2>
        {unread.length > 1 && (
          <button
            type="button"
            onClick={() => void markAllRead()}
            className="text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
          >
            Mark all read
          </button>
        )}
      </div>
      {!loaded ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading...</p>
      ) : shown.length === 0 && due === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No pending reviews</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {due === 1 ? '1 flashcard is' : `${due.toLocaleString('en-US')} flashcards are`} due for review.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {shown.map((n) => (
            <li
              key={n.id}
              className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800"
            >
              <div>
                <p className="font-medium text-slate-900 dark:text-white">{n.title}</p>
                <p className="text-sm text-slate-700 dark:text-slate-200">{n.message}</p>
              </div>
              <button
                type="button"
                onClick={() => void markRead(n.id)}
                aria-label={`Mark read: ${n.title}`}
                className="flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-700"
              >
                <Check aria-hidden="true" className="size-4" />
                Mark read
              </button>
            </li>
          ))}
        </ul>
      )}
      {due > 0 && (
        <Link
          to="/flashcards"
          className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
        >
          Review now
        </Link>
      )}
    </section>
  );
}
