import type { TStudySession } from '@learnboost/api/contract';
import { toast } from 'sonner';
import { create } from 'zustand';
import { toastFailure } from '../../lib/errors';
import { deleteSession } from './api/delete-session';
import { getWeekSessions } from './api/get-week-sessions';
import { updateSession } from './api/update-session';
import { addDays, startOfWeek, weekRange } from './week';

interface StudyPlannerState {
  /** Local Monday 00:00 of the week on screen. */
  weekStart: Date;
  sessions: TStudySession[];
  status: 'loading' | 'ready';
  showWeek: (monday: Date) => Promise<void>;
  moveWeeks: (weeks: number) => Promise<void>;
  showToday: () => Promise<void>;
  added: (session: TStudySession) => void;
  /** An edited session: it keeps its place in time, or leaves the week shown. */
  changed: (session: TStudySession) => void;
  setCompleted: (id: string, completed: boolean) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

const byStart = (a: TStudySession, b: TStudySession) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt);
const inWeek = (session: TStudySession, monday: Date) => {
  const at = Date.parse(session.scheduledAt);
  return at >= monday.getTime() && at < addDays(monday, 7).getTime();
};

// Clicking "next" twice quickly sends two requests; only the last week asked for may be shown.
let latestRequest = 0;

export const useStudyPlanner = create<StudyPlannerState>()((set, get) => ({
  weekStart: startOfWeek(new Date()),
  sessions: [],
  status: 'loading',

  showWeek: async (monday) => {
    const request = ++latestRequest;
    set({ weekStart: monday, status: 'loading' });
    try {
      const sessions = await getWeekSessions(weekRange(monday));
      if (request === latestRequest) set({ sessions: [...sessions].sort(byStart) });
    } catch (error) {
      // The spec: a failed load is only logged; the week shows "No sessions".
      console.error('Could not load the study sessions', error);
      if (request === latestRequest) set({ sessions: [] });
    } finally {
      if (request === latestRequest) set({ status: 'ready' });
    }
  },

  moveWeeks: (weeks) => get().showWeek(addDays(get().weekStart, 7 * weeks)),
  showToday: () => get().showWeek(startOfWeek(new Date())),

  added: (session) => {
    if (inWeek(session, get().weekStart)) set((s) => ({ sessions: [...s.sessions, session].sort(byStart) }));
  },

  changed: (session) =>
    set((s) => ({
      sessions: [
        ...s.sessions.filter((x) => x.id !== session.id),
        ...(inWeek(session, s.weekStart) ? [session] : []),
      ].sort(byStart),
    })),

  setCompleted: async (id, completed) => {
    const mark = (done: boolean) =>
      set((s) => ({ sessions: s.sessions.map((x) => (x.id === id ? { ...x, completed: done } : x)) }));
    // The tick shows at once; a refusal puts it back and says why.
    mark(completed);
    try {
      const updated = await updateSession(id, { completed });
      set((s) => ({ sessions: s.sessions.map((x) => (x.id === id ? updated : x)) }));
      toast.success(completed ? 'Session marked done' : 'Session marked not done');
    } catch (error) {
      mark(!completed);
      toastFailure('Could not update the session', error);
    }
  },

  remove: async (id) => {
    try {
      await deleteSession(id);
      set((s) => ({ sessions: s.sessions.filter((x) => x.id !== id) }));
      toast.success('Session deleted');
    } catch (error) {
      toastFailure('Could not delete the session', error);
    }
  },
}));
