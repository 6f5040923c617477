export * from './anki';
export * from './auth';
export * from './dashboard';
export * from './flashcards';
export * from './group-learning';
export * from './knowledge-tests';
export * from './notifications';
export * from './study-planner';
