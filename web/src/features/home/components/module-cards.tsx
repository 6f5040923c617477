import { ArrowRight, Bot, BrainCircuit, CalendarDays, ChartColumn, Layers, type LucideIcon, Users } from 'lucide-react';
import { Link } from 'react-router';

interface ModuleCard {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
  tint: string;
}

const modules: ModuleCard[] = [
  {
    to: '/flashcards',
    title: 'Flashcards',
    description: 'Flip cards and rate what you remembered.',
    icon: Layers,
    tint: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300',
  },
  {
    to: '/study-planner',
    title: 'Study Planner',
    description: 'Plan your study sessions week by week.',
    icon: CalendarDays,
    tint: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
  },
  {
    to: '/progress-dashboard',
    title: 'Progress Dashboard',
    description: 'Follow your weekly goal and mastered topics.',
    icon: ChartColumn,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  },
  {
    to: '/knowledge-gaps',
    title: 'Knowledge Gaps',
    description: 'Test yourself and get your mistakes explained.',
    icon: BrainCircuit,
    tint: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    to: '/group-learning',
    title: 'Group Learning',
    description: 'Study together in live rooms.',
    icon: Users,
    tint: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
  },
  {
    to: '/study-agent',
    title: 'Study Agent',
    description: 'Ask for a simple explanation, or turn text into flashcards.',
    icon: Bot,
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
  },
];

export function ModuleCards() {
  return (
    <section aria-labelledby="modules-title">
      <h2 id="modules-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        Your learning modules
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {modules.map(({ to, title, description, icon: Icon, tint }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
            >
              <span className={`flex size-10 items-center justify-center rounded-xl ${tint}`}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex items-center justify-between gap-2 font-semibold text-slate-900 dark:text-white">
                {title}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-indigo-600 dark:group-hover:text-indigo-300"
                />
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
