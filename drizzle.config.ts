import { defineConfig } from 'drizzle-kit';

// Migrations are generated from db/src/schema and committed; the api applies them at start,
// on PostgreSQL and on PGlite alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/src/schema/index.ts',
  out: './db/migrations',
});
