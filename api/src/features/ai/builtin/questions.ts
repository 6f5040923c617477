import { declaredAliases, isAcronym, normal, once, related } from '../../../lib/nlp/aliases';
import { contentText, titleOf } from '../../../lib/nlp/content';
import { isGenericPhrase } from '../../../lib/nlp/frequency';
import { LEGAL_FORM, MONTHS, TITLES, WEEKDAYS } from '../../../lib/nlp/gazetteer';
import { isScaleWord } from '../../../lib/nlp/quantities';
import { analyse, bracketDepth, lemmasOf, type Sentence, sameRoot, spanText, type Token } from '../../../lib/nlp/wink';
import { hasVector, similarity } from '../../../lib/nlp/word-vectors';
import { placeSort } from '../../../lib/nlp/wordnet';
import type { DraftQuestion } from '../provider';
import { type Candidate, candidatesOf, NAME_KINDS, nameContext } from './candidates';
import { definesTerm } from './defined-terms';
import { distractorsFor } from './distractors';
import { mainPerson, namingPronoun } from './pronouns';
import { seeded } from './seeded';
import { escapeRegExp, STATEMENT_PROMPT, statementsOf, withCapital } from './statements';
import { connectiveComma, whQuestion } from './wh';

export const BLANK = '_____';

// Sentences opening on a pronoun lean on the one before; as a lone question they are vague.
const VAGUE_START = /^(it|this|that|these|those|they|he|she|its|their|his|her|such|there)\b/i;
const OPEN = /^[("“‘'[$£€]$/;
const CLOSE = /^[,.;:!?)"”’'\]]$|^['’]s$/;
/** What ends a name after its comma: a firm's legal form ("Wells Fargo, N.A.") or a generation ("Jr."). */
const abbreviationTail = (word: string) => LEGAL_FORM.test(word) || /^(Jr|Sr)\.?$/.test(word);

/** Words that recur in the passage are its key terms; sentences rich in them make good questions. */
function keyTermWeights(sentences: Sentence[]): Map<string, number> {
  const freq = new Map<string, number>();
  for (const s of sentences) {
    for (const t of s.tokens) {
      // A day of the week said again and again tells when things happened, not what the passage is about.
      if ((t.pos === 'NOUN' || t.pos === 'PROPN') && !t.stop && t.text.length > 2 && !WEEKDAYS.test(t.text)) {
        const w = t.lemma.toLowerCase();
        freq.set(w, (freq.get(w) ?? 0) + 1);
      }
    }
  }
  return freq;
}

function sentenceScore(s: Sentence, weights: Map<string, number>): number {
  const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length < 6 || words.length > 45) return -1;
  let score = 0;
  for (const t of words) score += Math.log1p(weights.get(t.lemma.toLowerCase()) ?? 0);
  score /= Math.sqrt(words.length);
  if (s.entities.length) score += 0.5;
  if (VAGUE_START.test(s.text)) score -= 1;
  if (s.text.endsWith('?') || s.text.endsWith(':')) score -= 2;
  return score;
}

/** Facts (numbers, names) and defined terms first, then the key-term noun phrases. */
function candidateScore(c: Candidate, weights: Map<string, number>): number {
  // "on Tuesday" alone is a detail of the telling: the date, not the day of the week, is the fact.
  const base = definesTerm(c)
    ? 3
    : WEEKDAYS.test(c.text)
      ? 0.5
      : /^(num:|year|decade|date)/.test(c.kind)
        ? 3
        : ['person', 'place', 'org', 'event', 'work'].includes(c.kind)
          ? 3
          : c.kind === 'name' || c.kind === 'acronym'
            ? 1.5
            : 1;
  const head = c.text.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return base + Math.log1p(weights.get(head) ?? 0);
}

/**
 * A news report's dateline ("BRAMLEY, 9 September 2025 — …") says where and when it was filed:
 * about the report, not in it, so nothing in it is asked or offered as a choice.
 */
export function inDateline(c: Candidate): boolean {
  const dash = datelineDash(c.sentence);
  return dash > 0 && c.start < dash;
}

/** Where a news report's dateline ends, at its dash ("PORT ELLIS, 2 June 2025 - A retired…"), or -1. */
function datelineDash(s: Sentence): number {
  const first = s.tokens[0]?.text ?? '';
  if (s.index !== 0 || first.length < 3 || first !== first.toUpperCase() || !/\p{Lu}/u.test(first)) return -1;
  // "PLACE, date —": a comma after the place, and a dash with space on both sides (a spaced
  // hyphen typed for it too; "LK-99 (from the Lee-Kim 1999 research)" has none).
  const dash = s.tokens.findIndex(
    (t, k) => k <= 10 && /^[—–-]$/.test(t.text) && t.space !== '' && (s.tokens[k + 1]?.space ?? '') !== '',
  );
  return dash > 0 && s.tokens.slice(0, dash).some((t) => t.text === ',') ? dash : -1;
}
/**
 * "(born 6 August 1962; simplified Chinese: …)": an aside in brackets is no place for a blank,
 * unless the answer is all the brackets hold ("Mary Anning (1799–1847)").
 */
function inBrackets(c: Candidate): boolean {
  const { tokens } = c.sentence;
  if (tokens[c.start - 1]?.text === '(' && tokens[c.end + 1]?.text === ')') return false;
  return bracketDepth(tokens.slice(0, c.start).map((t) => t.text)) > 0;
}

/**
 * "the _____ (UVA)", "Personal Protective Equipment (_____)": a name and its short form side by
 * side give each other away, so neither is blanked beside the other.
 */
/** "under clause 4.2", "see section 3": a number that points to a part of the text is no fact in it. */
const REFERENCE =
  /^(clauses?|sections?|articles?|paragraphs?|rules?|schedules?|parts?|chapters?|pages?|items?|regulations?|subsections?|figures?|tables?)$/i;
const referenceNumber = (c: Candidate) =>
  /^(num:|year)/.test(c.kind) && REFERENCE.test(c.sentence.tokens[c.start - 1]?.text ?? '');

/** "five (5) years", "two (2) years": a number in words and again in figures; asked either way, the other gives it. */
function restatedNumber(c: Candidate): boolean {
  const { tokens } = c.sentence;
  const figuresAfterWords =
    tokens[c.start - 1]?.text === '(' && tokens[c.end + 1]?.text === ')' && tokens[c.start - 2]?.pos === 'NUM';
  const wordsBeforeFigures =
    tokens[c.end + 1]?.text === '(' && tokens[c.end + 2]?.pos === 'NUM' && tokens[c.end + 3]?.text === ')';
  return c.kind.startsWith('num:') && (figuresAfterWords || wordsBeforeFigures);
}

const FORMULA = /^(?=.*\d)(?:[A-Z][a-z]?\d*)+$/;
function namedAgainAfter(c: Candidate, aliases: Map<string, Set<string>>): boolean {
  const { tokens } = c.sentence;
  const short = (text: string) => isAcronym(text.replace(/s$/, ''));
  if (tokens[c.end + 1]?.text === '(' && tokens[c.end + 3]?.text === ')') {
    const inside = tokens[c.end + 2]?.text ?? '';
    // "ammonia (NH3)": a chemical formula is the answer written in symbols.
    if (short(inside) || FORMULA.test(inside) || related(c.text, inside, aliases)) return true;
  }
  // "spring-loaded camming devices (_____)": the words before the bracket spell it.
  const named = tokens[c.start - 2];
  return (
    tokens[c.start - 1]?.text === '(' &&
    tokens[c.end + 1]?.text === ')' &&
    short(c.text) &&
    !!named &&
    /^\p{L}/u.test(named.text)
  );
}

/**
 * "two _____ and two low tides", "he crossed seven times, and by the last _____": the rest of the
 * sentence says the answer's head word (or a word of its root), so the blank gives itself away.
 */
function headSaidAgain(c: Candidate): boolean {
  if (!c.kind.startsWith('np:')) return false;
  const { tokens } = c.sentence;
  const lemma = (t: Token) => (t.lemma || t.text).toLowerCase();
  const head = lemma(tokens[c.end] as Token);
  const rooted = (w: string) => w === head || sameRoot(w, head);
  return tokens.some((t, i) => (i < c.start || i > c.end) && !t.stop && /^\p{L}+$/u.test(t.text) && rooted(lemma(t)));
}

/**
 * A blank must never cut a name, number or date in half: the span may not be glued to the
 * words around it ("Half-_____", "_____-Lee"), a name may not continue on either side
 * ("Prime Minister _____", "_____, N.A."), and a number may not lose its scale ("_____ billion").
 */
export function splitsSomething(c: Candidate): boolean {
  const { tokens } = c.sentence;
  const before = tokens[c.start - 1];
  const first = tokens[c.start] as Token;
  const after = tokens[c.end + 1];
  if (before && first.space === '' && !OPEN.test(before.text)) return true;
  if (after && after.space === '' && !CLOSE.test(after.text)) return true;
  // "28 days' written notice": a plural's apostrophe, no quote opened before it, makes a possessive the blank would cut.
  if (
    /^['’]$/.test(after?.text ?? '') &&
    after?.space === '' &&
    /s$/i.test(tokens[c.end]?.text ?? '') &&
    /^[\p{L}\p{N}]/u.test(tokens[c.end + 2]?.text ?? '') &&
    !tokens.slice(0, c.start).some((t) => /^['‘]$/.test(t.text))
  )
    return true;
  // "V1.0": a full stop glued to what follows is part of a number or name.
  if (after?.text === '.' && tokens[c.end + 2] && tokens[c.end + 2]?.space === '') return true;
  // "(lit. 'New League')": a full stop inside the sentence ends an abbreviation, not the phrase.
  if (after?.text === '.' && c.end + 1 < tokens.length - 1) return true;
  const isName = !c.kind.startsWith('np:') && !/^(num:|year|decade|date)/.test(c.kind);
  // "the most abundant protein": an adverb before the adjective is part of the phrase.
  if (before?.pos === 'ADV' && first.pos === 'ADJ' && c.kind.startsWith('np:')) return true;
  if (isName || c.kind.startsWith('np:')) {
    const capital = (t: Token | undefined) => !!t && /^\p{Lu}/u.test(t.text);
    const title = TITLES.has(before?.text.toLowerCase() ?? '');
    if ((before?.pos === 'PROPN' && !title) || after?.pos === 'PROPN') return true;
    // A capital right after the span continues it ("type I", "Kenya African"), or before it in mid-sentence.
    if (capital(after) || (isName && c.start > 1 && capital(before) && !title)) return true;
    if (after?.text === ',' && abbreviationTail(tokens[c.end + 2]?.text ?? '')) return true;
    // "the Milford Residents' Association": a plural's apostrophe goes on to the rest of the name.
    if (/^['’]$/.test(after?.text ?? '') && capital(tokens[c.end + 2])) return true;
    if (before?.text === 'of' && tokens[c.start - 2]?.pos === 'PROPN' && isName) return true;
    // "serial number 41474", "Route 77": a phrase that labels the number after it goes with that number.
    if (c.kind.startsWith('np:') && after?.pos === 'NUM' && after.space !== '') return true;
  }
  if (/^(num:|year|decade|date)/.test(c.kind)) {
    if (after && (isScaleWord(after.text) || /^percent$/i.test(after.text) || after.pos === 'NUM')) return true;
    // "A December 1978 Vietnamese invasion": a date before a capital reads as part of a name there.
    if (!/^\d/.test(c.text) && /^\p{Lu}/u.test(after?.text ?? '')) return true;
    // "per cent" is the number's scale; "£950 per calendar month" is a rate, its number whole.
    if (after?.text.toLowerCase() === 'per' && /^cent$/i.test(tokens[c.end + 2]?.text ?? '')) return true;
    if (before && before.pos === 'NUM') return true;
    // "from about 20 April": a day is part of its date ("35 April" was offered).
    if (/^\d{1,2}$/.test(c.text) && /^\p{Lu}/u.test(after?.text ?? '') && MONTHS.test(after?.text ?? '')) return true;
    // "the Rebuilding Act of 1667", "the Treaty of 1763": a year after a name's "of" is part of the name.
    if (before?.text === 'of' && c.start > 2 && /^\p{Lu}/u.test(tokens[c.start - 2]?.text ?? '')) return true;
    // "RFC 2068", "Netscape 2.0": a number after a name is part of the name.
    if (before && before.pos === 'PROPN' && /^\p{Lu}/u.test(before.text) && c.start > 0) return true;
  }
  return false;
}

/**
 * "…a screenplay by _____ and Steve Kloves, based on a screenplay by Rowling": the question shows
 * the answer's surname, which gives the person away.
 */
function surnameShown(c: Candidate, shown: string): boolean {
  const words = c.text.split(/\s+/);
  const surname = words.at(-1) ?? '';
  return (
    c.kind === 'person' &&
    words.length >= 2 &&
    surname.length > 2 &&
    new RegExp(`(?<!\\p{L})${escapeRegExp(surname)}(?!\\p{L})`, 'u').test(shown)
  );
}

/** An encyclopedia's machine-readable copy of a date after it: "13 November 2022 (2022-11-13)". */
const MACHINE_DATE = /\s*\(\d{4}-\d{2}-\d{2}\)/g;
const holdsMachineDate = (text: string) => /\(\d{4}-\d{2}-\d{2}\)/.test(text);
const isMachineDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * The sentence with the answer blanked, as a question shows it: without its dateline ("ELMSTEAD,
 * 22 April 2025 —" is where the report was filed), a word that joins it to the sentence before
 * ("Moreover, _____ landslides occurred") or an encyclopedia's machine copy of a date ("13 November
 * 2022 (2022-11-13)"). A statement keeps the sentence as the passage writes it (`verbatim`).
 */
function cloze(c: Candidate, { verbatim = false } = {}): string {
  const { tokens } = c.sentence;
  const joined = verbatim ? -1 : connectiveComma(tokens);
  const opensAfterLink = joined >= 0 && joined < c.start;
  const from = opensAfterLink ? joined + 1 : datelineDash(c.sentence) + 1;
  const said = c.start > from ? `${spanText(tokens, from, c.start - 1)}${tokens[c.start]?.space ?? ''}` : '';
  const before = opensAfterLink ? withCapital(said.trimStart()) : said;
  const after =
    c.end + 1 < tokens.length ? spanText(tokens, c.end, tokens.length - 1).slice(tokens[c.end]?.text.length) : '';
  const line = `${before}${BLANK}${after}`;
  const undated = verbatim ? line : line.replace(MACHINE_DATE, '');
  // '"That's your school. Built in 1887, the same year as the lighthouse."': a sentence of speech
  // shown alone keeps no quotation mark left without its pair.
  const unpaired = (undated.match(/["“”]/g) ?? []).length % 2 === 1;
  const shown = unpaired && !verbatim ? undated.replace(/^["“]\s*|\s*["”]$/g, '') : undated;
  // One line, single spaces: wrapped or OCR'd text reads as a sentence, not as its line breaks.
  return shown.replace(/\s+/g, ' ').trim();
}

/**
 * The article a phrase takes, read from how it sounds where its spelling tells: "an 8", "a 30
 * percent", "an ocean", "a European"; undefined where spelling leaves it open ("u", "h", "1…", an acronym).
 */
function articleOf(phrase: string): 'a' | 'an' | undefined {
  const w = phrase.trim();
  if (/^\p{Lu}{2}/u.test(w)) return undefined;
  if (/^(8|1[18](?!\d))/.test(w)) return 'an';
  if (/^([2-79]|1(?![18]))/.test(w)) return 'a';
  if (/^(one|once|eu|ew)/i.test(w)) return 'a';
  if (/^[aeio]/i.test(w)) return 'an';
  if (/^h(our|onest|onou?r|eir)/i.test(w)) return 'an';
  if (/^[bcdfgjklmnpqrstvwxyz]/i.test(w)) return 'a';
  return undefined;
}

/**
 * The cloze as asked: "the licence of an _____" would tell the answer opens with a vowel, so the
 * article is the one all four choices take ("a 30 percent water change"), else "a(n) _____".
 */
function asBlank(c: Candidate, choices: string[]): string {
  const articles = new Set(choices.map(articleOf));
  const shared = articles.size === 1 ? [...articles][0] : undefined;
  return cloze(c).replace(new RegExp(`(^|\\s)([Aa])n? ${BLANK}`), (_, space: string, a: string) => {
    const article = shared ?? 'a(n)';
    return `${space}${a === 'A' ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${BLANK}`;
  });
}

/** A sentence read as a choice on its own: short, and not leaning on the one before ("It was…"). */
const STATEMENT_WORDS = 28;
const standsAlone = (s: Sentence) =>
  !VAGUE_START.test(s.text) &&
  // "Instead, …", "However, …": it answers the sentence before.
  !(s.tokens[0]?.pos === 'ADV' && s.tokens[1]?.text === ',') &&
  !/[?:]$/.test(s.text) &&
  s.tokens.filter((t) => t.pos !== 'PUNCT').length <= STATEMENT_WORDS;

type Made = { index: number; prompt: string; answer: string; wrong: string[]; sentence: string };

/** Places the correct answers evenly over the four positions, in a seeded order, and fills the rest. */
function arrange(made: Made[], seedText: string): DraftQuestion[] {
  const rand = seeded(seedText);
  const order = [0, 1, 2, 3];
  for (let i = 3; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return made.map((m, k) => {
    const wrong = [...m.wrong];
    for (let i = wrong.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [wrong[i], wrong[j]] = [wrong[j] as string, wrong[i] as string];
    }
    const correctIndex = order[k % 4] as number;
    const choices = [...wrong];
    choices.splice(correctIndex, 0, m.answer);
    return { prompt: m.prompt, choices, correctIndex, supportingSentence: m.sentence };
  });
}

/**
 * "a tin of brass polish", "a number of workers": one noun after "a" that "of" follows measures or
 * holds what comes after it; asked alone, it gives "a coastguard of brass polish".
 */
const measureOf = (c: Candidate) =>
  c.kind.startsWith('np:') &&
  c.start === c.end &&
  /^an?$/i.test(c.sentence.tokens[c.start - 1]?.text ?? '') &&
  c.sentence.tokens[c.end + 1]?.text.toLowerCase() === 'of';

/**
 * "This refined _____ is known as the induced-fit model": a phrase after "this" or "these" points
 * back to the sentence before, which the question does not show; the word is no answer.
 */
function pointsBack(c: Candidate): boolean {
  const { tokens } = c.sentence;
  let k = c.start - 1;
  // "this refined version": adjectives and participles between.
  while (tokens[k]?.pos === 'ADJ' || (tokens[k]?.pos === 'VERB' && /ed$/i.test(tokens[k]?.text ?? ''))) k--;
  return /^(this|these|that|those)$/i.test(tokens[k]?.text ?? '');
}

/**
 * Importance: a phrase of everyday words ("variety", "actual use") is filler, not a key term.
 * Read as written too: "data" is an everyday word, though its lemma "datum" is not.
 */
const isFiller = (c: Candidate) => {
  if (!c.kind.startsWith('np:')) return false;
  const words = c.sentence.tokens.slice(c.start, c.end + 1);
  return (
    isGenericPhrase(words.map((t) => t.lemma || t.text)) || isGenericPhrase(words.map((t) => t.text.toLowerCase()))
  );
};

/** A share's value ("58 percent", "15%"); undefined for any other phrase. */
const shareIn = (text: string) => {
  const m = /^(\d+(?:\.\d+)?)\s*(%|per ?cent)$/i.exec(text.trim());
  return m ? Number(m[1]) : undefined;
};
const PERCENT_AFTER = /^(%|percent)$/i;
/**
 * "Nordavia will own 58 percent and Baltic Wings the remaining 42 percent": a share whose
 * complement to a hundred the sentence states, or another question of the test asks, is
 * answered by subtraction, not by the passage.
 */
function complementSaid(c: Candidate, answers: string[]): boolean {
  const share = shareIn(c.text);
  if (share === undefined) return false;
  const { tokens } = c.sentence;
  const others = tokens.flatMap((t, i) => {
    if (i >= c.start && i <= c.end) return [];
    const unit = tokens[i + 1]?.text ?? '';
    const perCent = unit.toLowerCase() === 'per' && /^cent$/i.test(tokens[i + 2]?.text ?? '');
    return /^\d+(\.\d+)?$/.test(t.text) && (PERCENT_AFTER.test(unit) || perCent) ? [Number(t.text)] : [];
  });
  const asked = answers.map(shareIn).filter((v): v is number => v !== undefined);
  return [...others, ...asked].some((v) => Math.abs(v + share - 100) < 1e-9);
}

/**
 * "Everett, Washington", "Maplewood, Minnesota", "in Barcelona in Spain": a place after a comma or
 * "in" right after a name of another sort of place (a town before its state or country) says only
 * where that one lies, a detail of the address, not a fact the passage teaches (and "Washington"
 * there is no capital). A list ("Spain, France and Italy") names places of one sort.
 */
function placesAPlace(c: Candidate, inSentence: Candidate[]): boolean {
  const { tokens } = c.sentence;
  if (c.kind !== 'place' || !/^(,|in)$/.test(tokens[c.start - 1]?.text ?? '')) return false;
  if (tokens[c.start - 2]?.pos !== 'PROPN') return false;
  const before = inSentence.find((p) => p.end === c.start - 2);
  if (!before || before.kind === 'person') return false;
  return placeSort(before.text) !== placeSort(c.text);
}

/** How much less important than its sentence's key noun phrase another may be and still be asked first (candidateScore). */
const WEAKER_BY = 1;

/**
 * The name a passage is about ("Japan" in a profile of Japan, "Battersbee" in a report of his case):
 * the name it says most, far more than anything else. A question about the passage that asks it
 * answers itself ("Which country enjoyed a sharp uptick…?": Japan).
 */
function subjectOf(pool: Candidate[]): string | undefined {
  const said = new Map<string, number>();
  for (const c of pool) {
    const name = normal(c.text);
    said.set(name, (said.get(name) ?? 0) + 1);
  }
  const [first, second] = [...said].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < SUBJECT_SAID || first[1] < SUBJECT_LEAD * (second?.[1] ?? 0)) return undefined;
  return pool.some((c) => normal(c.text) === first[0] && NAME_KINDS.has(c.kind)) ? first[0] : undefined;
}
/**
 * "Tardigrade" over an article on tardigrades, "Ignaz Semmelweis: The Doctor Who…" over his life:
 * what the title names is what the whole passage is about, and a test that asks it answers itself.
 * A name is named by its last word ("Ignaz Philipp Semmelweis"); any other phrase only whole, as
 * a title's capitals say nothing ("Trade and Towns in Medieval Europe" asks "medieval trade").
 */
/** `words`: the title's words, normalised, plurals folded, with a space either side. */
function namedByTitle(c: Candidate, words: string): boolean {
  if (!words) return false;
  // "Tardigrades" under "Tardigrade": one thing, once or more.
  const phrase = once(normal(c.text));
  const last = phrase.split(' ').at(-1) ?? '';
  return words.includes(` ${phrase} `) || (NAME_KINDS.has(c.kind) && !!last && words.includes(` ${last} `));
}
/** A subject is said at least this often, and this many times as often as the next phrase. */
const SUBJECT_SAID = 5;
const SUBJECT_LEAD = 1.5;

/**
 * What both tests and cards read from a passage: its sentences ranked, and the phrases that may be
 * asked. A test is taken on the passage, whose subject it knows, so it does not ask for it
 * (`asksSubject` false); a card is studied on its own, where the subject is no give-away.
 */
export function readPassage(passage: string, { asksSubject }: { asksSubject: boolean }) {
  const sentences = analyse(passage);
  const content = contentText(passage);
  // Compared with whitespace folded: a line break inside an answer (wrapped text) is still a quote.
  const flat = content.replace(/\s+/g, ' ');
  const aliases = declaredAliases(flat);
  const weights = keyTermWeights(sentences);
  const names = nameContext(sentences);
  // Only whole phrases: a distractor never cuts a name or a number either.
  const pool = sentences.flatMap((s) => candidatesOf(s, names)).filter((c) => !splitsSomething(c) && !inDateline(c));
  const subject = asksSubject ? undefined : subjectOf(pool);
  // The title's words, folded once: every phrase of every sentence is held to them.
  const title = asksSubject ? '' : titleOf(passage);
  const titleWords = title && ` ${once(normal(title))} `;
  const person = mainPerson(pool, content);
  // "Who was born on 2 March 1884 in Kallbo?" over a life of Tomas Aurell answers itself: the person
  // a passage is about is never the answer, by the full name or a part of it.
  const mainWords = new Set(person ? person.name.split(/\s+/) : []);
  const isMainPerson = (c: Candidate) => c.kind === 'person' && c.text.split(/\s+/).every((w) => mainWords.has(w));
  const defining = new Set(pool.filter(definesTerm).map((c) => c.sentence));
  // Sentences that give a real question (not a blank) come first among equals.
  const inSentence = new Map<Sentence, Candidate[]>();
  for (const c of pool) inSentence.set(c.sentence, [...(inSentence.get(c.sentence) ?? []), c]);
  // Each phrase's wh-question, made once: the test's passes and the cards ask for it again and again.
  const whs = new Map<Candidate, string | null>();
  const whOf = (c: Candidate) => {
    if (!whs.has(c)) {
      const wh = whQuestion(c, names, { also: asksSubject });
      whs.set(c, wh && namingPronoun(wh, c, person, inSentence.get(c.sentence) ?? []));
    }
    return whs.get(c) ?? null;
  };
  const askable = new Set(pool.filter((c) => normal(c.text) !== subject && whOf(c)).map((c) => c.sentence));
  const scored = sentences
    .map((s) => ({ s, score: sentenceScore(s, weights) + (askable.has(s) ? 1.5 : 0) + (defining.has(s) ? 1 : 0) }))
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index);
  const ranked = scored.filter((x) => x.score >= 0);
  // Sentences that lean on the one before ("Her findings contributed to…"): a test takes them last.
  const leaning = scored.filter((x) => x.score < 0);
  const importance = (c: Candidate) => candidateScore(c, weights);
  // Quoted as written, or with the capital only its sentence's start gave it ("Database normalization").
  const asQuoted = (c: Candidate) => (c.start === 0 && !flat.includes(c.text) ? withCapital(c.text) : c.text);
  const quoted = (c: Candidate) => flat.includes(asQuoted(c));
  // What a sentence is about: its most important noun phrase, whether or not a question can be made on it.
  // Numbers, dates and names are facts, each worth asking on its own: only noun phrases are held to it.
  const keyImportance = new Map<Sentence, number>();
  for (const c of pool)
    if (c.kind.startsWith('np:') && quoted(c) && !isFiller(c))
      keyImportance.set(c.sentence, Math.max(keyImportance.get(c.sentence) ?? 0, importance(c)));
  /** The sentence's phrases that may be asked, best first, each with its wh-question when it has one. */
  const optionsIn = (s: Sentence, answers: string[]) => {
    const here = inSentence.get(s) ?? [];
    return here
      .map((c) => ({ c, wh: whOf(c) }))
      .sort((a, b) => candidateScore(b.c, weights) + (b.wh ? 3 : 0) - candidateScore(a.c, weights) - (a.wh ? 3 : 0))
      .filter(
        ({ c, wh }) =>
          // The answer must be quoted from the passage, asked once, and whole.
          quoted(c) &&
          !answers.some((a) => related(a, c.text, aliases)) &&
          normal(c.text) !== subject &&
          !isMainPerson(c) &&
          !namedByTitle(c, titleWords) &&
          !isFiller(c) &&
          !(wh ?? cloze(c)).toLowerCase().includes(c.text.toLowerCase()) &&
          !surnameShown(c, wh ?? cloze(c)) &&
          !(!wh && headSaidAgain(c)) &&
          !measureOf(c) &&
          !pointsBack(c) &&
          !restatedNumber(c) &&
          !referenceNumber(c) &&
          !complementSaid(c, answers) &&
          !inBrackets(c) &&
          !isMachineDate(c.text) &&
          !namedAgainAfter(c, aliases) &&
          !placesAPlace(c, here),
      );
  };
  return { flat, aliases, pool, askable, ranked, leaning, optionsIn, importance, keyImportance, asQuoted };
}

/** The words a sentence says something with: its lemmas that are not stop words or punctuation. */
const saying = (s: Sentence) =>
  new Set(s.tokens.filter((t) => !t.stop && /[\p{L}\p{N}]/u.test(t.text)).map((t) => t.lemma.toLowerCase()));
/**
 * "In 1983, President Ronald Reagan awarded him the Medal" and, further on, "… awarded Malone the
 * Medal": an encyclopedia's lead tells again what its body says. Two questions on one fact are one.
 */
function tellsAgain(a: Sentence, b: Sentence): boolean {
  const x = saying(a);
  const y = saying(b);
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= 4 && shared >= 0.75 * Math.min(x.size, y.size);
}

/** Whether a question's text holds a phrase, as words (a number as a whole number: "1943" is not in "19430"). */
const shows = (text: string, phrase: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(phrase)}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
/** A phrase that names one fact: a figure with its words ("20 May 1943", "£61 million") or a name of two words or more. */
const namesOneFact = (phrase: string) =>
  (/\d/.test(phrase) && /\p{L}{2}/u.test(phrase)) || /^\p{Lu}\S*(\s+\S+)+$/u.test(phrase);

/** Below this mean cosine between the answer's head and its choices', the choices share no context with it. */
const FAR_CHOICES = 0.25;
/**
 * "his king's _____": "promotion", "kind" and "point" beside "pawn"; "a retired ship" beside "a
 * dressing gown": a noun phrase's choices whose heads the word vectors place far from the answer's.
 */
function farFromAnswer(c: Candidate, wrong: string[]): boolean {
  if (!c.kind.startsWith('np:')) return false;
  const head = (c.sentence.tokens[c.end]?.lemma || c.text).toLowerCase();
  if (!hasVector(head)) return false;
  const sims = wrong
    .map((w) => lemmasOf(w).at(-1)?.lemma.toLowerCase() ?? '')
    .filter(hasVector)
    .map((w) => similarity(head, w));
  return sims.length >= 2 && sims.reduce((a, b) => a + b, 0) / sims.length < FAR_CHOICES;
}

/**
 * Multiple-choice questions from a passage's content, at most one per sentence, no correct
 * answer twice in one test. Each asks a wh-question built from the sentence's parse when the
 * sentence has that shape, else blanks the answer out of it. The correct answer is quoted
 * verbatim from the passage; three wrong choices are of its kind.
 */
export function builtinQuestions(passage: string, count: number): DraftQuestion[] {
  const read = readPassage(passage, { asksSubject: false });
  const { flat, aliases, pool, askable, ranked, leaning, optionsIn, importance, keyImportance, asQuoted } = read;
  const made: Made[] = [];
  const answers: string[] = [];
  const used = new Set<Sentence>();
  const perBlock = new Map<number, number>();
  /**
   * The sentence's best question that passes every rule, or none: a wh-question only (`real`),
   * the sentence against itself with its key phrase swapped (`statement`), or either, else a blank.
   * Not `weaker`: a noun phrase only when it is nearly as important as the sentence's key noun phrase.
   */
  const ask = (
    s: Sentence,
    form: 'real' | 'statement' | 'any',
    { otherClasses = false, fine = false, weaker = true, plausible = false } = {},
  ): boolean => {
    if ([...used].some((u) => tellsAgain(s, u))) return false;
    for (const { c, wh } of optionsIn(s, answers)) {
      if (form === 'real' && !wh) continue;
      if (!weaker && c.kind.startsWith('np:') && importance(c) < (keyImportance.get(s) ?? 0) - WEAKER_BY) continue;
      const asked = form === 'statement' ? undefined : (wh ?? undefined);
      // One question may not show another's answer: "Who found the skeleton on 20 May 1943?" beside
      // "The skeleton was found on _____" gives it away, whichever comes first. Only what names one
      // fact ("20 May 1943", "Carl Wilhelmsson", "£61 million"); a year or a word recurs in its own right.
      const shown = form === 'statement' ? s.text : (wh ?? cloze(c));
      if (
        made.some(
          (m) =>
            (namesOneFact(m.answer) && shows(shown, m.answer)) ||
            (namesOneFact(c.text) && shows(m.prompt === STATEMENT_PROMPT ? m.sentence : m.prompt, c.text)),
        )
      )
        continue;
      const wrong = distractorsFor(c, pool, aliases, { otherClasses, fine, asked });
      if (!wrong || (plausible && farFromAnswer(c, wrong))) continue;
      if (form === 'statement') {
        // Shown whole, a sentence's machine copy of a date ("(2022-11-13)") would contradict a swapped date.
        if (holdsMachineDate(s.text)) continue;
        const statements = statementsOf(cloze(c, { verbatim: true }), BLANK, c.text, wrong);
        // The sentence is shown whole: it may not give away another question's answer, nor later ones.
        if (answers.some((a) => related(a, statements.answer, aliases))) continue;
        answers.push(statements.answer);
        made.push({ index: s.index, prompt: STATEMENT_PROMPT, ...statements, sentence: s.text });
      } else {
        // A blank that opens its sentence ("_____ is the process…") takes choices with a capital, the
        // answer among them; so does a question whose answer the passage writes only there, or the
        // answer alone would stand out by its capital. Otherwise each is written as inside a sentence.
        const quotedAnswer = wh ? asQuoted(c) : c.text;
        const opening =
          c.start === 0 && /^\p{Lu}/u.test(s.tokens[0]?.text ?? '') && (!wh || /^\p{Lu}/u.test(quotedAnswer));
        const answer = opening ? withCapital(quotedAnswer) : quotedAnswer;
        const choices = opening ? wrong.map(withCapital) : wrong;
        made.push({
          index: s.index,
          prompt: wh ?? asBlank(c, [answer, ...choices]),
          answer,
          wrong: choices,
          sentence: s.text,
        });
      }
      answers.push(c.text);
      perBlock.set(s.block, (perBlock.get(s.block) ?? 0) + 1);
      used.add(s);
      return true;
    }
    return false;
  };
  // A third of the test are real questions when the passage gives them; the rest as ranked.
  // Coverage: at most two questions from one paragraph, so a test spans the passage; only
  // when the other paragraphs give too few does a second pass take more from one.
  // Each stage first takes sentences whose choices are all of the answer's own sort ("oranges"
  // beside "beans", not "shoulders"), then those whose choices are only of its class.
  // A sentence is asked on its key noun phrase or one nearly as important: when neither can be
  // asked (no choices of its kind, or the blank would give itself away), other sentences are asked
  // first, and its weaker noun phrases ("a small region") only when the test is still short.
  const realWanted = Math.ceil(count / 3);
  for (const cap of [2, Number.POSITIVE_INFINITY])
    for (const weaker of [false, true])
      for (const fine of [true, false])
        for (const { s } of ranked) {
          if (made.length >= realWanted) break;
          if (!used.has(s) && (perBlock.get(s.block) ?? 0) < cap && askable.has(s)) ask(s, 'real', { fine, weaker });
        }
  // Too few sentences of a wh-question's shape: a short, self-contained sentence asked as a statement.
  // A wrong statement swaps in a phrase of the answer's own sort first: "to grind shore" is plainly false.
  for (const fine of [true, false])
    for (const { s } of ranked) {
      if (made.length >= realWanted) break;
      if (!used.has(s) && (perBlock.get(s.block) ?? 0) < 2 && standsAlone(s))
        ask(s, 'statement', { fine, weaker: false });
    }
  // Two from a paragraph while another paragraph gives a question whose choices are of the
  // answer's kind, even from a sentence that says "her" (within a test about the passage, it is
  // understood); a third from one before choices of another class.
  const fill = (
    cap: number,
    options: { otherClasses?: boolean; fine?: boolean; weaker?: boolean; plausible?: boolean },
    from = ranked,
  ) => {
    for (const { s } of from) {
      if (made.length >= count) return;
      if (!used.has(s) && (perBlock.get(s.block) ?? 0) < cap) ask(s, 'any', options);
    }
  };
  const plainly = (cap: number, plausible: boolean) => {
    for (const weaker of [false, true]) for (const fine of [true, false]) fill(cap, { fine, weaker, plausible });
  };
  // Choices that share no context with the answer ("a dressing gown" beside "a retired ship") wait
  // until the passage's other sentences have been asked.
  for (const plausible of [true, false]) {
    plainly(2, plausible);
    fill(2, { plausible }, leaning);
  }
  for (const plausible of [true, false]) plainly(Number.POSITIVE_INFINITY, plausible);
  // Still short: a phrase of another class may stand among the choices ("damaged buildings"
  // beside "officials"), which a teacher may edit, rather than a test with a question missing.
  for (const cap of [2, Number.POSITIVE_INFINITY]) fill(cap, { otherClasses: true });
  // In reading order, so the test follows the passage.
  made.sort((a, b) => a.index - b.index);
  return arrange(made, flat.slice(0, 2000));
}

/**
 * The passage's wh-questions with their answers, best sentence first, one per sentence. A card
 * needs no wrong choices, so a question the test had to leave out for want of three distractors
 * of its kind still makes a card.
 */
export function builtinWhQuestions(passage: string): { question: string; answer: string; sentence: string }[] {
  const { askable, ranked, optionsIn, asQuoted } = readPassage(passage, { asksSubject: true });
  const out: { question: string; answer: string; sentence: string }[] = [];
  for (const { s } of ranked) {
    if (!askable.has(s)) continue;
    const best = optionsIn(
      s,
      out.map((q) => q.answer),
    ).find((o) => o.wh);
    if (best?.wh) out.push({ question: best.wh, answer: asQuoted(best.c), sentence: s.text });
  }
  return out;
}
