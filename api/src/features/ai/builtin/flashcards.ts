import type { CardDraft } from '../provider';
import { analyse } from './nlp';
import { builtinQuestions } from './questions';

// "X is a Y", "X are the Y", "X refers to Y", "X means Y": the sentence defines X.
const DEFINITION = /^(.{2,80}?)\s+(is|are|was|were|refers to|means|describes)\s+((?:a|an|the|one)\b.+?)[.!]?$/i;

/** A short noun phrase: no clause, no pronoun, no second verb hiding in it. */
const isSubject = (s: string) =>
  !/[,;:()]/.test(s) &&
  s.split(/\s+/).length <= 6 &&
  !/^(it|this|that|these|those|they|there|he|she|we|you|i)\b/i.test(s) &&
  !/\b(is|are|was|were|has|have|had)\b/i.test(s);

/**
 * Cards from definitional sentences ("What is X?" → the definition), then from key sentences
 * (a cloze → its missing span). Every answer is quoted from the text.
 */
export function builtinFlashcards(text: string, count: number): CardDraft[] {
  const cards: CardDraft[] = [];
  const used = new Set<string>();
  for (const s of analyse(text)) {
    if (cards.length >= count) break;
    const m = DEFINITION.exec(s.text);
    const subject = m?.[1];
    const answer = m?.[3];
    if (!m || !subject || !answer || !text.includes(answer) || !isSubject(subject)) continue;
    if (answer.length > 300) continue;
    const lead = s.tokens[0]?.pos === 'PROPN' ? subject : subject.charAt(0).toLowerCase() + subject.slice(1);
    const verb = m[2]?.toLowerCase() === 'are' || m[2]?.toLowerCase() === 'were' ? 'are' : 'is';
    cards.push({ question: `What ${verb} ${lead}?`, answer });
    used.add(s.text);
  }
  if (cards.length < count) {
    for (const q of builtinQuestions(text, count * 2)) {
      if (cards.length >= count) break;
      if (used.has(q.supportingSentence)) continue;
      const answer = q.choices[q.correctIndex] ?? '';
      cards.push({ question: `Fill in the blank: ${q.prompt}`, answer });
      used.add(q.supportingSentence);
    }
  }
  return cards;
}
