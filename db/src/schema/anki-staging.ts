import { customType, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { ankiImports } from './anki';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A staged Anki package in pieces, on PostgreSQL: every api process reaches it, so a preview
 * through one process and a commit through another (on another machine) find the same package.
 * Written and read one piece at a time, so no process holds the package whole.
 */
export const ankiImportChunks = pgTable(
  'anki_import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => ankiImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);
