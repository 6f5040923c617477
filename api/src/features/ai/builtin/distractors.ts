import { type Candidate, sameShape } from './candidates';

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

function formatLike(original: string, value: number): string {
  const decimals = /\.(\d+)/.exec(original)?.[1]?.length ?? 0;
  const grouped = /\d,\d{3}/.test(original);
  return grouped
    ? value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    : value.toFixed(decimals);
}

/** Plausibly perturbed numbers: nearby years for a year, scaled values otherwise. */
export function perturbedNumbers(answer: string): string[] {
  const match = /\d[\d,]*(\.\d+)?/.exec(answer);
  if (!match) return [];
  const raw = match[0];
  const value = Number(raw.replace(/,/g, ''));
  if (!Number.isFinite(value)) return [];
  const isYear = /^\d{4}$/.test(raw) && value >= 1000 && value <= 2100;
  const isPercent = /%|percent/i.test(answer);
  let options: number[];
  if (isYear) options = [value - 10, value + 12, value - 25, value + 5, value - 50];
  else if (isPercent) options = [value + 15, value - 15, value + 30, value / 2].filter((v) => v > 0 && v <= 100);
  else if (value < 10 && Number.isInteger(value)) options = [value + 1, value + 2, value + 4, value - 1];
  else options = [value * 2, value / 2, value * 1.5, value * 3, value + 10];
  const decimals = /\.(\d+)/.exec(raw)?.[1]?.length ?? 0;
  return options
    .filter((v) => v > 0 && v !== value)
    .map((v) => (decimals === 0 ? Math.round(v) : v))
    .map((v) => answer.replace(raw, formatLike(raw, v)));
}

/**
 * Three wrong choices of the same kind as the answer: other spans of that kind from the
 * passage first (they read naturally), then perturbed numbers. None appears in the question's
 * own sentence, none overlaps the answer, all distinct.
 */
export function distractorsFor(answer: Candidate, pool: Candidate[]): string[] | null {
  const sentence = norm(answer.sentence.text);
  const taken = [norm(answer.text)];
  const picked: string[] = [];
  const ok = (text: string) => {
    const n = norm(text);
    if (!n || n.length > 60 || sentence.includes(n)) return false;
    return taken.every((t) => t !== n && !t.includes(n) && !n.includes(t));
  };
  const take = (text: string) => {
    if (picked.length < 3 && ok(text)) {
      picked.push(text);
      taken.push(norm(text));
    }
  };
  const family = answer.kind.startsWith('num:') ? 'num:' : answer.kind;
  const same = pool.filter((c) => c.kind === answer.kind && sameShape(answer, c));
  const cousins = pool.filter((c) => c.kind !== answer.kind && c.kind.startsWith(family));
  // Nearest sentences first: they share the passage's topic at that point.
  const byDistance = (list: Candidate[]) =>
    [...list].sort(
      (a, b) => Math.abs(a.sentence.index - answer.sentence.index) - Math.abs(b.sentence.index - answer.sentence.index),
    );
  for (const c of byDistance(same)) take(c.text);
  for (const c of byDistance(pool.filter((x) => x.kind === answer.kind))) take(c.text);
  if (family === 'num:') for (const p of perturbedNumbers(answer.text)) take(p);
  for (const c of byDistance(cousins)) take(c.text);
  return picked.length === 3 ? picked : null;
}
