export { ThemeToggle } from './components/theme-toggle';
export { useTheme } from './theme-store';
