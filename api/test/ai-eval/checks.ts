// The rules, checked on the engine's output as a learner would see it. The checks read
// the output (prompt, choices, cards, answers) and re-derive what they need from the passage;
// they do not reuse the generator's decisions.

import { candidatesOf, nameContext } from '../../src/features/ai/builtin/candidates';
import { isFragment } from '../../src/features/ai/builtin/distractors';
import { BLANK } from '../../src/features/ai/builtin/questions';
import { related } from '../../src/lib/nlp/aliases';
import { contentBlocks } from '../../src/lib/nlp/content';
import { TITLES, WEEKDAYS } from '../../src/lib/nlp/gazetteer';
import { analyse, type Sentence } from '../../src/lib/nlp/wink';

export { isFragment, related };

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A number's shape: digits as 9, so "$42 billion" and "$21 billion" share "$99 billion". */
// A day of the week is one whatever its name: "Friday" made for "Sunday" is a date of its shape.
const shapeOf = (s: string) =>
  s
    .replace(/\d/g, '9')
    .replace(/9[9,.]*/g, '9')
    .replace(/\p{L}+/gu, (w) => (WEEKDAYS.test(w) ? 'W' : w));

export type KindReader = (phrase: string, avoid?: string) => string | null;

/**
 * The kind of a phrase where the passage uses it, read from wink-nlp's entities and parts of
 * speech in that sentence (person, place, org, event, name, acronym, year, decade, date,
 * num:<unit>, np:<head class>:<number>); null when the passage never uses it whole.
 */
export function kindReader(passage: string): KindReader {
  const sentences = analyse(passage);
  const ctx = nameContext(sentences);
  const cache = new Map<Sentence, ReturnType<typeof candidatesOf>>();
  const cands = (s: Sentence) => {
    if (!cache.has(s)) cache.set(s, candidatesOf(s, ctx));
    return cache.get(s) ?? [];
  };
  return (phrase, avoid) => {
    const ordered = [...sentences].sort((a, b) => Number(a.text === avoid) - Number(b.text === avoid));
    for (const s of ordered) {
      if (!norm(s.text).includes(norm(phrase))) continue;
      const hit = cands(s).find((c) => norm(c.text) === norm(phrase));
      if (hit) return hit.kind;
    }
    // "Larsson", "Ivar": a person the passage names in full ("Carl Larsson", "Ivar Brun"), by one of the two names.
    const named = (c: { text: string; kind: string }) => {
      const words = norm(c.text).split(' ');
      return c.kind === 'person' && words.length === 2 && words.includes(norm(phrase));
    };
    return sentences.some((s) => norm(s.text).includes(norm(phrase)) && cands(s).some(named)) ? 'person' : null;
  };
}

/**
 * A choice the passage never says ("novelist", a WordNet kind of what the answer is a kind of) is
 * read where the question puts it: in the answer's own sentence, in the answer's place.
 */
function kindInPlace(sentence: string, answer: string, choice: string): string | null {
  if (!sentence.includes(answer)) return null;
  const swapped = analyse(sentence.replace(answer, choice));
  for (const s of swapped) {
    const hit = candidatesOf(s, nameContext(swapped)).find((c) => norm(c.text) === norm(choice));
    if (hit) return hit.kind;
  }
  return null;
}

/** Same kind: read from the passage for both; a number made from the answer counts when its shape matches. */
export function sameKindAs(
  read: KindReader,
  answer: string,
  answerKind: string | null,
  choice: string,
  sentence = '',
): boolean {
  const kind = read(choice);
  if (kind && answerKind) return kind === answerKind;
  if (!answerKind) return false;
  if (/^(num:|year|decade|date|century)/.test(answerKind)) return shapeOf(choice) === shapeOf(answer);
  return kindInPlace(sentence, answer, choice) === answerKind;
}

/** The blank cuts a name, number or date in half, judged from the prompt's text around it. */
export function blankSplits(prompt: string, answer: string): boolean {
  const i = prompt.indexOf(BLANK);
  if (i < 0) return false;
  const before = prompt.slice(0, i);
  const after = prompt.slice(i + BLANK.length);
  if (/[\p{L}\p{N}-]$/u.test(before) || /^[\p{L}\p{N}-]/u.test(after) || /^\.\w/.test(after)) return true;
  const words = before.trim().split(/\s+/).filter(Boolean);
  const prev = words.at(-1) ?? '';
  const next = after.trim().split(/\s+/)[0] ?? '';
  if (!/^\d/.test(answer) && /^\p{Lu}/u.test(next)) return true;
  if (/^\p{Lu}/u.test(answer) && words.length > 1 && /^\p{Lu}[\p{L}.]*$/u.test(prev) && !TITLES.has(prev.toLowerCase()))
    return true;
  if (/^,\s*(N\.A\.|Inc\.?|Ltd\.?|LLC|Jr\.?|Sr\.?|Co\.)/.test(after)) return true;
  if (/\d/.test(answer) && (/^(thousand|million|billion|trillion|hundred)\b/i.test(next) || /\d$/.test(prev)))
    return true;
  return false;
}

// What is about a text rather than in it.
const METADATA =
  /https?:\/\/|www\.|\bCC[ -]?BY\b|creative commons|\bsource:|\blicen[cs]e:|\blicen[cs]ed under\b|public domain|\[\d+\]|\[citation|\[edit\]/i;

// A licence line, not the word: "a commercial pilot's license" is content.
/** A piece of output that shows a heading, a citation mark, a URL, a licence or a "Source:" line. */
export function usesMetadata(passage: string, ...texts: string[]): boolean {
  const blocks = contentBlocks(passage).map(norm);
  const headings = passage
    .split(/\n/)
    .map((l) => l.trim())
    .filter((l) => l && !blocks.some((b) => b.includes(norm(l))));
  return texts.some((t) => METADATA.test(t) || headings.some((h) => norm(h) === norm(t)));
}

/**
 * A choice as the passage writes it. When the answer opens its sentence, the engine gives every
 * choice a capital ("Population growth"), and read with it, two common nouns that share a word look
 * like one name told twice. A phrase the passage also writes in lower case is no name.
 */
export function asWritten(phrase: string, passage: string): string {
  const lower = phrase.charAt(0).toLowerCase() + phrase.slice(1);
  return lower !== phrase && passage.includes(lower) ? lower : phrase;
}

/** Two choices that are one thing told twice: containment, shared words, initials or declared aliases. */
export function relatedPair(choices: string[], aliases: Map<string, Set<string>>): boolean {
  for (let i = 0; i < choices.length; i++)
    for (let j = i + 1; j < choices.length; j++) if (related(choices[i] ?? '', choices[j] ?? '', aliases)) return true;
  return false;
}
