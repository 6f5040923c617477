import { normal } from '../../../lib/nlp/aliases';
import { sentencesOf } from '../../../lib/nlp/wink';
import type { Explanation, Mistake } from '../provider';
import { BLANK } from './questions';
import { STATEMENT_PROMPT, swappedPhrases } from './statements';

const mentions = (sentence: string, phrase: string) => ` ${normal(sentence)} `.includes(` ${normal(phrase)} `);

/**
 * Quotes the sentence the question came from, names the answer it gives, and says why the
 * chosen answer is wrong: where the passage uses the chosen phrase elsewhere, that sentence is
 * quoted too, so the learner sees what it really refers to.
 */
export function explainMistake(passage: string, m: Mistake): Explanation {
  const correct = m.choices[m.correctIndex] ?? '';
  const chosen = m.selectedIndex >= 0 ? m.choices[m.selectedIndex] : undefined;
  const quote = `The passage says: "${m.supportingSentence}"`;
  if (chosen === undefined) {
    return { qId: m.qId, explanation: `You left this one unanswered. ${quote} So the answer is "${correct}".` };
  }
  if (m.selectedIndex === m.correctIndex) {
    return { qId: m.qId, explanation: `You got this one right. ${quote}` };
  }
  // A statement question is explained by the phrase the chosen statement swapped in.
  const swapped = m.prompt === STATEMENT_PROMPT ? swappedPhrases(correct, chosen) : undefined;
  const [right, wrong] = swapped ? [swapped.said, swapped.other] : [correct, chosen];
  const gap = swapped
    ? 'The statement you chose changes one phrase of it: the passage says'
    : m.prompt.includes(BLANK)
      ? 'The gap is filled by'
      : 'The answer is';
  const elsewhere = sentencesOf(passage).find((s) => s !== m.supportingSentence && mentions(s, wrong));
  const why = elsewhere
    ? `You chose "${wrong}", but the passage speaks of "${wrong}" elsewhere, about something else: "${elsewhere}"`
    : `You chose "${wrong}", which the passage never gives here: that sentence names "${right}", not "${wrong}".`;
  return { qId: m.qId, explanation: `${quote} ${gap} "${right}". ${why}` };
}
