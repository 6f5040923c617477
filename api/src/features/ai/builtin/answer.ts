import type { Snippet } from '../provider';
import { plainWords } from './plain-words';

export const NOTHING_RELEVANT =
  "That is not in your material: I couldn't find anything about that in your flashcards, test passages or room cards, and I only answer from your own material. " +
  'Add notes on this topic (a flashcard or a knowledge test), or ask whoever runs LearnBoost to configure an AI provider (Gemini or an OpenAI-compatible model) for answers beyond your notes.';

const ASKS_SIMPLY = /\b(explain|simple|simply|plain|easy|eli5)\b/i;
// A sentence ends at . ! ? after a word (not after an initial, like the "N." of "N.A.") and before a capital.
const sentences = (text: string) =>
  text
    .split(/(?<=[\p{Ll}\d%)"”’\]]{2}[.!?]["”’)]?)\s+(?=["“(]?[\p{Lu}\d])/u)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Two to four sentences from the learner's own material, naming where each comes from: the
 * best snippet (with the sentence after it), then a second source when there is one. Asked to
 * explain simply, it says the same in plainer words; it never adds facts of its own.
 */
export function answerFrom(question: string, material: Snippet[]): string {
  const [best, ...rest] = material;
  if (!best) return NOTHING_RELEVANT;
  const simple = ASKS_SIMPLY.test(question);
  // A card's answer may be a bare phrase: it still ends as a sentence.
  const end = (text: string) => (/[.!?]["”’)]?$/.test(text) ? text : `${text}.`);
  const say = (text: string) => end(simple ? plainWords(text) : text.replace(/\s+/g, ' ').trim());
  const first = sentences(say(best.text)).slice(0, 3);
  const lead = simple ? `In simple terms, from your ${best.source}:` : `From your ${best.source}:`;
  const parts = [`${lead} ${first.join(' ')}`];
  let count = first.length;
  const other = rest.find((s) => s.source !== best.source) ?? rest[0];
  if (other && count < 4) {
    const more = sentences(say(other.text)).slice(0, 4 - count);
    if (more.length) {
      parts.push(`${other.source === best.source ? 'It also says' : `Your ${other.source} adds`}: ${more.join(' ')}`);
      count += more.length;
    }
  }
  if (count < 2) parts.push(`That is what your ${best.source} says about it.`);
  return parts.join(' ');
}
