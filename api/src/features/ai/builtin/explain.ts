import { normal } from '../../../lib/nlp/aliases';
import { sentencesOf } from '../../../lib/nlp/wink';
import type { Explanation, Mistake } from '../provider';
import { BLANK } from './questions';

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
  const gap = m.prompt.includes(BLANK) ? 'The gap is filled by' : 'The answer is';
  const elsewhere = sentencesOf(passage).find((s) => s !== m.supportingSentence && mentions(s, chosen));
  const why = elsewhere
    ? `You chose "${chosen}", but the passage speaks of "${chosen}" elsewhere, about something else: "${elsewhere}"`
    : `You chose "${chosen}", which the passage never gives here: that sentence names "${correct}", not "${chosen}".`;
  return { qId: m.qId, explanation: `${quote} ${gap} "${correct}". ${why}` };
}
