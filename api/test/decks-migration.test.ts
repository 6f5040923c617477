import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestDb,
  type DbHandle,
  decks,
  flashcardReviews,
  flashcards,
  migrate,
  migrationsFolder,
  users,
} from '@learnboost/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServerUrl } from './helper';

/** The migrations as they were before decks, so the decks migration meets a database with cards. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lb-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('the decks migration', () => {
  let handle: DbHandle;
  let before: string;
  beforeAll(async () => {
    before = migrationsBefore('0006_decks_cloze_media');
    handle = await createTestDb(testServerUrl, before);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('moves every existing card, with its schedule and history, into its owner’s "My Flashcards"', async () => {
    const db = handle.db;
    const learners = ['ada', 'bo', 'cy'].map((name) => ({
      id: crypto.randomUUID(),
      username: name,
      email: `${name}@example.com`,
      passwordHash: 'x',
    }));
    await db.insert(users).values(learners);
    // Inserted as the old schema had them (no deck column yet).
    await db.execute(sql`insert into flashcards (user_id, question, answer, stability, reps, state)
      select u.id, 'Q' || g, 'A' || g, g * 1.5, g, 2 from users u, generate_series(1, 40) g where u.username <> 'cy'`);
    await db.execute(sql`insert into flashcard_reviews (card_id, user_id, rating, state, due, stability, difficulty,
        elapsed_days, last_elapsed_days, scheduled_days, learning_steps, state_after)
      select id, user_id, 3, 2, now(), 1, 5, 1, 1, 1, 0, 2 from flashcards`);
    const cardsBefore = await db.execute(
      sql`select id, user_id, question, answer, stability, reps, state from flashcards order by id`,
    );

    await migrate(handle);

    const cardsAfter = await db
      .select({
        id: flashcards.id,
        user_id: flashcards.userId,
        question: flashcards.question,
        answer: flashcards.answer,
        stability: flashcards.stability,
        reps: flashcards.reps,
        state: flashcards.state,
      })
      .from(flashcards)
      .orderBy(flashcards.id);
    const rowsBefore = Array.isArray(cardsBefore) ? cardsBefore : (cardsBefore as { rows: unknown[] }).rows;
    expect(cardsAfter).toHaveLength(80);
    expect(cardsAfter).toEqual(rowsBefore.map((r) => ({ ...(r as object) })));
    expect(await db.$count(flashcardReviews)).toBe(80);

    const deckRows = await db.select().from(decks);
    // Every learner has the default deck, the one without cards too.
    expect(deckRows.map((d) => [d.name, d.isDefault])).toEqual(learners.map(() => ['My Flashcards', true]));
    const homes = await db.execute(sql`select count(*)::int as wrong from flashcards f join decks d on d.id = f.deck_id
      where d.user_id <> f.user_id or not d.is_default or f.kind <> 'basic' or f.suspended`);
    const wrong = Array.isArray(homes) ? homes[0] : (homes as { rows: { wrong: number }[] }).rows[0];
    expect(Number((wrong as { wrong: number }).wrong)).toBe(0);
  });
});
