import { isFunctionWord } from '../../../lib/nlp/aliases';
import { frequencyRank, isFieldTerm } from '../../../lib/nlp/frequency';
import {
  EVENT_WORDS,
  MONTHS,
  ORG_WORDS,
  PLACE_WORDS,
  PLACES,
  STREET_WORDS,
  TITLES,
  WEEKDAYS,
} from '../../../lib/nlp/gazetteer';
import { isGivenName } from '../../../lib/nlp/given-names';
import { isScaleWord, ordinalValue } from '../../../lib/nlp/quantities';
import { ingVerb, type Sentence, spanText, type Token } from '../../../lib/nlp/wink';
import {
  CONCRETE_FILES,
  commonNounFile,
  isAdjective,
  isAlwaysPerson,
  isCommonWord,
  isKnownWord,
  isLanguage,
  isMindVerb,
  isMostlyPerson,
  isPlaceName,
  mayBePerson,
  type NounFile,
  nameKey,
  namesAKind,
  nounFile,
  nounFiles,
  sortOfPlaceNoun,
} from '../../../lib/nlp/wordnet';
import { lowerFirst } from './statements';

/**
 * An answer span in a sentence, with the kind its distractors must share: person, place, org,
 * event, name (a name of unknown kind), acronym, year, decade, date, num:<unit> (a number
 * with its unit: num:percent, num:money:billion, num:branch…), np:<head class>:<sg|pl>.
 */
export type Candidate = { sentence: Sentence; start: number; end: number; text: string; kind: string };

const NUMERIC = new Set(['DATE', 'CARDINAL', 'PERCENT', 'MONEY', 'ORDINAL', 'DURATION', 'TIME']);
const NOUNISH = new Set(['NOUN', 'ADJ']);
const POINTING = new Set(['following', 'preceding', 'above', 'previous', 'aforementioned']);
const QUANTIFIERS = new Set(
  'many few several some other such own same various certain particular specific single real entire whole actual respective more most much less first second third last next new main major key'.split(
    ' ',
  ),
);
// Words that may sit inside a name: "Bank of England", "Treaty of Kanagawa", "Ludwig van Beethoven".
export const NAME_LINKS = new Set('of,de,van,von,del,da,du,la,bin,ibn,bint,for,on,&'.split(','));
const THING_WORDS = new Set(
  'web,protocol,system,language,model,theory,law,equation,effect,principle,test,index,method,algorithm,machine,engine,code,network,standard,format,project,house,bridge,tower,station,airport,highway,road,street,square,park,building,hall,palace,temple,cathedral,castle,wall,line,series,report,prize,award'.split(
    ',',
  ),
);
const MISTAKEN_VERBS =
  /^(increases|decreases|rises|falls|grows|declines|remains|varies|depends|occurs|exists|differs|drops|doubles|expands|shrinks|influences|affects|requires|relies|leads|causes)$/i;

const capitalised = (t: Token | undefined) => !!t && /^\p{Lu}/u.test(t.text);
/** What the whole passage tells about names: surnames of its people, words it capitalises mid-sentence. */
export type NameContext = {
  persons: Set<string>;
  /** The last words of the people's full names the passage gives ("Sharma" of "Chris Omprakash Sharma"). */
  surnames: Set<string>;
  midCaps: Set<string>;
  lower: Set<string>;
  /** Names a noun before them describes somewhere in the passage, with the kind it says ("king Fereydun"). */
  described: Map<string, string>;
  /** The last words of named things ("Mocha" of "Cyclone Mocha"): alone, they are that thing. */
  namedThings: Set<string>;
  /** Lone names the passage puts before a common noun ("Meta employees", "the Obama administration"). */
  modifiers: Set<string>;
};
export const emptyNameContext = (): NameContext => ({
  persons: new Set(),
  surnames: new Set(),
  midCaps: new Set(),
  lower: new Set(),
  described: new Map(),
  namedThings: new Set(),
  modifiers: new Set(),
});

/** A quotation opening a sentence or after "said," starts a sentence of its own: "Families are struggling," he said. */
const OPENING_QUOTE = /^["“‘]$/;
const startsSentence = (tokens: Token[], i: number) =>
  i === 0 ||
  (i > 0 && OPENING_QUOTE.test(tokens[i - 1]?.text ?? '') && (i === 1 || /^[,:]$/.test(tokens[i - 2]?.text ?? '')));

const isNamePart = (tokens: Token[], i: number, ctx: NameContext): boolean => {
  const t = tokens[i];
  if (!t) return false;
  // A sentence's first word is capitalised anyway: it is a name only if the passage writes it so elsewhere.
  if (startsSentence(tokens, i))
    return (
      capitalised(t) &&
      t.pos !== 'DET' &&
      !ctx.lower.has(t.text.toLowerCase()) &&
      (ctx.midCaps.has(t.text.toLowerCase()) ||
        (t.pos === 'PROPN' && tokens[i + 1]?.pos === 'PROPN' && capitalised(tokens[i + 1])) ||
        // "Catherine the Great was born…": a first name with its epithet.
        (isGivenName(t.text) && tokens[i + 1]?.text === 'the' && isNamePart(tokens, i + 2, ctx)))
    );
  if (t.pos === 'PROPN') return capitalised(t);
  // The lite model tags some names as nouns or adjectives ("Kenya African National Union").
  return capitalised(t) && (t.pos === 'NOUN' || t.pos === 'X' || (t.pos === 'ADJ' && isNamePart(tokens, i + 1, ctx)));
};
const QUOTE = /^["“”]$/;
/** A hyphen written without spaces joins its two sides into one word ("Berners-Lee"). */
const joinedHyphen = (tokens: Token[], i: number) =>
  tokens[i]?.text === '-' && tokens[i]?.space === '' && tokens[i + 1]?.space === '';

/** Plural and head class of a noun phrase's head: who does, what happens, what a thing is like, or a thing. */
// WordNet's lexicographer files of nouns, grouped into the kinds a choice must share with the answer:
// "durability" beside "thickness", not beside "harness" (both end in "-ness").
const CLASS_OF_FILE: Partial<Record<NounFile, string>> = {
  act: 'process',
  event: 'process',
  phenomenon: 'process',
  process: 'process',
  attribute: 'quality',
  state: 'quality',
  animal: 'thing',
  artifact: 'thing',
  body: 'thing',
  food: 'thing',
  object: 'thing',
  plant: 'thing',
  substance: 'thing',
  person: 'agent', // "pilot", also a light
  group: 'group', // "industry", "tribe"
  location: 'place', // "resort town", "coast": no idea beside "income"
};

function headClass(head: Token): string {
  const text = head.text.toLowerCase();
  const lemma = head.lemma.toLowerCase() || text;
  // "Milestones" opening a sentence is read as a name and keeps its "-s": its singular is the word.
  const w =
    head.pos === 'PROPN' &&
    lemma === text &&
    /[^su]s$/.test(text) &&
    !isKnownWord(text) &&
    isKnownWord(text.slice(0, -1))
      ? text.slice(0, -1)
      : lemma;
  // "children" as much as "members": a plural noun's lemma is its singular; a word the lemmatiser
  // does not know is plural by its "-s" ("preprints", not "gas" or "virus").
  // A spelling WordNet knows as it is ("axe" for "ax") is no plural, unless it ends in "-s" ("flats").
  const plural =
    (text !== w && (/s$/.test(text) || !isKnownWord(text))) ||
    (/[^su]s$/.test(text) && !isKnownWord(text) && head.pos === 'NOUN');
  const number = plural ? 'pl' : 'sg';
  // "officials", "residents": WordNet's person in every common sense, whatever the suffix says.
  if (isAlwaysPerson(w)) return `agent:${number}`;
  // "founder", "climber": a doer's suffix and someone in most senses, though WordNet lists a
  // laminitis or a vine first; not "computer" (once a person who computed) nor "letter".
  if (/(er|or|ist|ian|ant|ee|ent)$/.test(w) && isMostlyPerson(w)) return `agent:${number}`;
  // A word WordNet knows is of the kind its commonest sense is filed under; any other ("mental
  // map", "idea") is an abstract thing.
  const file = commonNounFile(w);
  if (file !== undefined) return `${CLASS_OF_FILE[file] ?? 'idea'}:${number}`;
  // A word WordNet does not know ("trainset", "geolocation") is read by its suffix.
  if (/(tion|sion|ment|ance|ence|ing|age|sis|ure|al)$/.test(w)) return `process:${number}`;
  if (/(ity|ness|cy|dom|hood|ship|ism)$/.test(w)) return `quality:${number}`;
  return `thing:${number}`;
}

export const NAME_KINDS = new Set(['person', 'place', 'org', 'event', 'work', 'name']);

/**
 * The word of a name that says what it is, when it has one: "canal" in "Erie Canal", "lake" in
 * "Lake Erie", "university" in "University of Leeds", "law" in "Hubble's Law".
 */
export function kindWordOf(c: Candidate): string | undefined {
  const words = c.text.toLowerCase().split(/\s+/);
  // Names only: a noun phrase's own head is its kind already ("central bank" is no bank's name).
  if (words.length < 2 || !NAME_KINDS.has(c.kind)) return undefined;
  const known = (w: string) => PLACE_WORDS.has(w) || ORG_WORDS.has(w) || EVENT_WORDS.has(w) || THING_WORDS.has(w);
  // "China Eastern Airlines Flight 5735" is a flight, "Liga 2" a liga: the word before its number.
  if (/^\d/.test(words.at(-1) ?? '')) return words.at(-2);
  // Its head, its last word, or its first ("Lake Erie"): a word inside is a modifier ("Wrigley
  // Ocean Marathon", "Academy Award for Best Actress").
  for (const w of [nameHead(words), words.at(-1) as string, words[0] as string]) {
    const singular = w.replace(/s$/, '');
    if (known(singular)) return singular;
    if (known(w)) return w;
  }
  // Or an everyday word for a made thing or a place that ends it ("Allianz Arena", "Krestovsky Stadium"):
  // WordNet knows it, in lower case, as an artifact, a location or a natural object in one of its two
  // commonest senses.
  const last = words.at(-1) as string;
  if (c.kind !== 'person' && isCommonWord(last) && nounFiles(last, 2).some((f) => KIND_FILES.has(f))) return last;
  return undefined;
}

/** A name's head word: the last before "of" or "for" ("Bank of England"), else its last ("Academy Award"). */
function nameHead(lower: string[]): string {
  const link = lower.findIndex((w, i) => i > 0 && NAME_LINKS.has(w));
  return lower[link > 0 ? link - 1 : lower.length - 1] ?? '';
}

// WordNet's files of artifacts, locations and natural objects.
const KIND_FILES = new Set<NounFile>(['artifact', 'location', 'object']);

/** "hospital", "assembly", "motors": a common noun for a building, a place or a body of people. */
const namesAnInstitution = (w: string) =>
  ORG_WORDS.has(w) ||
  PLACE_WORDS.has(w) ||
  (isCommonWord(w) && !isGivenName(w) && ['artifact', 'group', 'location'].includes(commonNounFile(w) ?? ''));

/** What kind of thing a name is, from its words and the words around it. */
function nameKind(tokens: Token[], start: number, end: number, ctx: NameContext): string {
  const words = tokens.slice(start, end + 1).map((t) => t.text);
  const text = spanText(tokens, start, end);
  const lower = words.map((w) => w.toLowerCase());
  const joined = text.toLowerCase();
  const last = lower.at(-1) ?? '';
  const prev = tokens[start - 1]?.text.toLowerCase() ?? '';
  if (lower.every((w) => TITLES.has(w) || w === '-')) return 'title';
  // "Police Chief", "Finance Minister": an office named by everyday words is a title, no one's name;
  // so is "Financial Officer" (of "Chief Financial Officer"), and "CEO", which WordNet holds as someone.
  if (TITLES.has(last) && lower.slice(0, -1).every((w) => isCommonWord(w) && !isGivenName(w))) return 'title';
  if (
    words.length >= 2 &&
    lower.every((w) => isCommonWord(w) && !isGivenName(w)) &&
    isAlwaysPerson(last) &&
    !ctx.persons.has(last)
  )
    return 'title';
  if (/^\p{Lu}{2,5}$/u.test(text) && isAlwaysPerson(joined)) return 'title';
  // "Jalosjos Jr.": a son named after his father.
  if (words.length >= 2 && /^(jr|sr)\.?$/.test(last)) return 'person';
  // "Dobbs v. Jackson Women's Health Organization": a court case, named by its two parties.
  if (lower.includes('v.') || lower.includes('vs.')) return 'name';
  // "Saturday of October" (of "the first Saturday of October") is a day, not a name with "of" in it.
  if (words.every((w) => WEEKDAYS.test(w) || MONTHS.test(w) || /^of$/i.test(w))) return 'date';
  // "Easter Sunday", "Good Friday": a named day is a feast, no one's name.
  if (words.length >= 2 && WEEKDAYS.test(words.at(-1) ?? '')) return 'event';
  // "China Eastern Airlines Flight 5735", "Liga 1", "Apollo 11": a name with its number is a thing's.
  if (words.length >= 2 && /^\d/.test(words.at(-1) ?? '')) return 'name';
  // "the Falkland Islands (Islas Malvinas)", "Myanmar (Burma)": a name in brackets right after a
  // place or a body is another name of it.
  if (prev === '(' && tokens[end + 1]?.text === ')' && capitalised(tokens[start - 2])) {
    let first = start - 2;
    while (first > 0 && capitalised(tokens[first - 1]) && tokens[first - 1]?.pos === 'PROPN') first--;
    const named = nameKind(tokens, first, start - 2, ctx);
    if (named === 'place' || named === 'org') return named;
  }
  if (PLACES.has(joined)) return 'place';
  if (words.length >= 2 && STREET_WORDS.test(words.at(-1) ?? '')) return 'place';
  // "The Herder consisted of a silver player…": a family's name after "the" is a thing named for them.
  const afterThe = words.length === 1 && prev === 'the';
  // "KIBAKI" after "Mwai KIBAKI": a surname in capitals, no acronym.
  if (words.length === 1 && ctx.surnames.has(joined) && !afterThe) return 'person';
  if (/^(?:\p{Lu}\.?){2,7}s?$/u.test(text)) return lower.some((w) => ORG_WORDS.has(w)) ? 'org' : 'acronym';
  // A name is what its head says: "Academy Award" is an award, though an academy gives it.
  const head = words.length >= 2 ? nameHead(lower) : '';
  if (!ORG_WORDS.has(head)) {
    if (EVENT_WORDS.has(head)) return eventOrDocument(head);
    if (THING_WORDS.has(head)) return 'name';
    // "Caledonian Symphony Orchestra", "United Nations": a head WordNet files under groups is a body of
    // people; "Emma Woods" (a first name and one word more) is someone.
    const someone = words.length === 2 && isGivenName(lower[0] ?? '') && !ctx.modifiers.has(lower[0] ?? '');
    if (!PLACE_WORDS.has(head) && isCommonWord(head) && nounFile(head) === 'group' && !someone) return 'org';
  }
  if (lower.some((w) => ORG_WORDS.has(w))) return 'org';
  // "Fenwick & Rowe", "Hollins & Dray": two names joined by an ampersand are a firm's.
  if (words.includes('&')) return 'org';
  const eventWord = lower.find((w) => EVENT_WORDS.has(w));
  if (eventWord) return eventOrDocument(eventWord);
  if (PLACE_WORDS.has(last) || ['mount', 'lake', 'cape', 'fort', 'port', 'river', 'isle'].includes(lower[0] ?? ''))
    return 'place';
  if (THING_WORDS.has(last)) return 'name';
  if (TITLES.has(prev)) return 'person';
  // "rapper Takeoff", "the band Paramore", "the solo route, Es Pontàs": a noun before a name (or
  // before its comma) says what it names, by the WordNet file of its commonest sense.
  // Described here or anywhere else in the passage: one name is one kind of thing throughout. A
  // person's surname stays theirs where a noun elsewhere calls the word something else ("adopted
  // the surname Sharma"): only a noun right before this mention says otherwise.
  // Nor does a noun before the comma ("released by the department, Hanneman had…").
  const nameWords = words.filter((w) => w !== '-' && !QUOTE.test(w));
  // "Cyclone Mocha", "Hurricane Hilary": the last word of a named thing is that thing alone
  // ("Mocha reached 165 km/h"), whatever a comma before it seems to say.
  if (words.length === 1 && ctx.namedThings.has(joined) && !ctx.persons.has(joined)) return 'name';
  const here =
    ctx.surnames.has(joined) && tokens[start - 1]?.text === ',' ? undefined : describedAt(tokens, start, end);
  const described = here ?? (ctx.surnames.has(joined) && !afterThe ? 'person' : ctx.described.get(joined));
  // "The developer, Brightstone Construction, said…": called someone, but no first name and a last
  // word that is an everyday thing or deed ("construction", "water", "analytics"): a firm.
  const firm =
    described === 'person' &&
    !ctx.surnames.has(joined) &&
    nameWords.length >= 2 &&
    !words.includes('-') &&
    !isGivenName(lower[0] ?? '') &&
    isCommonWord(last) &&
    isThing(last);
  if (firm) return 'org';
  // "the hockey star Edward Kennedy": a noun that may name someone ("star"), right before a first
  // name and a surname, does, whatever its commonest sense.
  const someoneCalled =
    here &&
    here !== 'person' &&
    nameWords.length >= 2 &&
    isGivenName(lower[0] ?? '') &&
    mayBePerson((tokens[start - 1]?.lemma ?? '').toLowerCase());
  if (someoneCalled) return 'person';
  if (described) return described;
  // "the bishop of Aradus", "King of France": what an office is of is a place.
  if (prev === 'of' && TITLES.has(tokens[start - 2]?.text.toLowerCase() ?? '') && words.length === 1) return 'place';
  // "Real GDP": an economic measure, not a first name and surname.
  if (lower.some((w) => /^(gdp|gnp|gni|ppp|cpi|fdi|vat)$/.test(w))) return 'name';
  // "Lindholm General Hospital", "UN General Assembly": a title inside a name, before a kind of building or body.
  if (lower.length >= 3 && TITLES.has(lower.at(-2) ?? '') && namesAnInstitution(last))
    return commonNounFile(last) === 'group' || ORG_WORDS.has(last) ? 'org' : 'place';
  // "at Lyme Regis", "in Tierra Amarilla": a name after "in", "at" or "near" is where, not who.
  if (/^(in|at|near)$/.test(prev) && nameWords.length >= 2) return 'place';
  // "on Cerro Paranal", "off Skerra Head": so is one after "on" or "off" that opens with no first name
  // ("an essay on Charles Darwin" is about someone).
  if (/^(on|off)$/.test(prev) && nameWords.length >= 2 && !nameWords.some(isGivenName)) return 'place';
  // A name WordNet knows whole: "San Diego" and "Baja California" are places, "Ronald Reagan" someone.
  const whole = lower.join('_');
  if (lower.length >= 2 && isKnownWord(whole)) {
    // "Saint Paul" is a saint and a city: named with the title, it is the city.
    if (TITLES.has(lower[0] ?? '') && isPlaceName(whole)) return 'place';
    // "El Niño" is a current before it is the Christ child, "Humboldt Current" only a current:
    // named whole by WordNet as something else first, it is no one's name.
    const file = nounFile(whole);
    if (file && file !== 'person' && !isPlaceName(whole)) return file === 'group' ? 'org' : 'name';
    // "the film's North American release", "Puerto Rican newspaper El Vocero": a kind of person
    // ("Ronald Reagan" is one person, a "Puerto Rican" any of many) says where from, and names no one.
    if (mayBePerson(whole)) return namesAKind(whole) ? 'word' : 'person';
    if (isPlaceName(whole)) return 'place';
  }
  // "Baja California Sur": a place WordNet knows, and a word more; "St. John's Capitals", "New York
  // Giants": a place and a plural of an everyday noun, its team or firm.
  if (lower.length >= 3 && isPlaceName(lower.slice(0, -1).join('_'))) return everydayPlural(last) ? 'org' : 'place';
  // "Ashford Rovers", "Kelsey Wanderers": no first name, then the plural of an everyday word for
  // people, is a team ("Emma Woods" is someone).
  if (nameWords.length === 2 && !isGivenName(lower[0] ?? '') && pluralOfPersonNoun(last)) return 'org';
  // "Cantonese", "Malaysian Cantonese": a tongue (or its people), never a choice beside a name.
  if (isLanguage(last) && !ctx.persons.has(last)) return 'language';
  // "Western Sweden", "Central Luzon": a country or city with its quarter is a place; so is a
  // landform or a name WordNet does not hold with one ("East Marsh", "North Berwick"), though
  // "Marsh" is also a first name.
  if (
    nameWords.length === 2 &&
    COMPASS.test(lower[0] ?? '') &&
    (PLACES.has(last) || isPlaceName(last) || LANDFORM_FILES.has(nounFile(last) ?? '') || !isKnownWord(last))
  )
    return 'place';
  // "Methadone Mile", "Central European Time", "Peter's Basilica": a name that ends in an everyday
  // thing and opens with another (or a possessive) is no one's name; "Laura Wells" and "Emma Stone" are.
  // So is one whose last word the passage also writes in lower case ("Latakia Governorate"), or a
  // people's thing ("American Stonehenge").
  const everyday =
    isThing(last) &&
    (isThing(lower[0] ?? '') || /['’]s$/.test(lower[0] ?? '') || ctx.lower.has(last) || isLanguage(lower[0] ?? ''));
  // "Hurricane Hilary", "Operation Overlord": a thing the passage writes in lower case ("a Pacific
  // hurricane") before a name says what the name is.
  const named = lower.slice(0, -1).every((w) => ctx.lower.has(w) && isThing(w));
  // "Meta Platforms", where the passage also writes "Meta employees": a first name alone never
  // qualifies a noun (a surname does: "the Obama administration"), so its first word is a firm's.
  const firmWord = nameWords.length === 2 && ctx.modifiers.has(lower[0] ?? '');
  if (
    !everyday &&
    !named &&
    !firmWord &&
    !unlikePersonName(lower.filter((w) => w !== '-')) &&
    nameWords.length >= 2 &&
    // "Mohamed NAJIB bin Abdul Razak": four names; a link between them is none.
    nameWords.filter((w) => !NAME_LINKS.has(w)).length <= 4 &&
    prev !== 'the' &&
    // "Laura Wells", or initials before a surname ("R. A. Fisher").
    (/^\p{Lu}[\p{Ll}'’]/u.test(nameWords[0] ?? '') ||
      (/^\p{Lu}\.$/u.test(nameWords[0] ?? '') && /^\p{Lu}\p{Ll}/u.test(nameWords.at(-1) ?? ''))) &&
    nameWords.every((w) => /^\p{Lu}[\p{Ll}'’]+$|^\p{Lu}\.$|^\p{Lu}+$/u.test(w) || NAME_LINKS.has(w))
  )
    return 'person';
  // "MACAPAGAL-ARROYO" alone, after "Gloria MACAPAGAL-ARROYO": the surname of someone the passage named.
  if (ctx.persons.has(joined) && !afterThe) return 'person';
  if (nameWords.length === 1) {
    // "Chester" is a city in WordNet; "Time" and "People", capitalised, are a title's words: no one's name.
    // …and so is one whose commonest sense is a place, though a people shares its name ("Massachusetts").
    if (isPlaceName(joined) && (!mayBePerson(joined) || ['location', 'object'].includes(nounFile(joined) ?? '')))
      return 'place';
    if (isKnownWord(joined) && !mayBePerson(joined)) return 'word';
  }
  return 'name';
}

/**
 * Capitalised words that read as no one's name: they open with an everyday word or a tongue that
 * is no first name, and no first name follows ("Computer Science", "Coast Guard", "Spanish Talgo";
 * "Virgin Mary", "Mark Ellison" and "Patriarch Mennas" are people). A surname is often an everyday
 * word ("Claes Bang"), so the last word decides nothing.
 */
function unlikePersonName(words: string[]): boolean {
  const [first = '', ...rest] = words;
  if (isGivenName(first) || rest.some(isGivenName)) return false;
  // "Patriarch Mennas", "Pharmacist Ruth Adebayo-Lind": an office or trade before the name is still someone.
  const office = isAlwaysPerson(first) && !isAdjective(first);
  return (isCommonWord(first) && !office) || isLanguage(first) || everydayPlural(words.at(-1) ?? '');
}

/** The everyday singulars a plural may stand for ("Industries" → industry, "Rovers" → rover), with the file WordNet gives each. */
const everydaySingulars = (w: string) =>
  /[^s]s$/.test(w)
    ? [w.replace(/ies$/, 'y'), w.replace(/es$/, ''), w.slice(0, -1)]
        .filter((s) => s !== w && isCommonWord(s))
        .map((s) => nounFile(s))
    : [];
/** "Rovers", "Wanderers": the plural of an everyday word for people, as a team calls itself. */
const pluralOfPersonNoun = (w: string) => everydaySingulars(w).some((file) => file === 'person');
/** "Renewables", "Industries": a plural of an everyday noun ends a firm's name, not a surname ("Brooks" follows a first name). */
const everydayPlural = (w: string) => everydaySingulars(w).some((file) => file !== 'person');

/** What the noun before a name (or before its comma) says it is; not for a name that owns what follows. */
function describedAt(tokens: Token[], start: number, end: number): string | undefined {
  // "organ sonatas, Dmitri Shostakovich's preludes": a list's next item, not what "sonatas" names.
  const owns = /^['’]s$/.test(tokens[end + 1]?.text ?? '') || /['’]s$/.test(tokens[end]?.text ?? '');
  if (owns) return undefined;
  // "the oasis town of San Pedro de Atacama", "the port of Tartus": a place's name after "<place> of".
  if (/^of$/i.test(tokens[start - 1]?.text ?? '') && namesAPlace(tokens[start - 2])) return 'place';
  if (tokens[start - 1]?.text !== ',') return describedKind(tokens[start - 1]) ?? describedAfter(tokens, start, end);
  // "Susan ran the library, Helen Parker kept the accounts": after a clause, a name its own verb
  // follows opens the next. ("Once a bishopric, Antaradus is…": an opening phrase does describe it.)
  const verb = (t: Token | undefined) => /^(VERB|AUX)$/.test(t?.pos ?? '');
  if (verb(tokens[end + 1]) && tokens.slice(0, start - 1).some(verb)) return undefined;
  // "Prior to this announcement, Sandviken…", "Located on the edge of a ridge, Mocha…": the comma
  // that closes an opening phrase is no apposition.
  const opening =
    /^(ADP|ADV|SCONJ|VERB)$/.test(tokens[0]?.pos ?? '') && !tokens.slice(0, start - 1).some((t) => t.text === ',');
  return opening ? undefined : describedKind(tokens[start - 2]);
}

/** "Atticus signed, as bishop of …", "Okafor served as mayor": its verb done "as" an office (a noun, no article, whose commonest sense is someone). */
function holdsOffice(tokens: Token[], end: number): boolean {
  for (let k = end + 1; k <= end + 4; k++) {
    const t = tokens[k];
    if (t?.text.toLowerCase() === 'as')
      return tokens[k + 1]?.pos === 'NOUN' && commonNounFile(tokens[k + 1]?.lemma ?? '') === 'person';
    if (!t || !(/^(VERB|AUX|ADV)$/.test(t.pos) || t.text === ',')) return false;
  }
  return false;
}

/** A noun's WordNet file that one can touch or point at: a concrete thing, a person, a place or a body of people. */
const tangible = (lemma: string) => {
  const file = commonNounFile(lemma);
  return !!file && (CONCRETE_FILES.has(file) || file === 'location' || file === 'group');
};

/** "Vietnam", "the United States": a place WordNet knows, named from token `i` on. */
function placeAfter(tokens: Token[], i: number): boolean {
  const from = tokens[i]?.text.toLowerCase() === 'the' ? i + 1 : i;
  const words = [tokens[from], tokens[from + 1]];
  if (!capitalised(words[0])) return false;
  const two = capitalised(words[1]) ? `${words[0]?.text} ${words[1]?.text}` : undefined;
  return isPlaceName(nameKey(words[0]?.text ?? '')) || (!!two && isPlaceName(nameKey(two)));
}

/**
 * "Altay Declaration", "Olympic Charter", "Treaty of Sile": a name of what was written down is a
 * work, never a choice beside the "Winter Olympics" or a battle (WordNet files the word under
 * communication); "Battle of Corran Ford", "2022 Winter Olympics" are events.
 */
const eventOrDocument = (word: string) => (nounFile(word) === 'communication' ? 'work' : 'event');

/** Commoner than this in SUBTLEX-US, a word is everyday English ("app", rank 38,294, is not yet). */
const EVERYDAY_RANK = 20_000;
/** Words the tagger ran together as a noun phrase that a reader does not take for one. */
function readsAsNoPhrase(tokens: Token[], start: number, end: number): boolean {
  const head = tokens[end];
  const word = head?.text.toLowerCase() ?? '';
  const before = tokens[start - 1];
  const one = start === end;
  // "like a key entering a lock": an "-ing" word with its own object after it, and no article
  // before, is a verb the model took for a noun.
  if (one && /ing$/.test(word) && tokens[end + 1]?.pos === 'DET' && before?.pos !== 'DET') return true;
  // "as the water boiled away": a head WordNet knows only as another part of speech is no noun.
  if (isKnownWord(word) && !nounFile(word) && !nounFile(head?.lemma ?? '')) return true;
  // "whilst improving on…": WordNet holds every everyday noun; an everyday word it lacks is a word of grammar.
  if (one && !isKnownWord(word) && !isKnownWord(head?.lemma ?? '') && frequencyRank(word) < EVERYDAY_RANK) return true;
  // "before the tenant moves in.": a word of grammar the tokenizer kept its full stop with is no noun.
  if (one && /\.$/.test(word) && isFunctionWord(word.slice(0, -1))) return true;
  // "a 9 mm handgun": a unit's symbol after its number belongs to the measure; "mm handgun" is half of it.
  if (before?.pos === 'NUM' && /^[b-df-hj-np-tv-xz]{1,3}$/i.test(tokens[start]?.text ?? '')) return true;
  // "is directly proportional": an adjective after an "-ly" adverb.
  if (one && before?.pos === 'ADV' && /ly$/i.test(before.text) && isAdjective(word)) return true;
  // "pre-dating the Achaemenids, and ruling for…": a bare "-ing" word after "and", where the
  // sentence has an "-ing" verb before, goes on that verb's list.
  const listed = /^(and|or)$/i.test(before?.text ?? '');
  if (
    one &&
    /ing$/.test(word) &&
    listed &&
    tokens.slice(0, start - 1).some((t) => t.pos === 'VERB' && /ing$/i.test(t.text))
  )
    return true;
  // "in accordance with", "on behalf of", "in contrast to": one bare abstract noun between two
  // prepositions is part of a preposition of several words, not a term ("in expense with").
  const between = before?.pos === 'ADP' && tokens[end + 1]?.pos === 'ADP' && !/s$/.test(word);
  return one && between && !tangible(head?.lemma ?? '');
}

/** "Gull Rock, a bare island off Cornwall": the noun of an apposition after a name says what it is. */
function describedAfter(tokens: Token[], start: number, end: number): string | undefined {
  const noun = appositionNoun(tokens, end);
  if (!noun) return undefined;
  // "She was born in Vlissingen, the eldest of five children": after "in", what follows may
  // describe the sentence's subject; only a place is what a place's name is.
  const where = /^(in|at|on|near|from|off)$/i.test(tokens[start - 1]?.text ?? '');
  const kind = describedKind(noun);
  return where && kind !== 'place' ? undefined : kind;
}

/** The head noun of ", a small fishing village" after a name. */
function appositionNoun(tokens: Token[], end: number): Token | undefined {
  if (tokens[end + 1]?.text !== ',' || !/^(a|an|the)$/i.test(tokens[end + 2]?.text ?? '')) return undefined;
  let k = end + 3;
  while (tokens[k]?.pos === 'ADJ' || tokens[k]?.pos === 'ADV') k++;
  // "a small fishing village": the last noun of a compound is its head.
  while (tokens[k]?.pos === 'NOUN' && tokens[k + 1]?.pos === 'NOUN') k++;
  // "the Mary Ann, the ship's boy": a noun that owns the next one is not what the name is.
  if (/^['’]s$/.test(tokens[k + 1]?.text ?? '')) return undefined;
  return tokens[k];
}

// Verbs that link their subject to what it is or how it is ("stood upright", "turned pale").
const LINKING = /^(be|become|stand|sit|lie|remain|stay|seem|appear|look|feel|turn|grow|go|keep|prove|sound|get)$/;
/** "the post stood upright": one word after a linking verb that can be an adjective says how, not what. */
function complement(tokens: Token[], start: number, end: number): boolean {
  const verb = tokens[start - 1];
  const word = (tokens[start]?.text ?? '').toLowerCase();
  if (start !== end || !/^(VERB|AUX)$/.test(verb?.pos ?? '') || !LINKING.test(verb?.lemma ?? '')) return false;
  // "she was braver than me": a comparative is an adjective's.
  if (/er$/.test(word) && /^than$/i.test(tokens[end + 1]?.text ?? '')) return true;
  return isAdjective(word);
}

/** "6 minutes 11.84 seconds", "5 feet 4 inches": one measure in two units, never asked by half. */
function halfOfAMeasure(tokens: Token[], start: number, end: number): boolean {
  const digits = (t: Token | undefined) => /^\d[\d.,]*$/.test(t?.text ?? '');
  // A unit WordNet files as a quantity or a time ("feet", "seconds"), not "list" read as a noun.
  const unit = (t: Token | undefined) =>
    t?.pos === 'NOUN' &&
    /^\p{Ll}/u.test(t.text) &&
    nounFiles((t.lemma || t.text).toLowerCase(), 3).some((f) => f === 'quantity' || f === 'time');
  // The entity may end on its number ("5") or on its unit ("6 minutes").
  const unitEnd = unit(tokens[end]) ? end : unit(tokens[end + 1]) ? end + 1 : -1;
  return (
    (unitEnd >= 0 && digits(tokens[unitEnd + 1]) && unit(tokens[unitEnd + 2])) ||
    (unit(tokens[start - 1]) && digits(tokens[start - 2]) && digits(tokens[start]))
  );
}

/** "Archimedes' principle", "Newton's law": a law, theory or effect after a name's possessive is named for someone. */
function namedFor(tokens: Token[], start: number, end: number): boolean {
  if (!THING_WORDS.has((tokens[end]?.lemma || tokens[end]?.text || '').toLowerCase())) return false;
  const owner = tokens[start - 1];
  if (/^['’]s?$/.test(owner?.text ?? '')) return capitalised(tokens[start - 2]);
  return /['’]s?$/.test(owner?.text ?? '') && capitalised(owner);
}

/**
 * The everyday noun a mention of a place is called by, when WordNet does not know the place:
 * "the oasis town of San Pedro de Atacama", "Calama, a mining city" (town, city).
 */
export function placeNounAt(c: Candidate): string | undefined {
  const { tokens } = c.sentence;
  const before = /^of$/i.test(tokens[c.start - 1]?.text ?? '') ? tokens[c.start - 2] : undefined;
  for (const noun of [before, appositionNoun(tokens, c.end)])
    if (namesAPlace(noun)) return (noun?.lemma || noun?.text || '').toLowerCase();
  return undefined;
}

/** "town", "port", "village" (which WordNet files first as a community): a noun for a place. */
const namesAPlace = (t: Token | undefined) =>
  describedKind(t) === 'place' || (t?.pos === 'NOUN' && !!sortOfPlaceNoun((t.lemma || t.text).toLowerCase()));

// WordNet's noun files that say what a name is: a person, a group, a place, a made thing or a work.
const DESCRIBED: Partial<Record<NounFile, string>> = {
  person: 'person',
  group: 'org',
  location: 'place',
  // "Gull Rock, a bare island", "the river Tamar": WordNet files landforms and waters as natural objects.
  object: 'place',
  artifact: 'name',
  communication: 'name',
};
function describedKind(t: Token | undefined): string | undefined {
  if (t?.pos !== 'NOUN' || !/^\p{Ll}/u.test(t.text)) return undefined;
  const lemma = (t.lemma || t.text).toLowerCase();
  const file = isCommonWord(lemma) ? nounFile(lemma) : undefined;
  return file && DESCRIBED[file];
}

/**
 * "Crazy Rich Asians (2018)", "Speak Now (2010)": a name dated by its year alone is a work (a film,
 * a book, an album); not a place the lists or WordNet know ("Italy (1940)"), though "in Crazy Rich
 * Asians" reads as one.
 */
const datedWork = (tokens: Token[], c: Candidate) =>
  (c.kind === 'name' || (c.kind === 'place' && !PLACES.has(c.text.toLowerCase()) && !isPlaceName(nameKey(c.text)))) &&
  tokens[c.end + 1]?.text === '(' &&
  /^(1[5-9]|20)\d\d$/.test(tokens[c.end + 2]?.text ?? '') &&
  tokens[c.end + 3]?.text === ')';

const PERSONAL = /^(he|his|she|her)$/i;

/** Surnames of the people a passage names (a lone "Codd" is a person), and the words it capitalises mid-sentence. */
export function nameContext(sentences: Sentence[]): NameContext {
  const ctx = emptyNameContext();
  for (const s of sentences)
    s.tokens.forEach((t, i) => {
      if (!startsSentence(s.tokens, i) && capitalised(t) && s.tokens[i - 1]?.text !== '.')
        ctx.midCaps.add(t.text.toLowerCase());
      if (/^\p{Ll}/u.test(t.text)) ctx.lower.add(t.text);
      const next = s.tokens[i + 1];
      const lone = t.pos === 'PROPN' && !startsSentence(s.tokens, i) && !capitalised(s.tokens[i - 1]);
      if (lone && next?.pos === 'NOUN' && /^\p{Ll}/u.test(next.text)) ctx.modifiers.add(t.text.toLowerCase());
    });
  // Lone names read as someone by what they do, and the first words of names that are no one's.
  const guessed = new Set<string>();
  const opensAName = new Set<string>();
  sentences.forEach((s, k) => {
    const runs = nameRuns(s, ctx);
    for (const c of runs)
      if (c.kind !== 'person' && c.end > c.start) opensAName.add(c.text.toLowerCase().split(/\s+/)[0] ?? '');
    // What a noun before a name says it is holds for every mention of the name (candidatesOf reads
    // this context whole, after it is built).
    for (const c of runs) {
      const kind = describedAt(s.tokens, c.start, c.end) ?? (datedWork(s.tokens, c) ? 'work' : undefined);
      if (kind) ctx.described.set(c.text.toLowerCase(), kind);
      // Only a thing the passage also writes in lower case names it: not "History of Tartus" or "English Tartus".
      const words = c.text.toLowerCase().split(/\s+/);
      const last = words.at(-1) ?? '';
      const titled = words.length > 1 && words.slice(0, -1).every((w) => ctx.lower.has(w) && isThing(w));
      if (c.kind === 'name' && titled && /^\p{L}+$/u.test(last)) ctx.namedThings.add(last);
    }
    // Each word of a person's name stands for them alone: "Yeoh" after "Michelle Yeoh", "Ralph" after
    // "Ralph Herder"; the surname always ("Musk" after "Elon Musk"), the others unless they are a
    // place or an everyday thing (a run wrongly read as someone must not make "Time" a person).
    for (const c of runs)
      if (c.kind === 'person') {
        const all = c.text.toLowerCase().split(/\s+/);
        // "Severus of Antioch": what follows "of" is where they were from, not their surname.
        const words = all.includes('of') ? all.slice(0, all.indexOf('of')) : all;
        ctx.persons.add(words.at(-1) ?? '');
        if (words.length > 1) ctx.surnames.add(words.at(-1) ?? '');
        // "Mohamed NAJIB bin Abdul Razak": the one name written in capitals among others is the surname.
        const written = c.text.split(/\s+/);
        const capitals = written.filter((w) => /^\p{Lu}{2,}$/u.test(w));
        if (capitals.length === 1 && written.some((w) => /^\p{Lu}\p{Ll}/u.test(w)))
          ctx.surnames.add(capitals[0]?.toLowerCase() ?? '');
        // A word the passage writes in lower case links the name ("Constantine the Great"): no one is called "the".
        const capitalisedWords = new Set(written.filter((w) => /^\p{Lu}/u.test(w)).map((w) => w.toLowerCase()));
        for (const w of words.slice(0, -1))
          if (
            capitalisedWords.has(w) &&
            /\p{L}{2}/u.test(w) &&
            !NAME_LINKS.has(w) &&
            !TITLES.has(w) &&
            !PLACES.has(w) &&
            !isPlaceName(w) &&
            !isThing(w)
          )
            ctx.persons.add(w);
      }
    // "Tabari repeated the stories in his History", "Mira was eleven when her grandfather…": a lone
    // name that opens its sentence and is the only name before "his" or "her" is someone's; so is
    // one whose sentence is its only name and the next opens with "She" or "Her" ("Nell had never
    // seen the lighthouse lit. Her grandmother…").
    const [first] = runs;
    const pronoun = s.tokens.findIndex((t) => /^(he|his|him|she|her|himself|herself)$/i.test(t.text));
    const nextOpens = PERSONAL.test(sentences[k + 1]?.tokens[0]?.text ?? '') && runs.length === 1;
    if (first && first.kind === 'name' && first.start === 0 && first.start === first.end)
      if (nextOpens || (pronoun > first.end && !runs.some((c) => c !== first && c.start < pronoun)))
        guessed.add(first.text.toLowerCase());
    // "Elias thought for a while", "Nora asked why…": a lone name that thinks, speaks, feels or
    // perceives is someone (WordNet files the verb's commonest sense so).
    for (const c of runs) {
      const verb = s.tokens[c.end + 1];
      // Not a word's meaning: "Sadan means settled people".
      if (
        c.kind === 'name' &&
        c.start === c.end &&
        // The verb's subject, not what a phrase is of: "Coastal areas of Sinaloa recorded…".
        s.tokens[c.start - 1]?.pos !== 'ADP' &&
        verb?.pos === 'VERB' &&
        isMindVerb(verb.lemma) &&
        !/^(mean|denote|signify|refer|represent|indicate|stand)$/i.test(verb.lemma) &&
        // "Wennline said it was looking urgently at…": what says "it" of itself is a firm or a body.
        !saysItOfItself(s.tokens, c.end + 2)
      )
        guessed.add(c.text.toLowerCase());
      // "Atticus signed, as bishop of Aradus, …": one that acts as an office holds it (though
      // WordNet knows "Atticus" as something else).
      if ((c.kind === 'name' || c.kind === 'word') && c.start === c.end && holdsOffice(s.tokens, c.end))
        guessed.add(c.text.toLowerCase());
    }
  });
  // "Northlight expects…" after "Northlight Renewables": a firm's short name, not someone's.
  for (const name of guessed) if (!opensAName.has(name)) ctx.persons.add(name);
  return ctx;
}

/** "…said it was", "…said that it would", "…said its": the speaker goes on as "it". */
const saysItOfItself = (tokens: Token[], at: number) => {
  const word = (k: number) => tokens[k]?.text.toLowerCase() ?? '';
  const from = word(at) === 'that' ? at + 1 : at;
  return /^(it|its)$/.test(word(from));
};

/** "the nineteenth century", "the early twentieth century": a time, asked and answered like "the 19th century". */
const centuryInWords = (tokens: Token[], start: number, end: number) =>
  end > start && tokens[end]?.lemma === 'century' && ordinalValue(tokens[end - 1]?.text ?? '') !== undefined;

function numberKind(s: Sentence, start: number, end: number, type: string): string {
  const { tokens } = s;
  const text = spanText(tokens, start, end).toLowerCase();
  const next = tokens[end + 1];
  if (
    type === 'DATE' ||
    (type === 'CARDINAL' && /^\d{4}$/.test(text) && Number(text) >= 1000 && Number(text) <= new Date().getFullYear())
  ) {
    if (/^\d{4}$/.test(text)) return Number(text) <= new Date().getFullYear() ? 'year' : 'num:count';
    if (/century/.test(text)) return 'century';
    if (/^(?:the )?(?:early |mid-?|late )?\d{4}s$/.test(text)) return 'decade';
    if (tokens.slice(start, end + 1).some((t) => MONTHS.test(t.text))) return 'date';
    if (/\d{4}/.test(text)) return 'year';
    return 'date';
  }
  if (type === 'PERCENT') return 'num:percent';
  if (type === 'MONEY')
    return `num:money:${
      tokens
        .slice(start, end + 1)
        .find((t) => isScaleWord(t.text))
        ?.text.toLowerCase() ?? 'unit'
    }`;
  if (type === 'ORDINAL') return 'num:ordinal';
  if (type === 'DURATION' || type === 'TIME') return `num:${type.toLowerCase()}:${tokens[end]?.lemma ?? ''}`;
  // A count takes the unit of the noun it counts: "17 branches" → num:branch, "12 nautical miles" → num:mile,
  // "10 working days" → num:day.
  const describes = next?.pos === 'ADJ' || (next?.pos === 'VERB' && /ing$/i.test(next.text));
  const unit = describes && tokens[end + 2]?.pos === 'NOUN' ? tokens[end + 2] : next;
  if (unit && unit.pos === 'NOUN') return `num:${unit.lemma.toLowerCase()}`;
  if (/^\d{4}$/.test(text) && Number(text) >= 1000 && Number(text) <= 2100) return 'year';
  return 'num:count';
}

/**
 * Where a name goes on after "and", or 0: everyday words after it end a name that says what it is
 * "of" ("Department of Social Welfare and Development") or, ending in a body's word, one of
 * everyday words ("Risk Reduction and Management Office", "Fire and Rescue Department"). Not a
 * second name ("Bank of England and Microsoft", "Mill Street and Water Row").
 */
function andGoesOn(tokens: Token[], i: number, j: number, ctx: NameContext): number {
  if (tokens[j + 1]?.text !== 'and' || !isNamePart(tokens, j + 2, ctx)) return 0;
  let m = j + 2;
  while (isNamePart(tokens, m + 1, ctx)) m++;
  const after = tokens.slice(j + 2, m + 1).map((t) => t.text.toLowerCase());
  if (!after.every((w) => isCommonWord(w))) return 0;
  const ofSomething = tokens.slice(i, j).some((t) => t.text === 'of');
  const body = ORG_WORDS.has(after.at(-1) ?? '') && isCommonWord(tokens[j]?.text ?? '');
  return ofSomething || body ? m : 0;
}

/** Runs of name words (with "of", "de"… inside, hyphens joined), each with its kind. */
function nameRuns(sentence: Sentence, ctx: NameContext): Candidate[] {
  const { tokens } = sentence;
  const out: Candidate[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!isNamePart(tokens, i, ctx)) {
      i++;
      continue;
    }
    let j = i;
    for (;;) {
      if (isNamePart(tokens, j + 1, ctx)) j++;
      else if (joinedHyphen(tokens, j + 1) && isNamePart(tokens, j + 2, ctx)) j += 2;
      // "Stratford on Avon", but not "Powell on Monday": a day or a month after "on" or "in" dates the name.
      else if (
        NAME_LINKS.has(tokens[j + 1]?.text ?? '') &&
        isNamePart(tokens, j + 2, ctx) &&
        // "Thomas Gold of Cornell University": a full name ends before where its bearer is from.
        // So does "Harnaaz Sandhu of India": two names of no everyday word before "of" a country.
        !(
          tokens[j + 1]?.text === 'of' &&
          j > i &&
          (isGivenName(tokens[i]?.text ?? '') ||
            (tokens.slice(i, j + 1).every((t) => !isCommonWord(t.text.toLowerCase())) && placeAfter(tokens, j + 2)))
        ) &&
        !WEEKDAYS.test(tokens[j + 2]?.text ?? '') &&
        !MONTHS.test(tokens[j + 2]?.text ?? '')
      )
        j += 2;
      // "Bank of the West", but not "Mark Hanneman of the Minneapolis Police Department": a person
      // is no part of the body they belong to.
      else if (
        tokens[j + 1]?.text === 'of' &&
        tokens[j + 2]?.text === 'the' &&
        isNamePart(tokens, j + 3, ctx) &&
        !isGivenName(tokens[i]?.text ?? '')
      )
        j += 3;
      // 'Edward "Key" Kennedy', 'Seth Frederick "Bullet" Jalosjos': a nickname in quotes after a first name is part of the name.
      else if (
        isGivenName(tokens[i]?.text ?? '') &&
        QUOTE.test(tokens[j + 1]?.text ?? '') &&
        isNamePart(tokens, j + 2, ctx) &&
        QUOTE.test(tokens[j + 3]?.text ?? '') &&
        isNamePart(tokens, j + 4, ctx)
      )
        j += 4;
      // "Dobbs v. Jackson Women's Health Organization", "Roe v. Wade": both parties name the case
      // (the tagger may read the second as a verb).
      else if (/^(v|vs)\.$/i.test(tokens[j + 1]?.text ?? '') && capitalised(tokens[j + 2])) j += 2;
      // "Constantine the Great", "Leo I the Thracian": an epithet is part of the name.
      else if (tokens[j + 1]?.text === 'the' && isNamePart(tokens, j + 2, ctx) && !isNamePart(tokens, j + 3, ctx))
        j += 2;
      else {
        const on = andGoesOn(tokens, i, j, ctx);
        if (!on) break;
        j = on;
      }
    }
    if (numberInName(tokens, j + 1)) j++;
    // A title before the name is not part of it ("Prime Minister Shinzo ABE" → "Shinzo ABE"), nor
    // what the title is of ("Federal Reserve Chairman Jerome Powell" → "Jerome Powell").
    // Inside a name, a title before the kind of place or body it ends on is the name's own word
    // ("Lindholm General Hospital", "the UN General Assembly"), no person's.
    let s = i;
    for (let k = i + 1; k < j; k++)
      if (
        TITLES.has(tokens[k]?.text.toLowerCase() ?? '') &&
        capitalised(tokens[k + 1]) &&
        !TITLES.has(tokens[k + 1]?.text.toLowerCase() ?? '') &&
        !(k + 1 === j && namesAnInstitution(tokens[j]?.text.toLowerCase() ?? ''))
      )
        s = k;
    while (s < j && TITLES.has(tokens[s]?.text.toLowerCase() ?? '')) s++;
    // "Composer James Newton Howard confirmed…": a calling that opens the sentence before a first
    // name says who they are, and is no part of the name.
    const calling = tokens[s]?.text.toLowerCase() ?? '';
    if (
      j - s >= 2 &&
      startsSentence(tokens, s) &&
      isGivenName(tokens[s + 1]?.text ?? '') &&
      !isGivenName(calling) &&
      isCommonWord(calling) &&
      isMostlyPerson(calling)
    )
      s++;
    // "Americans Henry Sullivan": a people before a full name describes it (a calling may be a
    // title's word: "Crazy Rich Asians").
    if (
      j - s >= 2 &&
      isPeople(tokens[s]?.text.toLowerCase() ?? '') &&
      capitalised(tokens[s + 1]) &&
      capitalised(tokens[j])
    )
      s++;
    // "No. 176", "Op. 39": a reference number, no name ("space group P63/m (No. 176)").
    const numbered =
      /^\d/.test(tokens[j]?.text ?? '') &&
      tokens.slice(s, j).every((t) => t.text === '.' || REFERENCE.test(t.text) || /^(op|vol)$/i.test(t.text));
    // "The Governor of Abra": an office, not a name; what follows "of" is the office's place.
    if (numbered || (s > i && tokens[s]?.text === 'of')) {
      i = j + 1;
      continue;
    }
    // "St. John's", "St Peter's Basilica", "the Justice Department": a saint's place or an office's
    // department keeps its first word; it names no one ("St. John's Capitals" neither).
    // So does a place WordNet knows whole ("Saint Petersburg", "St. Kitts").
    const possessive =
      tokens.slice(s, j + 1).some((t) => /['’]s$/.test(t.text)) || /^['’]s$/.test(tokens[j + 1]?.text ?? '');
    const place = () => isPlaceName(nameKey(spanText(tokens, i, j)));
    if (s > i && (possessive || /^(org|place|event)$/.test(nameKind(tokens, s, j, ctx)) || place())) s = i;
    // "Jefferson and His Time", "Bach's The Well-Tempered Clavier": a capitalised "His" or "The"
    // inside a sentence marks a title's words, and no part of a title is an answer on its own.
    if (inTitle(tokens, i, j)) {
      i = j + 1;
      continue;
    }
    // "Moody's Investors Service": a firm named after its founder keeps the possessive in its name.
    const possessed = /^['’]s$/.test(tokens[s - 1]?.text ?? '') && out.at(-1)?.end === s - 2;
    const after = nameKind(tokens, s, j, ctx);
    // "Clinton's Ditch", "Halley's Comet": one word of no known kind after a name's possessive is
    // the rest of that name, no answer alone.
    const nickname = possessed && s === j && (after === 'name' || after === 'word');
    // So is an event's ("FIFA Women's World Cup"): "FIFA Women" alone is a piece of it.
    if (possessed && (after === 'org' || after === 'event' || nickname)) s = (out.pop() as Candidate).start;
    const text = spanText(tokens, s, j).replace(/\s+/g, ' ');
    const kind = nickname ? 'name' : nameKind(tokens, s, j, ctx);
    // A lone capitalised word before a noun is an adjective here ("German economy", "March elections").
    // So is a people's name of several words ("the South Asian floods").
    const beforeNoun = tokens[j + 1]?.pos === 'NOUN' && !capitalised(tokens[j + 1]);
    const modifier = beforeNoun && (s === j || isDemonym(tokens[j]?.text.toLowerCase() ?? ''));
    // A name that a possessive joins to the next ("Brunel's Folly") is judged whole, with the next.
    const joinsNext = /^['’]s$/.test(tokens[j + 1]?.text ?? '') && isNamePart(tokens, j + 2, ctx);
    // "the registration B-1791", "Table A": a code that only identifies or points elsewhere says nothing.
    const reference = REFERENCE.test(tokens[s - 1]?.text ?? '');
    // "9 degrees Celsius": a scale's name is a unit, nothing asked or offered.
    const unit = /^degrees?$/i.test(tokens[s - 1]?.text ?? '');
    if (kind !== 'title' && !modifier && !reference && !unit && (joinsNext || !partOfQuote(tokens, s, j)))
      out.push({ sentence, start: s, end: j, text, kind });
    i = j + 1;
  }
  return out;
}

/**
 * "Flight 5735", "Liga 1", "Boeing 737": a bare number written right after a name is the rest of
 * it, unless it counts something ("the Herder Trophy 19 times") or dates a month ("March 2015").
 */
function numberInName(tokens: Token[], k: number): boolean {
  const before = tokens[k - 1];
  return (
    /^\d+[\p{L}\d-]*$/u.test(tokens[k]?.text ?? '') &&
    !!before &&
    capitalised(before) &&
    /^(PROPN|NOUN)$/.test(before.pos) &&
    !MONTHS.test(before.text) &&
    !WEEKDAYS.test(before.text) &&
    tokens[k + 1]?.pos !== 'NOUN'
  );
}

/** An everyday thing in WordNet, in the singular if WordNet lists only that ("tomatoes"): "mile", "time"; not "wells" or "leader". */
function isThing(word: string): boolean {
  const w = [word, word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.replace(/s$/, '')].find(isKnownWord);
  return !!w && !mayBePerson(w);
}

/** A name inside a quoted title that holds more than it ("America's Best Banks"): a piece of the title. */
function partOfQuote(tokens: Token[], start: number, end: number): boolean {
  const quote = (t: Token | undefined) => !!t && /^["“”]$/.test(t.text);
  const opened = tokens.slice(0, start).filter(quote).length % 2 === 1;
  return opened && !(quote(tokens[start - 1]) && quote(tokens[end + 1]));
}

/** A tongue or its people, singular or plural: "Americans", "Swedish". */
const isPeople = (w: string) => isLanguage(w) || isLanguage(w.replace(/s$/, ''));
/** A people's word that describes as an adjective and names someone as a noun: "Asian", "European". */
const isDemonym = (w: string) => isAdjective(w) && mayBePerson(w);

/** WordNet's files of the ground itself: a marsh, a bank, a ridge. */
const LANDFORM_FILES = new Set(['object', 'location']);
const COMPASS = /^(north|south|east|west|northern|southern|eastern|western|central|upper|lower|greater)$/;

const TITLE_WORDS = /^(his|her|its|their|our|my|your|the|a|an)$/i;
/** A run of name words beside a capitalised function word ("and His Time", "The Well-Tempered"): part of a title. */
function inTitle(tokens: Token[], start: number, end: number): boolean {
  const titleWord = (k: number) => k > 0 && capitalised(tokens[k]) && TITLE_WORDS.test(tokens[k]?.text ?? '');
  return (
    titleWord(end + 1) ||
    (/^(and|of|in|to|for)$/i.test(tokens[end + 1]?.text ?? '') && titleWord(end + 2)) ||
    titleWord(start - 1)
  );
}

/**
 * The tagger leaves a sentence's capitalised first word unlemmatised ("Thermistors" as a name):
 * read as the common noun the passage writes elsewhere, its plural's singular is its lemma.
 */
function asNoun(head: Token, at: number, ctx: NameContext): Token {
  if (at !== 0 || head.pos !== 'PROPN') return head;
  const word = head.text.toLowerCase();
  const singular = word.replace(/s$/, '');
  return { ...head, text: word, lemma: singular !== word && ctx.lower.has(singular) ? singular : word };
}

const CURRENCY = /^[£€$¥₹]$/;

// "in accordance with clause 9", "see Table 2": a number that points elsewhere in the text says
// nothing itself; nor does one that only identifies ("serial number 41474").
const REFERENCE =
  /^(clauses?|sections?|paragraphs?|articles?|schedules?|pages?|chapters?|figures?|fig\.?|tables?|items?|rules?|annex|appendix|no\.?|number|registration|serial)$/i;
function pointsElsewhere(tokens: Token[], start: number, end: number): boolean {
  if (REFERENCE.test(tokens[start - 1]?.text ?? '')) return true;
  let k = end + 1;
  while (capitalised(tokens[k]) && k - end <= 3) k++;
  // "12 Quarry Lane": a house number is part of its address.
  return k > end + 1 && STREET_WORDS.test(tokens[k - 1]?.text ?? '');
}

/** Numbers and dates with their units, names with their kinds, and short noun phrases. */
export function candidatesOf(sentence: Sentence, ctx: NameContext = emptyNameContext()): Candidate[] {
  const { tokens } = sentence;
  const out: Candidate[] = [];
  const taken = new Set<number>();

  // "revenue falls from $2,000 (500 × $4.00)": a worked sum gives each of its numbers away.
  // "4 × 10^26" is one number.
  const workedSum = /\d\s*(?:[÷=]|×(?!\s*10\^))\s*[$£€]?\d/.test(sentence.text);
  for (const entity of sentence.entities) {
    if (!NUMERIC.has(entity.type) || numberInName(tokens, entity.start)) continue;
    // "under the age of 12 may visit": "may" in lower case is the verb, not the month.
    const modal = entity.end > entity.start && /^(may|march)$/.test(tokens[entity.end]?.text ?? '');
    const e = modal ? { ...entity, end: entity.end - 1, type: 'CARDINAL' } : entity;
    let start = e.start;
    // "the 1990s", "about 17,000": the article and the hedge stay in the sentence.
    while (
      start < e.end &&
      /^(the|about|around|some|nearly|almost|approximately|roughly|over|under|only|just|some)$/i.test(
        tokens[start]?.text ?? '',
      )
    )
      start++;
    // "until February 2021", "since 1998": the preposition stays in the sentence; what it leads to is a date.
    const bounded = /^(until|till|since|by)$/i.test(tokens[start]?.text ?? '') && start < e.end;
    if (bounded) start++;
    // "£32" read as the number 32: its currency sign makes it an amount of money, asked whole.
    const currency = e.type === 'CARDINAL' && start === e.start && CURRENCY.test(tokens[start - 1]?.text ?? '');
    if (currency) start--;
    const text = spanText(tokens, start, e.end);
    if (!/\d/.test(text)) continue; // "today", "last year": no number to ask about
    // 'the song "1944"': a number in quotation marks is a title, no year or count.
    if (QUOTE.test(tokens[start - 1]?.text ?? '') && QUOTE.test(tokens[e.end + 1]?.text ?? '')) {
      for (let i = start; i <= e.end; i++) taken.add(i);
      continue;
    }
    for (let i = start; i <= e.end; i++) taken.add(i);
    if (workedSum || pointsElsewhere(tokens, start, e.end) || halfOfAMeasure(tokens, start, e.end)) continue;
    out.push({
      sentence,
      start,
      end: e.end,
      text,
      kind: numberKind(sentence, start, e.end, currency ? 'MONEY' : bounded && e.type === 'DURATION' ? 'DATE' : e.type),
    });
  }
  // Numbers the entity finder missed (a year after a line break): still numbers.
  tokens.forEach((t, i) => {
    if (taken.has(i) || t.pos !== 'NUM' || !/^\d[\d,.]*$/.test(t.text) || numberInName(tokens, i)) return;
    taken.add(i);
    if (workedSum || pointsElsewhere(tokens, i, i)) return;
    out.push({ sentence, start: i, end: i, text: t.text, kind: numberKind(sentence, i, i, 'CARDINAL') });
  });
  for (const c of nameRuns(sentence, ctx)) {
    if ([...Array(c.end - c.start + 1).keys()].some((k) => taken.has(c.start + k))) continue;
    for (let k = c.start; k <= c.end; k++) taken.add(k);
    out.push(c);
  }

  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    // "Heritability is a statistic…": a sentence's first word is capitalised by its place alone
    // when the passage also writes it in lower case; the term the sentence defines starts there.
    const word = t?.text.toLowerCase() ?? '';
    const startsSentence = i === 0 && ctx.lower.has(word);
    const nounish = !!t && (NOUNISH.has(t.pos) || (startsSentence && t.pos === 'PROPN'));
    if (!t || taken.has(i) || !nounish || (capitalised(t) && !startsSentence)) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < tokens.length &&
      !taken.has(j + 1) &&
      NOUNISH.has(tokens[j + 1]?.pos ?? '') &&
      !capitalised(tokens[j + 1])
    )
      j++;
    let end = j;
    const headLike = (k: number) => tokens[k]?.pos === 'NOUN' || (k === 0 && startsSentence);
    while (end >= i && !headLike(end)) end--;
    let start = i;
    // Keep at most three words: the head noun and what sits just before it.
    if (end - start > 2) start = end - 2;
    // A plural inside a run is a verb the model took for a noun ("database stores data"): the phrase starts after it.
    for (let k = start; k < end; k++) {
      const w = tokens[k] as Token;
      if (w.pos === 'NOUN' && /s$/i.test(w.text) && w.text.toLowerCase() !== w.lemma.toLowerCase()) start = k + 1;
    }
    // "garden centres watering stock": after a plural, an "-ing" word opens a clause on it; its object is the phrase.
    const afterPlural = tokens[start - 1];
    if (
      start < end &&
      afterPlural?.pos === 'NOUN' &&
      /s$/i.test(afterPlural.text) &&
      ingVerb(tokens[start]?.text ?? '')
    )
      start++;
    // "the following formula", "the bakery example": a phrase that points to another part of the
    // text says nothing of its own, as an answer or beside one.
    if (POINTING.has(tokens[start]?.text.toLowerCase() ?? '') || /^examples?$/i.test(tokens[end]?.text ?? '')) {
      i = j + 1;
      continue;
    }
    // "fastest and deepest flow": half of two adjectives joined by "and" is a fragment; the noun alone is not.
    if (/^(and|or)$/i.test(tokens[start - 1]?.text ?? '') && tokens[start - 2]?.pos === 'ADJ')
      while (start < end && tokens[start]?.pos === 'ADJ') start++;
    // "The term population ecology is…": the word that names a term is no part of it.
    if (
      start < end &&
      /^(term|word|phrase|expression)$/i.test(tokens[start]?.text ?? '') &&
      /^the$/i.test(tokens[start - 1]?.text ?? '') &&
      !isKnownWord(nameKey(spanText(tokens, start, end)))
    )
      start++;
    // Quantity words ("many", "several") would give the answer away among bare nouns.
    while (start < end && QUANTIFIERS.has(tokens[start]?.text.toLowerCase() ?? '')) start++;
    // "stopped lifting trays": a gerund after a verb is that verb's object clause, not the phrase.
    while (start < end && /ing$/i.test(tokens[start]?.text ?? '') && tokens[start - 1]?.pos === 'VERB') start++;
    // "a dressing gown", "a washing machine": an "-ing" word the model read as a verb that makes
    // one noun with the phrase (WordNet has it) belongs to it; the phrase alone would split it.
    const gerund = tokens[start - 1];
    if (
      gerund?.pos === 'VERB' &&
      /ing$/i.test(gerund.text) &&
      !taken.has(start - 1) &&
      isKnownWord(nameKey(spanText(tokens, start - 1, end)))
    )
      start--;
    const head = tokens[end];
    if (readsAsNoPhrase(tokens, start, end)) {
      i = j + 1;
      continue;
    }
    // "resistance decreases": a verb the model took for a plural noun after a noun.
    if (head && end > start && tokens[end - 1]?.pos === 'NOUN' && MISTAKEN_VERBS.test(head.text)) {
      i = j + 1;
      continue;
    }
    // A head with more nouns after it is half a compound ("mitochondrial | DNA"): not a phrase.
    // Nor is "principle" of "Archimedes' principle", "law" of "Boyle's law": a name's own words.
    const whole =
      end === j && !isNamePart(tokens, j + 1, ctx) && !namedFor(tokens, start, end) && !complement(tokens, start, end);
    // A sentence's opening word alone is its subject term only when it is a term: rare in everyday
    // English ("Heritability", "Thermistors"), not "Growth" or "Inflation", whose sentence says of what.
    const word0 = head?.text.toLowerCase() ?? '';
    const vagueOpening =
      start === 0 && end === 0 && startsSentence && !isFieldTerm([[head?.lemma ?? '', word0, word0.replace(/s$/, '')]]);
    if (whole && !vagueOpening && head && head.text.length >= 3 && !head.stop && /^\p{L}/u.test(head.text))
      out.push({
        sentence,
        start,
        end,
        // Written as the passage writes it elsewhere ("thermistors"): a capital the sentence's start
        // gave it would single the answer out among lower-case choices.
        text: start === 0 && startsSentence ? lowerFirst(spanText(tokens, start, end)) : spanText(tokens, start, end),
        kind: centuryInWords(tokens, start, end) ? 'century' : `np:${headClass(asNoun(head, end, ctx))}`,
      });
    i = j + 1;
  }
  return out;
}
