import { MONTHS, PLACE_WORDS, PLACES } from './gazetteer';
import { CLOCK_TIME, isScaleWord } from './quantities';
import type { Token } from './wink';
import { similarity } from './word-vectors';
import { attributeNouns, broaderWords, isAmountNoun, isKnownWord, nearWords } from './wordnet';

/**
 * What kind of phrase answers a question, read from its question word ("Who" wants a person or
 * a group, "How many" a number, "What fruit" a kind of fruit), and whether a sentence holds a
 * phrase of that kind that the question does not already say. This is the classic first step of
 * question answering: a sentence that shares the question's words but holds nothing of the kind
 * asked for does not answer it.
 */
export type AnswerType =
  | { kind: 'person' | 'date' | 'place' | 'reason' | 'definition' | 'name' | 'manner' | 'any' }
  /** "Can a tenant…?", "Did she have children?": yes or no, so no phrase of a kind; what answers says the whole of it. */
  | { kind: 'polar' }
  /** "Which scientist…", "Which company…": one, so a name, not "biochemists" or "a vandal". */
  | { kind: 'individual' }
  /** "How many passengers", "How hot" (temperature), "How much did it cost": a number, of what when the question says. */
  | { kind: 'number'; measure: string[] }
  /** "What time does it open?": a time of day ("9.30 am", "18:00", "noon"). */
  | { kind: 'clock' }
  /** "What fruit…", "Which agency…": a word that falls under the head noun. */
  | { kind: 'instance'; head: string };

const NUMBER_WORDS =
  /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|million|millions|billion|billions|dozen|dozens|half|quarter|third|twice|double|triple|single)$/i;
const DATE_HEADS = /^(year|date|day|month|century|decade|era|period|time|age|season)s?$/i;
const PLACE_HEADS =
  /^(country|city|town|village|place|region|state|province|island|continent|area|location|site|port|river|mountain|county|district|nation|capital)$/i;
const PERSON_HEADS =
  /^(person|people|man|woman|king|queen|leader|scientist|artist|author|player|company|firm|team|group)$/i;
const REASON =
  /\b(because|due to|owing to|as a result|thanks to|caused by|result(?:ed|s|ing)? (?:in|from)|led to|leads to|so that|in order to|therefore|hence|thus|since|reason|allow(?:s|ed|ing)? |enabl(?:e|es|ed|ing) )\b/i;
// A name in quotation marks, not the apostrophe of "Mira's".
const NAMING =
  /["“”]|(?<![\p{L}\p{N}])['‘][^'‘’]+['’](?![\p{L}\p{N}])|\b(called|named|known as|nicknamed|titled|termed|dubbed|referred to as)\b/iu;
const MANNER = /\b(by|using|through|via|with|in a|in an)\b/i;
/** A question that opens on its verb (an auxiliary or a modal) and has no question word asks yes or no. */
const POLAR_OPENINGS =
  /^(is|are|was|were|am|do|does|did|can|could|has|have|had|will|would|shall|should|may|might|must|isn't|aren't|wasn't|weren't|don't|doesn't|didn't|can't|couldn't|hasn't|haven't|won't|wouldn't|shouldn't)$/;
const GENERIC_HEADS = /^(kind|type|sort|form|variety|category|class|part|piece|one|example)$/i;

/** The answer type of a question, from its first words. */
export function answerTypeOf(tokens: { text: string; lemma: string; pos: string }[]): AnswerType {
  const words = tokens.map((t) => t.text.toLowerCase());
  const at = words.findIndex((w) => /^(who|whom|whose|when|where|why|how|what|which)$/.test(w));
  // "Did the farmer who owned it…": a question word after a noun opens a relative clause, not the question.
  const relative = at > 0 && /^(NOUN|PROPN)$/.test(tokens[at - 1]?.pos ?? '');
  if (POLAR_OPENINGS.test(words[0] ?? '') && (at < 0 || relative)) return { kind: 'polar' };
  if (at < 0) return /^(explain|define|describe)$/.test(words[0] ?? '') ? { kind: 'definition' } : { kind: 'any' };
  const wh = words[at] as string;
  const next = words[at + 1] ?? '';
  if (wh === 'who' || wh === 'whom' || wh === 'whose') return { kind: 'person' };
  if (wh === 'when') return { kind: 'date' };
  if (wh === 'where') return { kind: 'place' };
  if (wh === 'why') return { kind: 'reason' };
  if (wh === 'how') {
    // "How many", "How hot", "How quickly": a quantity. "How well" and "How did…" ask the manner.
    const after = tokens[at + 1];
    if (/^(many|much)$/.test(next)) {
      // "How many passengers", "How much rain"; else what the verb measures ("How much did it cost").
      // The verb is the main clause's, the first after the subject ("How much will I be billed if
      // nothing turns out wrong": billed, not turns).
      // "How many of the duke's soldiers": what "of" leads to is what is counted.
      const counted = words[at + 2] === 'of' ? headOfPhrase(tokens, at + 3) : undefined;
      const noun = tokens[at + 2]?.pos === 'NOUN' ? tokens[at + 2] : counted;
      const verb = tokens.slice(at + 2).find((t) => t.pos === 'VERB' && !/^(be|do|have|get)$/.test(t.lemma));
      const measure = noun ? [noun.lemma] : verb ? [verb.lemma] : [];
      return { kind: 'number', measure };
    }
    // "How often": the stretch of time between one time and the next ("every 1.337 seconds").
    if (next === 'often') return { kind: 'number', measure: ['often', 'period'] };
    if (after && (after.pos === 'ADJ' || after.pos === 'ADV') && next !== 'well')
      return { kind: 'number', measure: [after.lemma, ...attributeNouns(after.lemma)] };
    return { kind: 'manner' };
  }
  // what / which
  // "What is it called?", "What did Rush call his first submarine?", "What name…".
  // The tagger may take "call" after "did" for a noun: after "did", the verb is whatever comes.
  const doSupport = /^(do|does|did)$/.test(next);
  const naming = tokens.some(
    (t, i) => i > at && (t.pos === 'VERB' || doSupport) && /^(call|name|title|nickname|dub)$/.test(t.lemma),
  );
  if (naming || words.some((w) => /^(called|named)$/.test(w)) || /^(name|title|nickname)$/.test(next))
    return { kind: 'name' };
  // "What did a seat cost?", "What does a visitor pay to get in?": the verb of a price asks a sum.
  const priced = tokens.find(
    (t, i) => doSupport && i > at + 2 && isPrice(t.lemma) && /^(\?|to|for|in|)$/.test(words[i + 1] ?? ''),
  );
  if (priced) return { kind: 'number', measure: [priced.lemma] };
  // "Which kind of rope": the kind is of a rope.
  // "Which research body": the head is the last noun of the run, "body".
  const run: typeof tokens = [];
  for (const t of tokens.slice(at + 1)) {
    if (t.pos !== 'NOUN' && t.pos !== 'ADJ') break;
    run.push(t);
  }
  const nouns = tokens.slice(at + 1).filter((t) => t.pos === 'NOUN');
  const runHead = run.filter((t) => t.pos === 'NOUN').at(-1) ?? nouns[0];
  const headToken = GENERIC_HEADS.test(nouns[0]?.lemma ?? '') && nouns[1] ? nouns[1] : runHead;
  const firstNoun = tokens[at + 1]?.pos === 'NOUN' || tokens[at + 1]?.pos === 'ADJ' ? headToken : undefined;
  if (firstNoun) {
    // "What time does the centre open?" asks the time of day, not a date.
    if (/^time$/i.test(firstNoun.text) && firstNoun === tokens[at + 1]) return { kind: 'clock' };
    const type = typeOfHead(firstNoun.lemma.toLowerCase());
    // "Which index do most nations use?" asks which one, a name: "which" never asks an amount.
    if (type.kind === 'number' && wh === 'which') return { kind: 'instance', head: firstNoun.lemma.toLowerCase() };
    const one = firstNoun.text.toLowerCase() === firstNoun.lemma.toLowerCase();
    return type.kind === 'person' && one ? { kind: 'individual' } : type;
  }
  // "What is X?", "What does X mean?"
  const rest = words.slice(at + 1).filter((w) => /\p{L}/u.test(w));
  // "What is the average summer temperature in Tartus?": the value of a quantity.
  const subject = /^(is|are|was|were)$/.test(rest[0] ?? '') ? headOfPhrase(tokens, at + 2) : undefined;
  // "What is the name of Mira's grandfather?": a name.
  if (subject && /^(name|title)$/.test(subject.lemma.toLowerCase())) return { kind: 'name' };
  if (subject && isAmountNoun(subject.lemma.toLowerCase()))
    return { kind: 'number', measure: [subject.lemma.toLowerCase()] };
  if (/^(is|are|was|were)$/.test(rest[0] ?? '') && rest.length <= 5) return { kind: 'definition' };
  if (rest.at(-1) === 'mean') return { kind: 'definition' };
  if (/^(caused|causes|cause|led)$/.test(rest[0] ?? '')) return { kind: 'reason' };
  return { kind: 'any' };
}

/**
 * The head of the noun phrase starting at `from`: its last noun ("the average summer temperature"
 * → "temperature"), past an owner's "'s" ("the duke's soldiers" → "soldiers").
 */
function headOfPhrase<T extends { pos: string; text: string }>(tokens: T[], from: number): T | undefined {
  let i = from;
  while (tokens[i]?.pos === 'DET') i++;
  let head: T | undefined;
  const inPhrase = (t: T) => /^(ADJ|NOUN)$/.test(t.pos) || (t.pos === 'PART' && /^['’]s?$/.test(t.text));
  for (; tokens[i] && inPhrase(tokens[i] as T); i++) if (tokens[i]?.pos === 'NOUN') head = tokens[i];
  return head;
}

/** What "What/Which <head>" asks for, from the head noun and what WordNet says it is. */
function typeOfHead(head: string): AnswerType {
  if (DATE_HEADS.test(head)) return { kind: 'date' };
  if (isAmountNoun(head)) return { kind: 'number', measure: [head] };
  if (PLACE_HEADS.test(head)) return { kind: 'place' };
  if (/^(reason|cause)$/.test(head)) return { kind: 'reason' };
  if (PERSON_HEADS.test(head) || head === 'organization' || isPersonNoun(head)) return { kind: 'person' };
  return { kind: 'instance', head };
}

const isPrice = (lemma: string) => lemma === 'cost' || broaderWords(lemma, 4).includes('cost');

/** "workers", "the council": a noun WordNet puts under person or organisation answers "Who". */
const isPersonNoun = (noun: string) => broaderWords(noun, 6).some((w) => w === 'person' || w === 'organization');

/** Types a sentence must hold for it to answer at all; the others only rank. */
export const isStrict = (t: AnswerType) =>
  ['person', 'individual', 'date', 'clock', 'number', 'place', 'instance', 'name'].includes(t.kind);

const capitalised = (t: Token) => /^\p{Lu}/u.test(t.text);
const isYear = (t: Token) => /^(1\d{3}|20\d{2})s?$/.test(t.text) || /^\d{1,2}(st|nd|rd|th)$/.test(t.text);
const isNumber = (t: Token) => /\d/.test(t.text) || NUMBER_WORDS.test(t.text);

// A percentage is a proportion, a share or a rate of the whole.
const PERCENT = ['percent', 'percentage', 'proportion', 'share', 'rate'];
// A unit written as a symbol, read as the words it stands for: the unit and what it measures.
const SYMBOLS: Record<string, string[]> = {
  $: ['dollar', 'money'],
  '£': ['pound', 'money'],
  '€': ['euro', 'money'],
  '¥': ['yen', 'money'],
  '₹': ['rupee', 'money'],
  '%': PERCENT,
  '°': ['degree', 'temperature', 'angle'],
  '°c': ['degree', 'temperature'],
  '°f': ['degree', 'temperature'],
};
/** A currency sign, alone or after its country's letters ("US$", "A$", "HK$"): the words it stands for. */
const signWords = (t: Token): string[] | undefined =>
  t.pos === 'SYM'
    ? SYMBOLS[t.text.toLowerCase()]
    : /^[A-Z]{1,3}[$£€¥₹]$/.test(t.text)
      ? SYMBOLS[t.text.slice(-1)]
      : undefined;
// "Seven times" counts how often, never how long: no unit at all.
const unitWords = (t: Token, next?: Token) =>
  /^times$/i.test(t.text)
    ? []
    : /^per$/i.test(t.text) && /^cent$/i.test(next?.text ?? '')
      ? PERCENT
      : (signWords(t) ?? SYMBOLS[t.text.toLowerCase()] ?? [t.lemma.toLowerCase()]);

// "people" is the plural WordNet files under its own senses (citizenry, masses): what it counts is persons.
const countedAs = (m: string) => (m === 'people' ? 'person' : m);

/**
 * Whether a word says what the question measures: the same word, a WordNet synonym or form, a
 * kind of it ("users" are persons), money for a payment ("wage"), or near in meaning.
 */
function measures(measure: string[], word: string): boolean {
  return measure.map(countedAs).some((m) =>
    // A price or a payment is counted in money, whatever words sit near it ("two years" is no price).
    isPayment(m)
      ? isMoney(word)
      : m === word ||
        nearWords(m).includes(word) ||
        broaderWords(word, 4).includes(m) ||
        similarity(m, word) >= MEASURE_NEAR,
  );
}
const isPayment = (m: string) => isPrice(m) || (isAmountNoun(m) && broaderWords(m, 4).includes('payment'));
const isMoney = (word: string) =>
  word === 'money' || broaderWords(word, 6).some((w) => w === 'money' || w === 'currency');
const MEASURE_NEAR = 0.6;
/** A year answers "How many" only when what is counted is time ("How long", "How old"). */
const measuresTime = (measure: string[]) =>
  measure.some((m) => m === 'year' || m === 'period' || broaderWords(m, 4).some((w) => w === 'time' || w === 'period'));

/** The number at i counts what is asked: a word of the measure stands just after it (or its currency sign before it). */
function counts(tokens: Token[], i: number, measure: string[]): boolean {
  if (!measure.length) return true;
  if (measure.includes('age')) return saysAge(tokens, i);
  // Its unit: a sign before it ("£", "$"), or the first word after it that is not part of the
  // number ("1.2 million users", "45 °C", "18 degrees"), within three words.
  const before = tokens[i - 1];
  // A range is one number, its unit after the second ("30 to 40 kilometres", "2–3 days"); the
  // "of" after a scale word leads to what is counted ("1.5 billion of damage").
  const partOfNumber = (t: Token, j: number) =>
    t.pos === 'NUM' ||
    (/^(to|and|or|-|–)$/i.test(t.text) && !!tokens[i + j + 2] && isNumber(tokens[i + j + 2] as Token)) ||
    t.pos === 'ADJ' ||
    isScaleWord(t.text) ||
    (/^of$/i.test(t.text) && isScaleWord(tokens[i + j]?.text ?? ''));
  const after = tokens.slice(i + 1, i + 5).find((t, j) => !partOfNumber(t, j));
  const around = [before && signWords(before) ? before : undefined, after].filter((t): t is Token => !!t);
  const words = around.flatMap((t) => unitWords(t, tokens[tokens.indexOf(t) + 1]));
  const at = after ? tokens.indexOf(after) : -1;
  // "117 millimetres of rain", "200 kilograms of nitrogen": the unit measures what "of" leads to.
  if (at > 0 && /^of$/i.test(tokens[at + 1]?.text ?? '')) {
    const measured = tokens.slice(at + 2, at + 5).find((t) => t.pos === 'NOUN');
    if (measured) words.push(measured.lemma.toLowerCase());
  }
  // "160 km/h", "40 kilometres per hour": a unit per unit of time is a speed, any other a rate; so
  // is one "an" unit of time ("30 miles an hour", "5 kilometres a day").
  const link = tokens[at + 1]?.text.toLowerCase() ?? '';
  const per = at > 0 ? tokens[at + 2] : undefined;
  if (per && (/^(\/|per)$/.test(link) || (/^(an?|each|every)$/.test(link) && isTimeUnit(per.lemma.toLowerCase()))))
    words.push(
      'rate',
      ...(/^(h|hr|hour|s|sec|second|min|minute)$/i.test(per.text.replace(/s$/i, '')) ? ['speed'] : []),
    );
  // "How old", "How long": a stretch of time is counted in its units ("seventy years", "three weeks").
  if (words.some((w) => measures(measure, w) || (measuresTime(measure) && isTimeUnit(w)))) return true;
  // "19 feet 3 inches (5.87 m) tall": a number in units that the asked adjective follows, or one
  // of the same attribute ("4.2 metres wide" for "How broad": both say width). Not for a stretch
  // of time: "nineteen feet long" does not say how long a crossing took.
  const saysMeasure = (adjective: string) =>
    measure.includes(adjective) || attributeNouns(adjective).some((n) => measure.includes(n));
  return (
    after?.pos === 'NOUN' &&
    !measuresTime(measure) &&
    tokens.slice(at + 1, at + 8).some((t) => t.pos === 'ADJ' && saysMeasure(t.lemma.toLowerCase()))
  );
}
/**
 * "How old": a number that is someone's age, as English gives one: "seventy years old", "a
 * 14-year-old", "aged 18", "at the age of 95", "Young was only seventeen". "For thirty-six years
 * he had rowed" is how long, not how old.
 */
function saysAge(tokens: Token[], i: number): boolean {
  const word = (k: number) => tokens[k]?.text.toLowerCase() ?? '';
  // "seventy years old", "a 14-year-old" (read as "14 - year - old").
  const yearsOld = (k: number) => /^years?$/.test(word(k)) && (word(k + 1) === 'old' || word(k + 2) === 'old');
  if (yearsOld(i + 1) || (word(i + 1) === '-' && yearsOld(i + 2))) return true;
  if (word(i - 1) === 'aged' || (word(i - 1) === 'of' && word(i - 2) === 'age')) return true;
  let k = i - 1;
  while (/^(only|just|about|nearly|almost|barely)$/.test(word(k))) k--;
  // A bare number after "was": no unit follows ("was 19 kilometres away" is a distance).
  const unit = tokens[i + 1];
  return /^(was|is|were|are)$/.test(word(k)) && !(unit && /^(NOUN|PROPN|SYM)$/.test(unit.pos)) && word(i + 1) !== 'per';
}
const isTimeUnit = (word: string) => broaderWords(word, 2).some((w) => w === 'time' || w === 'period');

/** A name: capitalised mid-sentence, not a month or a place, and two capitalised words or no everyday word ("the Court"). */
function holdsName(tokens: Token[], fresh: (t: Token) => boolean): boolean {
  return tokens.some((t, i) => {
    if (!fresh(t) || !capitalised(t) || i === 0 || !/\p{L}{2}/u.test(t.text)) return false;
    if (MONTHS.test(t.text) || PLACES.has(t.text.toLowerCase())) return false;
    const next = tokens[i + 1];
    return !isKnownWord(t.text) || (!!next && capitalised(next) && fresh(next));
  });
}

/**
 * Whether the sentence holds a phrase of the type the question asks for, other than the
 * question's own words (`asked`, lower-cased lemmas and words).
 */
export function holdsType(type: AnswerType, tokens: Token[], text: string, asked: Set<string>): boolean {
  const fresh = (t: Token) => !asked.has(t.text.toLowerCase()) && !asked.has(t.lemma.toLowerCase());
  switch (type.kind) {
    case 'date':
      return tokens.some(
        (t, i) =>
          fresh(t) &&
          (isYear(t) ||
            MONTHS.test(t.text) ||
            (/^(century|centuries|decade|BC|BCE|AD|CE)$/i.test(t.text) &&
              !!tokens[i - 1] &&
              isNumber(tokens[i - 1] as Token))),
      );
    case 'clock':
      return CLOCK_TIME.test(text);
    case 'number':
      return tokens.some(
        (t, i) =>
          fresh(t) && isNumber(t) && (!isYear(t) || measuresTime(type.measure)) && counts(tokens, i, type.measure),
      );
    case 'person':
      return (
        holdsName(tokens, fresh) ||
        tokens.some((t) => t.pos === 'NOUN' && fresh(t) && isPersonNoun(t.lemma.toLowerCase()))
      );
    case 'individual':
      return holdsName(tokens, fresh);
    case 'place':
      return tokens.some(
        (t, i) =>
          fresh(t) &&
          ((capitalised(t) && i > 0 && /\p{L}{2}/u.test(t.text)) ||
            PLACES.has(t.text.toLowerCase()) ||
            PLACE_WORDS.has(t.lemma.toLowerCase())),
      );
    case 'reason':
      return REASON.test(text);
    case 'name':
      return NAMING.test(text) || tokens.some((t, i) => fresh(t) && capitalised(t) && i > 0);
    case 'manner':
      return MANNER.test(text);
    case 'instance':
      // A word that falls under the head ("raspberries" for "fruit"), or the head with a word the question lacks ("dynamic ropes").
      return tokens.some((t, i) => {
        if (t.pos !== 'NOUN' && t.pos !== 'PROPN') return false;
        const lemma = t.lemma.toLowerCase();
        if (lemma === type.head) {
          const before = tokens[i - 1];
          return !!before && (before.pos === 'ADJ' || before.pos === 'NOUN' || before.pos === 'PROPN') && fresh(before);
        }
        return fresh(t) && broaderWords(lemma).includes(type.head);
      });
    default:
      return true;
  }
}
