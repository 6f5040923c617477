export { CatchUpButton } from './components/catch-up-button';
export { DeckExamButton } from './components/deck-exam-button';
export { SchedulerSection } from './components/scheduler-section';
