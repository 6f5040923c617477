export * from './client';
export * from './migrate';
export * from './queries/auth';
export * as schema from './schema';
export * from './schema';
export * from './test-db';
