import type { RoomCardRow, RoomCardText, SuggestionRow } from '@learnboost/db';
import {
  clozeNumbers,
  clozeSide,
  clozeSideText,
  type TRoomCard,
  type TRoomCardText,
  type TRoomSuggestion,
} from '../../contract';
import { sanitizeField } from '../anki/sanitize';

// A room card on the wire, and its text as stored.

export const toRoomCard = (c: RoomCardRow): TRoomCard => ({
  id: c.id,
  question: c.question,
  answer: c.answer,
  kind: c.kind,
  format: c.format,
  tags: c.tags,
  version: c.version,
  authorId: c.authorId,
});

export const toSuggestion = (s: SuggestionRow): TRoomSuggestion => ({
  id: s.id,
  action: s.action,
  cardId: s.cardId,
  author: { id: s.authorId, username: s.authorUsername },
  kind: s.kind,
  question: s.question,
  answer: s.answer,
  format: s.format,
  tags: s.tags,
  baseVersion: s.baseVersion,
  status: s.status,
  createdAt: s.createdAt.toISOString(),
});

/**
 * What is stored for a card's text: HTML sanitised as a personal card's is, tags once each, and
 * the ordinals each learner studies ({0}: a basic card; the cloze numbers of a cloze text).
 */
export function storedText(body: TRoomCardText): RoomCardText {
  const clean = (v: string) => (body.format === 'html' ? sanitizeField(v) : v);
  const question = clean(body.question);
  return {
    kind: body.kind,
    format: body.format,
    question,
    answer: clean(body.answer),
    tags: [...new Set(body.tags)],
    ordinals: body.kind === 'cloze' ? clozeNumbers(question) : [0],
  };
}

/**
 * Room cards as the live quiz asks them: a basic card as it is, a cloze text as one question per
 * number (its blank shown, the deletion the answer).
 */
export function quizCards<C extends { question: string; answer: string; kind: 'basic' | 'cloze' }>(
  cards: C[],
): { question: string; answer: string }[] {
  return cards.flatMap((c) =>
    c.kind === 'cloze'
      ? clozeNumbers(c.question).map((n) => ({
          question: clozeSideText(c.question, n, 'question'),
          answer: clozeSide(c.question, n, 'answer')
            .filter((p) => p.kind === 'revealed')
            .map((p) => p.text)
            .join(', '),
        }))
      : [{ question: c.question, answer: c.answer }],
  );
}
