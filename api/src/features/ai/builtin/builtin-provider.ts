import { coachMessage } from '../coach-message';
import type { AiProvider } from '../provider';
import { answerFrom } from './answer';
import { explainMistake } from './explain';
import { builtinFlashcards } from './flashcards';
import { builtinQuestions } from './questions';

export { NOTHING_RELEVANT } from './answer';

/** Streams words, so the screen shows the answer growing even offline. */
async function* words(text: string): AsyncIterable<string> {
  for (const piece of text.match(/\S+\s*/g) ?? []) yield piece;
}

/** The offline engine: real NLP from wink-nlp's bundled model, no key, no network, no invention. */
export function createBuiltinProvider(): AiProvider {
  return {
    name: 'builtin',
    model: 'wink-eng-lite-web-model',
    questions: async (passage, count) => builtinQuestions(passage, count),
    explain: async ({ passage, mistakes }) => mistakes.map((m) => explainMistake(passage, m)),
    answer: (question, material) => words(answerFrom(question, material)),
    flashcards: async (text, count) => builtinFlashcards(text, count),
    coach: async (stats) => coachMessage(stats),
    coachFallback: (stats) => coachMessage(stats),
  };
}
