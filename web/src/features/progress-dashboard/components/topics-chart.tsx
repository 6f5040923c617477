import { MASTERED_STABILITY_DAYS } from '@learnboost/api/contract';
import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

export function TopicsChart() {
  const topics = useOverview((s) => s.overview)?.topics ?? [];
  return (
    <Card
      id="topics-title"
      title="Topics Mastered vs Pending"
      icon={<BarChart3 aria-hidden="true" className="size-5 text-indigo-600 dark:text-indigo-300" />}
    >
      {topics.length === 0 ? (
        <p className={muted}>No cards yet. Add flashcards to a deck: each top-level deck is a subject here.</p>
      ) : (
        <>
          <p className={`${muted} mb-3`}>
            Cards per subject (top-level deck). A card is mastered once FSRS expects you to remember it for{' '}
            {MASTERED_STABILITY_DAYS} days or more (its stability); the rest are pending.
          </p>
          <div
            className="h-64"
            role="img"
            aria-label={topics.map((t) => `${t.subject}: ${t.mastered} mastered, ${t.pending} pending`).join('; ')}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={topics} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                <XAxis dataKey="subject" tick={{ fill: 'currentColor', fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="mastered" name="Mastered" fill="#059669" radius={[4, 4, 0, 0]} />
                <Bar dataKey="pending" name="Pending" fill="#d97706" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}
