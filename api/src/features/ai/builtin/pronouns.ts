import { type Sex, sexOf } from '../../../lib/nlp/given-names';
import { lemmasOf } from '../../../lib/nlp/wink';
import type { Candidate } from './candidates';

/**
 * "In which year did the Royal Society include her in a list…?": a question read away from its
 * passage (a card, a test's question out of order) cannot say whom "her" means. In a passage about
 * one person, it means them, and the question says their name instead.
 */

/** The person a passage is about: named most often, at least this often, and twice as often as anyone else. */
const SAID = 3;
const LEAD = 2;

type Person = { name: string; surname: string; sex: Sex };

const PRONOUN_SEX: Record<string, Sex> = { she: 'female', her: 'female', he: 'male', him: 'male', his: 'male' };

/** The passage's main person, with the sex its name or its pronouns say; undefined when it is about no one person. */
export function mainPerson(pool: Candidate[], passage: string): Person | undefined {
  const mentions = pool.filter((c) => c.kind === 'person').map((c) => c.text);
  const full = [...new Set(mentions.filter((m) => m.includes(' ')))];
  // A name said alone ("Anning", "Mary") is the first full name it is part of: whom the passage introduced first.
  const whose = (m: string) => full.find((f) => f === m || f.split(/\s+/).includes(m)) ?? m;
  const said = new Map<string, number>();
  for (const m of mentions) said.set(whose(m), (said.get(whose(m)) ?? 0) + 1);
  const [first, second] = [...said].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < SAID || first[1] < LEAD * (second?.[1] ?? 0)) return undefined;
  const name = first[0];
  const sex = sexOf(name.split(/\s+/)[0] ?? '') ?? sexOfPronouns(passage);
  return sex ? { name, surname: name.split(/\s+/).at(-1) ?? name, sex } : undefined;
}

/** The sex of the passage's pronouns, when one sex's outnumber the other's three to one. */
function sexOfPronouns(passage: string): Sex | undefined {
  const count = (re: RegExp) => (passage.match(re) ?? []).length;
  const female = count(/\b(she|her|hers|herself)\b/gi);
  const male = count(/\b(he|him|his|himself)\b/gi);
  if (female >= 3 * Math.max(male, 1)) return 'female';
  if (male >= 3 * Math.max(female, 1)) return 'male';
  return undefined;
}

/**
 * The question with its first "she", "her", "he", "him" or "his" naming the passage's main person
 * ("her dog" → "Mary Anning's dog"), when the pronoun can mean only them: of their sex, the answer
 * not them, and no one else of that sex (or of no known sex) named in the sentence.
 */
export function namingPronoun(
  question: string,
  answer: Candidate,
  person: Person | undefined,
  inSentence: Candidate[],
): string {
  if (!person || answer.text.split(/\s+/).includes(person.surname) || question.includes(person.surname))
    return question;
  const tokens = lemmasOf(question);
  const at = tokens.findIndex((t) => PRONOUN_SEX[t.text.toLowerCase()] === person.sex);
  const pronoun = tokens[at];
  if (!pronoun) return question;
  const word = pronoun.text.toLowerCase();
  // "Who held the clock against her coat?" of "the widow held the clock against her coat": anyone
  // else the sentence names before the pronoun, or says by what they are (the answer too), may be
  // whom it means.
  const said = answer.sentence.tokens.findIndex((t) => t.text.toLowerCase() === word);
  if (said < 0) return question;
  const mayMeanOther = inSentence.some(
    (c) =>
      c.start < said &&
      (c.kind === 'np:agent:sg' ||
        (c.kind === 'person' &&
          c.text !== person.name &&
          c.text !== person.surname &&
          sexOf(c.text.split(/\s+/)[0] ?? '') !== oppositeOf(person.sex))),
  );
  if (mayMeanOther) return question;
  const next = tokens[at + 1];
  // "her dog", "her own name", "her widowed mother" own; "rank her the greatest", "made her famous",
  // "name her one of" do not.
  const noun = (t: { pos: string } | undefined) => /^(NOUN|PROPN)$/.test(t?.pos ?? '');
  const describes = next?.pos === 'ADJ' || (next?.pos === 'VERB' && /(ed|ing)$/i.test(next.text));
  const possessive = word === 'his' || (word === 'her' && (noun(next) || (describes && noun(tokens[at + 2]))));
  const named = possessive ? `${person.name}'s` : person.name;
  return question.replace(new RegExp(`\\b${pronoun.text}\\b`), named);
}

const oppositeOf = (sex: Sex): Sex => (sex === 'female' ? 'male' : 'female');
