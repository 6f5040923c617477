import type { AiProvider, Explanation, Mistake, Snippet } from '../provider';
import { coachMessage } from './coach-message';
import { builtinFlashcards } from './flashcards';
import { plainWords } from './plain-words';
import { builtinQuestions } from './questions';

export const NOTHING_RELEVANT =
  "I couldn't find anything about that in your flashcards or test passages, and I only answer from your own material. " +
  'Add notes on this topic (a flashcard or a knowledge test), or ask whoever runs LearnBoost to configure an AI provider (Gemini or an OpenAI-compatible model) for answers beyond your notes.';

function explainOne(m: Mistake): Explanation {
  const correct = m.choices[m.correctIndex] ?? '';
  const chosen = m.selectedIndex >= 0 ? m.choices[m.selectedIndex] : undefined;
  const quote = `The passage says: "${m.supportingSentence}"`;
  if (chosen === undefined) {
    return { qId: m.qId, explanation: `You left this one unanswered. ${quote} So the answer is "${correct}".` };
  }
  if (m.selectedIndex === m.correctIndex) {
    return { qId: m.qId, explanation: `You got this one right. ${quote}` };
  }
  return {
    qId: m.qId,
    explanation: `${quote} The gap is filled by "${correct}". You chose "${chosen}", which does not fit: that sentence names "${correct}", not "${chosen}".`,
  };
}

/** Streams words, so the screen shows the answer growing even offline. */
async function* words(text: string): AsyncIterable<string> {
  for (const piece of text.match(/\S+\s*/g) ?? []) yield piece;
}

function answerFrom(material: Snippet[]): string {
  if (material.length === 0) return NOTHING_RELEVANT;
  const [best, ...rest] = material;
  const lines = [`In simple terms, from your ${best?.source}: ${plainWords(best?.text ?? '')}`];
  const more = rest.find((s) => s.text !== best?.text);
  if (more) lines.push(`Also, from your ${more.source}: ${plainWords(more.text)}`);
  return lines.join('\n\n');
}

/** The offline engine: real NLP from wink-nlp's bundled model, no key, no network, no invention. */
export function createBuiltinProvider(): AiProvider {
  return {
    name: 'builtin',
    model: 'wink-eng-lite-web-model',
    questions: async (passage, count) => builtinQuestions(passage, count),
    explain: async ({ mistakes }) => mistakes.map(explainOne),
    answer: (_question, material) => words(answerFrom(material)),
    flashcards: async (text, count) => builtinFlashcards(text, count),
    coach: async (stats) => coachMessage(stats),
  };
}
