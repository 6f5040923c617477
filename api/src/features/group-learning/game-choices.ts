import { GAME_CHOICES } from '../../contract';

export type GameQuestion = { prompt: string; choices: string[]; correctIndex: number };
type Card = { question: string; answer: string };

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const isNumeric = (text: string) => /^[-+]?[\d.,\s%]+$/.test(text.trim());
const wordCount = (text: string) => text.trim().split(/\s+/).length;

/**
 * How unlike the right answer a wrong one looks: answers of another kind (a number among words),
 * another length or another number of words would give themselves away.
 */
function distance(answer: string, other: string): number {
  const kind = isNumeric(answer) === isNumeric(other) ? 0 : 10;
  const length = Math.abs(answer.length - other.length) / Math.max(answer.length, other.length, 1);
  const words = Math.abs(wordCount(answer) - wordCount(other)) / Math.max(wordCount(answer), wordCount(other));
  return kind + length + words;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Cards whose answers differ (ignoring case and spacing): what a game can be played on. */
export const distinctAnswerCount = (cards: Card[]) => new Set(cards.map((c) => key(c.answer))).size;

/**
 * Questions from room cards: each card's answer and the three most plausible answers of other
 * cards, all four distinct, the right one at a random place. Needs four distinct answers.
 */
export function questionsFromCards(cards: Card[], count: number, random = Math.random): GameQuestion[] {
  // One card per distinct answer: two cards with the same answer cannot tell a choice right or wrong.
  const byAnswer = new Map<string, Card>();
  for (const card of shuffle(cards, random)) if (!byAnswer.has(key(card.answer))) byAnswer.set(key(card.answer), card);
  const pool = [...byAnswer.values()];
  return pool.slice(0, count).map((card) => {
    const wrong = pool
      .filter((other) => key(other.answer) !== key(card.answer))
      // A little noise, so the same deck does not always pair the same answers.
      .map((other) => ({ text: other.answer.trim(), d: distance(card.answer, other.answer) + random() * 0.15 }))
      .sort((a, b) => a.d - b.d)
      .slice(0, GAME_CHOICES - 1)
      .map((o) => o.text);
    const correctIndex = Math.floor(random() * GAME_CHOICES);
    const choices = [...wrong];
    choices.splice(correctIndex, 0, card.answer.trim());
    return { prompt: card.question, choices, correctIndex };
  });
}

/** Questions of a knowledge test, as written; only those with four distinct choices can be played. */
export function questionsFromTest(
  questions: { prompt: string; choices: string[]; correctIndex: number }[],
  count: number,
): GameQuestion[] {
  return questions
    .filter((q) => q.choices.length === GAME_CHOICES && new Set(q.choices.map(key)).size === GAME_CHOICES)
    .slice(0, count)
    .map((q) => ({ prompt: q.prompt, choices: [...q.choices], correctIndex: q.correctIndex }));
}
