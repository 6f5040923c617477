// The spec's ring: a circle whose circumference is 282.7 (radius 45).
const CIRCUMFERENCE = 282.7;

export function GoalRing({ percent, size = 140, label }: { percent: number; size?: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={`${label}: ${clamped}%`}>
      <circle cx="50" cy="50" r="45" fill="none" strokeWidth="8" className="stroke-slate-200 dark:stroke-slate-700" />
      <circle
        cx="50"
        cy="50"
        r="45"
        fill="none"
        strokeWidth="8"
        strokeLinecap="round"
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
        transform="rotate(-90 50 50)"
        className="stroke-indigo-600 transition-[stroke-dashoffset] duration-700 dark:stroke-indigo-400"
      />
      <text
        x="50"
        y="50"
        textAnchor="middle"
        dominantBaseline="central"
        className="fill-slate-900 text-[20px] font-bold dark:fill-white"
      >
        {clamped}%
      </text>
    </svg>
  );
}
