import type { TExamList, TStudySession } from '@learnboost/api/contract';
import { GraduationCap } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { dayMonth, fullDay, weekdayShort } from '../../../lib/dates';
import { getExams } from '../api/get-exams';
import { useStudyPlanner } from '../study-planner-store';
import { dayKey, daysOfWeek } from '../week';
import { SessionItem } from './session-item';

export function WeeklyPlan() {
  const weekStart = useStudyPlanner((s) => s.weekStart);
  const sessions = useStudyPlanner((s) => s.sessions);
  const status = useStudyPlanner((s) => s.status);
  const todayKey = dayKey(new Date());
  const [exams, setExams] = useState<TExamList>([]);
  // An exam is the deck's, set on the Flashcards screen; the week shows it on its day.
  useEffect(() => {
    getExams()
      .then(setExams)
      .catch(() => setExams([]));
  }, []);

  const byDay = useMemo(() => {
    const grouped = new Map<string, TStudySession[]>();
    for (const session of sessions) {
      const key = dayKey(new Date(session.scheduledAt));
      grouped.set(key, [...(grouped.get(key) ?? []), session]);
    }
    return grouped;
  }, [sessions]);

  return (
    // Seven columns only where a column holds a long word whole (about 11rem each); a laptop shows
    // the week in two rows of four, a tablet in two columns, a phone in one.
    <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-4 min-[1600px]:grid-cols-7" aria-busy={status === 'loading'}>
      {daysOfWeek(weekStart).map((day) => {
        const key = dayKey(day);
        const list = byDay.get(key) ?? [];
        const isToday = key === todayKey;
        return (
          <section
            key={key}
            data-day={key}
            aria-label={fullDay.format(day)}
            aria-current={isToday ? 'date' : undefined}
            className={`flex min-h-40 flex-col gap-2 rounded-xl border bg-white p-3 dark:bg-slate-900 ${
              isToday ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-slate-200 dark:border-slate-700'
            }`}
          >
            <h3 className="flex flex-col">
              <span className="text-sm font-semibold text-slate-900 dark:text-white">{weekdayShort.format(day)}</span>
              <span className="text-xs text-slate-600 dark:text-slate-300">{dayMonth.format(day)}</span>
            </h3>
            {exams
              .filter((exam) => exam.examDate === key)
              .map((exam) => (
                <p
                  key={exam.deckId}
                  className="flex items-center gap-1 rounded-md bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                >
                  <GraduationCap aria-hidden="true" className="size-4" />
                  Exam: {exam.deckName}
                </p>
              ))}
            {list.length === 0 ? (
              <p className="text-xs text-slate-600 dark:text-slate-300">No sessions</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {list.map((session) => (
                  <SessionItem key={session.id} session={session} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
