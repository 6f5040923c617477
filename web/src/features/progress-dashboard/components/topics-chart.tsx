import { MASTERED_STABILITY_DAYS } from '@learnboost/api/contract';
import { BarChart3 } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useOverview } from '../overview-store';
import { Card, muted } from './card';

const SUBJECT_WIDTH = 128;
/** About what fits in SUBJECT_WIDTH at 12 px. */
const LINE_CHARS = 15;
const LINE_HEIGHT = 14;

/** A name in lines of whole words (at most three, the last ended by "…" when more is left). */
export function wrapName(name: string, lineChars = LINE_CHARS, maxLines = 3): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= lineChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > lineChars ? `${word.slice(0, lineChars - 1)}…` : word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] as string).slice(0, lineChars - 1)}…`;
  return kept;
}

/** A subject's name beside its bars, wrapped onto lines rather than dropped or cut on a phone. */
function SubjectTick({ x = 0, y = 0, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const lines = wrapName(payload?.value ?? '');
  return (
    <text x={x} y={y - ((lines.length - 1) * LINE_HEIGHT) / 2} textAnchor="end" fill="currentColor" fontSize={12}>
      {lines.map((line, i) => (
        <tspan key={line} x={x} dy={i === 0 ? '0.32em' : LINE_HEIGHT}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

export function TopicsChart() {
  const topics = useOverview((s) => s.overview)?.topics ?? [];
  return (
    <Card id="topics-title" title="Topics Mastered vs Pending" Icon={BarChart3}>
      {topics.length === 0 ? (
        <p className={muted}>No cards yet. Add flashcards to a deck: each top-level deck is a subject here.</p>
      ) : (
        <>
          <p className={`${muted} mb-3`}>
            Cards per subject (top-level deck). A card is mastered once FSRS expects you to remember it for{' '}
            {MASTERED_STABILITY_DAYS} days or more (its stability); the rest are pending.
          </p>
          <div
            // One row per subject, so names sit beside their bars at any width.
            style={{ height: 72 + topics.length * 52 }}
            role="img"
            aria-label={topics.map((t) => `${t.subject}: ${t.mastered} mastered, ${t.pending} pending`).join('; ')}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={topics} layout="vertical" margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                <XAxis type="number" allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} />
                <YAxis type="category" dataKey="subject" width={SUBJECT_WIDTH} interval={0} tick={<SubjectTick />} />
                <Tooltip />
                <Legend />
                <Bar dataKey="mastered" name="Mastered" stackId="cards" fill="#059669" />
                <Bar dataKey="pending" name="Pending" stackId="cards" fill="#d97706" radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}
