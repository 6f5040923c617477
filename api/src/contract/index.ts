// Request and response shapes, defined once: the api validates with them, the web parses with them.
// Imports only zod, so the browser bundle can take it as is.

export * from './agent';
export * from './anki';
export * from './auth';
export * from './cloze';
export * from './common';
export * from './dashboard';
export * from './decks';
export * from './flashcards';
export * from './flashcards-import';
export * from './generator';
export * from './group-learning';
export * from './knowledge-tests';
export * from './me';
export * from './notifications';
export * from './ocr';
export * from './review-sync';
export * from './scheduler';
export * from './study-planner';
