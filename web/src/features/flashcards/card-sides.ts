import type { TFlashcard } from '@learnboost/api/contract';
import { type ClozePiece, clozeSide } from '@learnboost/api/contract';

export type CardFace = Pick<TFlashcard, 'kind' | 'clozeOrdinal' | 'question' | 'answer' | 'format'>;
export type Side = 'question' | 'answer';

/**
 * What a side shows, as pieces: a basic card's question or answer as one text; a cloze card's
 * text with its number blanked (question) or revealed (answer).
 */
export function sidePieces(card: CardFace, side: Side): ClozePiece[] {
  if (card.kind === 'cloze' && card.clozeOrdinal !== null) return clozeSide(card.question, card.clozeOrdinal, side);
  return [{ kind: 'text', text: side === 'question' ? card.question : card.answer }];
}

/** A cloze card's back shows its extra under the revealed text; a basic card has its answer already. */
export const extraOf = (card: CardFace, side: Side): string =>
  card.kind === 'cloze' && side === 'answer' ? card.answer : '';

const htmlToText = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent ?? '';
};

/** A side as plain words: read aloud, named in a toast or a confirmation. */
export function sideText(card: CardFace, side: Side): string {
  const text = [
    sidePieces(card, side)
      .map((p) => p.text)
      .join(''),
    extraOf(card, side),
  ]
    .filter(Boolean)
    .join('\n');
  return card.format === 'html' ? htmlToText(text) : text;
}
