import { create } from 'zustand';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'theme';

// index.html already applied the saved theme before the first paint; the class is the source of truth here.
const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // The choice still holds for this visit.
  }
}

interface ThemeState {
  theme: Theme;
  toggle: () => void;
}

export const useTheme = create<ThemeState>()((set, get) => ({
  theme: currentTheme(),
  toggle: () => {
    const next: Theme = get().theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    set({ theme: next });
  },
}));

function chosenTheme(): string | null {
  try {
    return localStorage.getItem(THEME_KEY);
  } catch {
    return null;
  }
}

// Until the learner picks a theme, the app follows the system's setting, also when it changes.
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', (event) => {
  if (chosenTheme()) return;
  document.documentElement.classList.toggle('dark', event.matches);
  useTheme.setState({ theme: event.matches ? 'dark' : 'light' });
});
