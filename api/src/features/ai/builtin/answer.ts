import type { Snippet } from '../provider';
import { plainWords } from './plain-words';

export const NOTHING_RELEVANT =
  "That is not in your material: I couldn't find anything about that in your flashcards, test passages or room cards, and I only answer from your own material. " +
  'Add notes on this topic (a flashcard or a knowledge test), or ask whoever runs LearnBoost to configure an AI provider (Gemini or an OpenAI-compatible model) for answers beyond your notes.';

const ASKS_SIMPLY = /\b(explain|simple|simply|plain|easy|eli5)\b/i;

/**
 * The answer in the learner's own material, naming where each part comes from: the sentence
 * that answers best, then the next best ones (retrieval keeps them short). Asked to explain
 * simply, it says the same in plainer words; it never adds facts of its own.
 */
export function answerFrom(question: string, material: Snippet[]): string {
  if (!material.length) return NOTHING_RELEVANT;
  const simple = ASKS_SIMPLY.test(question);
  const say = (text: string) => {
    const t = (simple ? plainWords(text) : text).replace(/\s+/g, ' ').trim();
    // A card's answer may be a bare phrase: it still ends as a sentence.
    return /[.!?…]["”’)]?$/.test(t) ? t : `${t}.`;
  };
  const parts: string[] = [];
  material.forEach((m, i) => {
    const previous = material[i - 1];
    if (!previous) parts.push(`${simple ? 'In simple terms, from' : 'From'} your ${m.source}: ${say(m.text)}`);
    else if (previous.source === m.source) parts.push(i === 1 ? `It also says: ${say(m.text)}` : say(m.text));
    else parts.push(`Your ${m.source} adds: ${say(m.text)}`);
  });
  return parts.join(' ');
}
