import { addDays, type Day } from './local-days';

export type StreakInput = {
  today: Day;
  /** Days with any study: a review, a completed session, a test taken. */
  studied: Set<Day>;
  /** The first day that can count (the account's creation day). */
  firstDay: Day;
  /**
   * A day without study that does not break a streak: nothing was due and nothing planned.
   * Async and asked sparingly (only for gaps inside a run), since it may query the database.
   */
  forgiven: (day: Day) => Promise<boolean>;
};

export type Streak = {
  current: number;
  longest: number;
  /** The day each length was first reached, for achievements. */
  reachedOn: Map<number, Day>;
};

/**
 * Consecutive study days. A day on which nothing was due and nothing planned is forgiven: it
 * neither breaks the run nor adds to it. Today without study does not break the current run yet.
 */
export async function computeStreak({ today, studied, firstDay, forgiven }: StreakInput): Promise<Streak> {
  const reachedOn = new Map<number, Day>();
  let run = 0;
  let longest = 0;
  for (let day = firstDay; day <= today; day = addDays(day, 1)) {
    if (studied.has(day)) {
      run += 1;
      if (!reachedOn.has(run)) reachedOn.set(run, day);
      longest = Math.max(longest, run);
    } else if (run > 0 && day !== today && !(await forgiven(day))) {
      run = 0;
    }
  }
  return { current: run, longest, reachedOn };
}
