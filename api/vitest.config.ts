import { defineConfig } from 'vitest/config';

// The api suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set
// (each test file then gets a fresh database on that server).
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: databases.map((name) => ({
      extends: true,
      test: { name, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env: { LB_TEST_DB: name } },
    })),
  },
});
