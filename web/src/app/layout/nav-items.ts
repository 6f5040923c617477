import { Bot, BrainCircuit, CalendarDays, ChartColumn, House, Layers, type LucideIcon, Users } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { to: '/', label: 'Home', icon: House },
  { to: '/flashcards', label: 'Flashcards', icon: Layers },
  { to: '/study-planner', label: 'Study Planner', icon: CalendarDays },
  { to: '/progress-dashboard', label: 'Progress Dashboard', icon: ChartColumn },
  { to: '/knowledge-gaps', label: 'Knowledge Gaps', icon: BrainCircuit },
  { to: '/group-learning', label: 'Group Learning', icon: Users },
  { to: '/study-agent', label: 'Study Agent', icon: Bot },
];
