// Cloze cards in Anki's syntax: `{{c1::answer}}` or `{{c1::answer::hint}}`. One text makes one
// card per number; the api makes the cards, the web shows each side, both from these rules.

const DELETION = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

export const CLOZE_MISSING =
  'A cloze card needs at least one deletion written as {{c1::answer}} (or {{c1::answer::hint}})';

/** The highest cloze number: each number is a card, and a text of hundreds is already a long list. */
export const CLOZE_MAX = 500;
export const CLOZE_TOO_HIGH = `Cloze numbers go from 1 to ${CLOZE_MAX}: renumber the deletions ({{c1::…}}, {{c2::…}}, …)`;

/** What is wrong with a cloze text, in the sentence a learner reads; null when it makes cards. */
export function clozeProblem(text: string): string | null {
  const numbers = clozeNumbers(text);
  if (numbers.length === 0) return CLOZE_MISSING;
  return (numbers.at(-1) as number) > CLOZE_MAX ? CLOZE_TOO_HIGH : null;
}

/** The cloze numbers a text uses, lowest first: one card each. Empty: not a cloze text. */
export function clozeNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const match of text.matchAll(DELETION)) {
    const n = Number(match[1]);
    if (n > 0) numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

/**
 * A side of card `n`, as pieces: text around the deletions, the other numbers' deletions as plain
 * text, and this number's deletions as `blank` (on the question, with the hint or "...") or as
 * `revealed` (on the answer). `'all'` treats every deletion as this card's: the whole text at
 * once, as a study room's shared view shows it.
 */
export type ClozePiece = { kind: 'text' | 'blank' | 'revealed'; text: string };

export function clozeSide(text: string, n: number | 'all', side: 'question' | 'answer'): ClozePiece[] {
  const pieces: ClozePiece[] = [];
  let at = 0;
  for (const match of text.matchAll(DELETION)) {
    const [whole, number, answer = '', hint] = match;
    if (match.index > at) pieces.push({ kind: 'text', text: text.slice(at, match.index) });
    if (n !== 'all' && Number(number) !== n) pieces.push({ kind: 'text', text: answer });
    else if (side === 'answer') pieces.push({ kind: 'revealed', text: answer });
    else pieces.push({ kind: 'blank', text: `[${hint?.trim() ? hint : '...'}]` });
    at = match.index + whole.length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/** A side as plain text (search results, the agent, exports): the blank or the answer in place. */
export const clozeSideText = (text: string, n: number | 'all', side: 'question' | 'answer') =>
  clozeSide(text, n, side)
    .map((p) => p.text)
    .join('');
