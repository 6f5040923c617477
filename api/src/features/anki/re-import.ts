import type { ImportedNoteCard } from '@learnboost/db';
import type { ImportedCard } from './anki-package';

/**
 * What a package does to the learner's cards, note by note, as Anki imports: a note whose GUID
 * the learner already has is updated in place (its cards keep their schedule and history), not
 * added again; a card of a new template or cloze number joins its note; the rest is new.
 */
export type ReImportPlan = {
  /** Package cards to add (with their history), and the note id each joins when its note exists. */
  add: { card: ImportedCard; noteId?: string }[];
  /** Existing cards whose note changed: their new text and tags. */
  update: { id: string; question: string; answer: string; tags: string[] }[];
  notes: { new: number; updated: number; unchanged: number };
};

const keyOf = (guid: string, ord: number) => `${guid}\u0000${ord}`;
const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export function planReImport(cards: ImportedCard[], existing: ImportedNoteCard[]): ReImportPlan {
  const byKey = new Map(existing.map((c) => [keyOf(c.ankiGuid, c.ankiOrd), c]));
  const noteOf = new Map(existing.map((c) => [c.ankiGuid, c.noteId]));
  const changed = new Set<string>();
  const plan: ReImportPlan = { add: [], update: [], notes: { new: 0, updated: 0, unchanged: 0 } };
  for (const card of cards) {
    const mine = byKey.get(keyOf(card.guid, card.ord));
    if (!mine) {
      plan.add.push({ card, noteId: noteOf.get(card.guid) });
      if (noteOf.has(card.guid)) changed.add(card.guid);
      continue;
    }
    if (mine.question !== card.question || mine.answer !== card.answer || !sameTags(mine.tags, card.tags)) {
      plan.update.push({ id: mine.id, question: card.question, answer: card.answer, tags: card.tags });
      changed.add(card.guid);
    }
  }
  for (const guid of new Set(cards.map((c) => c.guid))) {
    if (!noteOf.has(guid)) plan.notes.new++;
    else if (changed.has(guid)) plan.notes.updated++;
    else plan.notes.unchanged++;
  }
  return plan;
}
