export { HomePage } from './components/home-page';
export { RemindersCard } from './components/reminders-card';
