import type { TForecast } from '@learnboost/api/contract';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../lib/errors';
import { getForecast, setDesiredRetention } from '../api/scheduler';

const muted = 'text-sm text-slate-600 dark:text-slate-300';
const percent = (r: number) => `${Math.round(r * 100)}%`;
const DAYS = 30;

/**
 * The desired retention slider and the next 30 days' reviews it would cost, simulated by the api
 * from the learner's cards; the chart follows the slider as it moves, beside the retention in use.
 */
export function RetentionForecast({ saved, onSaved }: { saved: number; onSaved: (r: number) => void }) {
  const [value, setValue] = useState(saved);
  const [forecast, setForecast] = useState<TForecast | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(saved), [saved]);

  useEffect(() => {
    // Asked once the slider rests for a moment, so a drag is not a request per pixel.
    const timer = setTimeout(() => {
      getForecast(DAYS, value === saved ? [saved] : [saved, value])
        .then(setForecast)
        .catch((error) => toastFailure('The forecast could not be made', error));
    }, 200);
    return () => clearTimeout(timer);
  }, [value, saved]);

  const current = forecast?.lines.find((l) => l.retention === saved);
  const chosen = forecast?.lines.find((l) => l.retention === value) ?? current;
  const data = (forecast?.days ?? []).map((day, i) => ({
    day: day.slice(5),
    reviews: chosen?.reviews[i] ?? 0,
  }));
  const ratio = current && chosen && current.totalReviews > 0 ? chosen.totalReviews / current.totalReviews : null;

  async function keep() {
    setSaving(true);
    try {
      await setDesiredRetention(value);
      onSaved(value);
      toast.success(`Desired retention: ${percent(value)}`);
    } catch (error) {
      toastFailure('The desired retention could not be saved', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-3">
      <label className="block text-sm font-medium text-slate-800 dark:text-slate-100" htmlFor="desired-retention">
        Desired retention: {percent(value)}
      </label>
      <input
        id="desired-retention"
        type="range"
        min={0.7}
        max={0.97}
        step={0.01}
        value={value}
        onChange={(e) => setValue(Number(e.target.value))}
        className="w-full accent-indigo-600"
      />
      <p className={muted}>
        {chosen
          ? `About ${Math.round(chosen.totalReviews)} reviews (${Math.round(chosen.totalMinutes)} min) in the next ${DAYS} days; you would remember ${percent(chosen.averageRetention)} of your cards on average.`
          : 'Forecasting...'}
        {ratio !== null && value !== saved
          ? ` At ${percent(value)} you would review ${ratio.toFixed(1)}× as much as at ${percent(saved)}.`
          : ''}
      </p>
      <div
        style={{ height: 200 }}
        role="img"
        aria-label={`Expected reviews per day over the next ${DAYS} days at ${percent(value)} desired retention`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" fontSize={11} interval={4} />
            <YAxis fontSize={11} allowDecimals={false} />
            <Tooltip formatter={(v) => [`${v}`, 'reviews']} />
            <Bar dataKey="reviews" fill="#6366f1" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {value !== saved && (
        <Button onClick={keep} disabled={saving}>
          Use {percent(value)}
        </Button>
      )}
    </div>
  );
}
