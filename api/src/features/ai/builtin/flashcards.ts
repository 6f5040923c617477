import { declaredAliases, related } from '../../../lib/nlp/aliases';
import { contentText } from '../../../lib/nlp/content';
import { frequencyRank } from '../../../lib/nlp/frequency';
import { analyse, lemmasOf } from '../../../lib/nlp/wink';
import { isKnownWord } from '../../../lib/nlp/wordnet';
import type { CardDraft } from '../provider';
import { NAME_LINKS } from './candidates';
import { describedNameCards, namedInPassing } from './naming-cards';
import { BLANK, builtinQuestions, builtinWhQuestions } from './questions';
import { lowerFirst, STATEMENT_PROMPT } from './statements';
import { saysAlso } from './wh';

// "X is a Y", "X are the Y", "X refers to Y", "X means Y": the sentence defines X. The definition
// ends where a clause of its own begins: "; …", ", so catalase is …", ", while a base is …",
// ", and the Tenant shall not …".
const CLAUSE = String.raw`,\s+(?:(?:so|while|whereas|but|although)\s|and\s+(?:the|it|they|he|she|this|these)\s+(?:\S+\s+)?(?:shall|must|may|will|can|should|is|are|was|were|has|have)\b)`;
const DEFINITION = new RegExp(
  String.raw`^(.{2,80}?)\s+(is|are|was|were|refers to|means|describes)\s+((?:a|an|the|one)\b(?:(?!${CLAUSE})[^;:])+?)(?:(?:[;:]|${CLAUSE}).*)?[.!]?$`,
  'i',
);

const FILL_IN = 'Fill in the blank: ';
// "the worst the country faced", "the biggest the workshop had ever taken": a rank with no noun
// after it ("the first person to step…" and "the most severe downturn…" name what the subject is).
const RANKED =
  /^the\s+(?:\S+['’]s\s+)?(?:\w+est|most|least|first|second|third|last|best|worst)\s+(?:the|a|an|it|he|she|they|we|since|ever|of|in)\b/i;
const PART_OF = /^(?:a|an|the|one)\s+(?:\S+\s+)?(?:part|example|member|case|instance|feature)\s+of\b/i;

/** A short noun phrase: no clause, no pronoun, no second verb hiding in it. */
const isSubject = (s: string) =>
  !/[,;:()]/.test(s) &&
  s.split(/\s+/).length <= 6 &&
  !/^(it|this|that|these|those|they|there|he|she|we|you|i|in|on|at|by|for|with|from|after|before|during|since|because|although|though|when|while|if|as|once|unless|until|whether)\b/i.test(
    s,
  ) &&
  // "Because she was a woman, …", "Their main tool is …": a pronoun anywhere leans on another sentence.
  !/\b(he|she|it|they|we|you|him|her|them|his|its|their|our|your|my)\b/i.test(s) &&
  !/\b(is|are|was|were|has|have|had)\b/i.test(s) &&
  // "Just as important was the machine…": a comparison is no term.
  !/^(just|equally|even|far|much|also)?\s*(as|more|less|most|least|so|too)\b/i.test(s) &&
  // "One of Svalbard's best-known facilities is…" picks one out; "The everyday example is…" points to a term, is none.
  !/^(one|some|many|most|each|any|both|either|neither) of\b/i.test(s) &&
  !/\bexamples?$/i.test(s) &&
  // "An example of this is…": what "this" is lies in the sentence before.
  !/\b(this|that|these|those|above)$/i.test(s) &&
  // "A numerical value that describes…": a relative clause is no term.
  !/\b(that|which|who|whom|whose)\b/i.test(s) &&
  !/\w+ly\b/i.test(s) &&
  // "Fourteen weeks is a long time": an amount is no term.
  lemmasOf(s)[0]?.pos !== 'NUM' &&
  // "The most important is the availability of substitutes": most important what? A term names a thing.
  lemmasOf(s).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN');

/**
 * Three cards from the text's content (never its heading, source or licence lines), with
 * distinct answers: definitional sentences first ("What is X?" → the definition), then the
 * engine's wh-questions ("Who introduced …?"), then cloze cards. Every answer is quoted from
 * the text.
 */
export function builtinFlashcards(text: string, count: number): CardDraft[] {
  const content = contentText(text);
  const flat = content.replace(/\s+/g, ' ');
  const aliases = declaredAliases(flat);
  const cards: CardDraft[] = [];
  const used = new Set<string>();
  const fresh = (answer: string) => cards.every((c) => !related(c.answer, answer, aliases));
  const add = (card: CardDraft, sentence: string) => {
    cards.push(card);
    used.add(sentence);
  };
  for (const s of analyse(text)) {
    if (cards.length >= count) break;
    const m = DEFINITION.exec(s.text);
    // "Illegal operation (sometimes criminal operation) was a euphemism …": an encyclopedia's
    // bracketed aside after the term is no part of it.
    // "The sound post is a small spruce rod…," she said: the speech's opening quote is not the term's.
    const subject = m?.[1]?.replace(/\s*\([^()]*\)/g, '').replace(/^["“](?=[^"”]*$)/, '');
    const answer = m?.[3];
    if (!m || !subject || !answer || !text.includes(answer) || !isSubject(subject)) continue;
    if (answer.length > 300 || !fresh(answer)) continue;
    // "The blackouts were the worst the country faced since 2008": a rank with no noun says where
    // the subject stands, not what it is; "a key part of", "an example of" say what it belongs to.
    // A term the text defines in quotation marks is defined whatever its answer says ("the first £50…").
    const quotedTerm = /^(?:the\s+)?["“][^"”]+["”]$/i.test(subject);
    if (!quotedTerm && (RANKED.test(answer) || PART_OF.test(answer))) continue;
    // "Lightning was the real danger": "the" and a word or two picks the subject out, and defines nothing.
    if (/^the\b/i.test(answer) && answer.split(/\s+/).length <= 3) continue;
    // "The country", "The process": a subject that only makes sense in its paragraph ("An enzyme is …" defines one).
    if (/^the\s+\S+$/i.test(subject) && !/\s\p{Lu}/u.test(subject)) continue;
    const words = subject.split(/\s+/);
    const firstWord = words[0] ?? '';
    // "Close-range photogrammetry": a compound's first part is the word read.
    const bareWord = firstWord.split('-')[0]?.replace(/[^\p{L}]/gu, '') ?? '';
    // A name keeps its capital: written so inside a sentence, or never in lower case ("Bhayangkara is …");
    // an article never does ("The most recent winners").
    const keepCapital =
      !/^(the|a|an|this|these|that|those)$/i.test(bareWord) &&
      (/^\p{Lu}{2,}/u.test(firstWord) ||
        // "Amir Locke is …", "Bank of England": a name's every word has its capital, whatever WordNet
        // says of "amir"; "Some examples of type II errors" is no name for its "II".
        (words.length > 1 && words.every((w) => /^\p{Lu}/u.test(w) || NAME_LINKS.has(w) || /^(the|and)$/.test(w))) ||
        new RegExp(`[a-z,;] ${bareWord}\\b`, 'u').test(flat) ||
        (!isKnownWord(bareWord) &&
          !Number.isFinite(frequencyRank(bareWord)) &&
          !new RegExp(`\\b${bareWord.toLowerCase()}\\b`, 'u').test(flat)));
    const lead = keepCapital ? subject : lowerFirst(subject);
    // The passage's tense: "Hilary was the first storm …" asks "What was Hilary?".
    const said = m[2]?.toLowerCase() ?? 'is';
    const verb = /^(are|were|was)$/.test(said) ? said : 'is';
    // '"Defect" means a fault…' asks what the term means, not 'What is "Defect"?'.
    const means = /^(means|refers to|describes)$/.test(said);
    // 'The word "Hanse" was an old German word meaning…' asks what the word means.
    const word = /^the (word|term|name) (["“][^"”]+["”])$/i.exec(subject)?.[2];
    const question = word
      ? `What ${/^(was|were)$/.test(verb) ? 'did' : 'does'} ${word} mean?`
      : means
        ? `What does ${lead} ${said.replace(/s\b/, '')}?`
        : `What ${verb} ${lead}?`;
    if (cards.some((c) => c.question === question)) continue;
    add({ question, answer }, s.text);
  }
  // "…leave a small loop of cable below the socket, called a drip loop, so that…": a term the
  // passage names in passing is defined by the phrase it names.
  for (const s of analyse(text)) {
    if (cards.length >= count) break;
    if (used.has(s.text)) continue;
    const named = namedInPassing(s.tokens);
    if (!named || !text.includes(named.answer) || !fresh(named.answer)) continue;
    add(named, s.text);
  }
  // Then the passage's wh-questions: a card needs no wrong choices, so every one the passage gives is open to it.
  const whs = builtinWhQuestions(text);
  for (const q of whs) {
    if (cards.length >= count) break;
    if (used.has(q.sentence) || !fresh(q.answer) || saysAlso(q.question)) continue;
    add({ question: q.question, answer: q.answer }, q.sentence);
  }
  // When no card so far asks, one that does, so the three are never all blanks: a person, place or
  // body the passage describes after its name, else a question "also" adds to, with its "also".
  if (cards.length < count && cards.every((c) => c.question.startsWith(FILL_IN)))
    for (const card of [...describedNameCards(text), ...whs.filter((q) => saysAlso(q.question))]) {
      if (!fresh(card.answer)) continue;
      add({ question: card.question, answer: card.answer }, card.sentence);
      break;
    }
  if (cards.length < count) {
    const questions = builtinQuestions(text, count * 3);
    for (const q of questions) {
      if (cards.length >= count) break;
      const answer = q.choices[q.correctIndex] ?? '';
      // A statement question needs its choices: as a card it would ask nothing.
      if (q.prompt === STATEMENT_PROMPT || used.has(q.supportingSentence) || !fresh(answer)) continue;
      add({ question: q.prompt.includes(BLANK) ? `${FILL_IN}${q.prompt}` : q.prompt, answer }, q.supportingSentence);
    }
  }
  return cards;
}
