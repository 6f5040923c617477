import { Moon, Sun } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useTheme } from '../theme-store';

/** Its name says what a press does, not what the theme is now. */
export function ThemeToggle() {
  const theme = useTheme((s) => s.theme);
  const toggle = useTheme((s) => s.toggle);
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  const Icon = theme === 'dark' ? Sun : Moon;
  return (
    <Button variant="ghost" onClick={toggle} aria-label={label} className="w-full justify-start px-3 py-2 font-medium">
      <Icon aria-hidden="true" className="size-4" />
      {theme === 'dark' ? 'Light mode' : 'Dark mode'}
    </Button>
  );
}
