export * from './client';
export * from './migrate';
export * from './queries/auth';
export * from './queries/flashcards';
export * from './queries/study-planner';
export * from './queries/notifications';
export * as schema from './schema';
export * from './schema';
export * from './test-db';
