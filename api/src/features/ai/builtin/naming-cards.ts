// Cards that ask what a sentence names: a term or place it names in passing ("…, called a drip
// loop,"), or a person, place or body it describes in commas after the name.
import { inSForm, spanText, type Token } from '../../../lib/nlp/wink';
import { mayBePerson } from '../../../lib/nlp/wordnet';
import type { CardDraft } from '../provider';
import { readPassage } from './questions';

/** A card of a term or a place the sentence names in passing, defined by the phrase it names. */
export function namedInPassing(tokens: Token[]): CardDraft | undefined {
  return calledSomething(tokens) ?? namedThing(tokens);
}

/**
 * "In a steep valley called Harlan Creek" → "What is Harlan Creek?" → "a steep valley": a thing
 * or place the passage names as it goes, by what it is. Not a person ("a patient woman named Ruth
 * Amsel"): who someone is is more than a kind.
 */
function namedThing(tokens: Token[]): CardDraft | undefined {
  for (let at = 2; at < tokens.length - 1; at++) {
    if (!/^(called|named)$/i.test(tokens[at]?.text ?? '')) continue;
    let end = at + 1;
    if (/^the$/i.test(tokens[end]?.text ?? '')) end++;
    const nameFrom = end;
    while (end < tokens.length && /^\p{Lu}/u.test(tokens[end]?.text ?? '') && tokens[end]?.pos === 'PROPN') end++;
    if (end === nameFrom || end - nameFrom > 4) continue;
    let start = at - 1;
    const head = tokens[start];
    if (head?.pos !== 'NOUN' || mayBePerson(head.lemma)) continue;
    while (start > 0 && /^(NOUN|ADJ)$/.test(tokens[start - 1]?.pos ?? '')) start--;
    if (!/^(a|an)$/i.test(tokens[start - 1]?.text ?? '')) continue;
    // "a larger grouping called Panarthropoda": larger than what the card does not say.
    const phrase = tokens.slice(start, at);
    if (
      phrase.some(
        (t) =>
          t.pos === 'ADJ' &&
          (t.text.toLowerCase() !== t.lemma.toLowerCase() || /^(other|such|same|similar|new)$/i.test(t.text)),
      )
    )
      continue;
    return {
      question: `What is ${spanText(tokens, at + 1, end - 1)}?`,
      answer: spanText(tokens, start - 1, at - 1),
    };
  }
  return undefined;
}

/**
 * "Leave a small loop of cable below the socket, called a drip loop," → "What is a drip loop?" →
 * "a small loop of cable below the socket": the object of a verb, then ", called"/", known as"
 * and a short term. The phrase must agree with the term in number ("the source, called erratics"
 * names the boulders, not the source) and hold no verb of its own.
 */
function calledSomething(tokens: Token[]): CardDraft | undefined {
  for (let comma = 2; comma < tokens.length - 2; comma++) {
    if (tokens[comma]?.text !== ',') continue;
    const word = (i: number) => tokens[i]?.text.toLowerCase() ?? '';
    const from = /^(called|termed)$/.test(word(comma + 1))
      ? comma + 2
      : word(comma + 1) === 'known' && word(comma + 2) === 'as'
        ? comma + 3
        : -1;
    if (from < 0) continue;
    // The term's own article stays with it in the question ("What is a drip loop?").
    const termFrom = /^(a|an|the)$/.test(word(from)) ? from + 1 : from;
    let end = termFrom;
    while (end < tokens.length && /^(NOUN|PROPN|ADJ)$/.test(tokens[end]?.pos ?? '') && tokens[end]?.text !== ',') end++;
    const term = tokens.slice(termFrom, end);
    const closes = /^[,.;]$/.test(tokens[end]?.text ?? '');
    if (!closes || term.length === 0 || term.length > 4 || !term.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN'))
      continue;
    // The phrase named: back from the comma over nouns, adjectives and their prepositions, to a/an/the after a verb.
    let start = comma - 1;
    while (start > 0 && /^(NOUN|PROPN|ADJ|ADP|DET|NUM)$/.test(tokens[start - 1]?.pos ?? '')) start--;
    while (start < comma && !/^(a|an|the)$/i.test(tokens[start]?.text ?? '')) start++;
    const phrase = tokens.slice(start, comma);
    if (phrase.length < 3 || phrase.length > 12 || tokens[start - 1]?.pos !== 'VERB') continue;
    const ofAt = phrase.findIndex((t) => t.pos === 'ADP');
    const head = [...(ofAt < 0 ? phrase : phrase.slice(0, ofAt))].reverse().find((t) => t.pos === 'NOUN');
    const many = inSForm(term.at(-1) as Token);
    if (!head || inSForm(head) !== many) continue;
    const termText = spanText(tokens, from, end - 1);
    return {
      question: `What ${many ? 'are' : 'is'} ${termText.replace(/^(A|An|The)\b/, (a) => a.toLowerCase())}?`,
      answer: spanText(tokens, start, comma - 1),
    };
  }
  return undefined;
}

/**
 * "Derek Ollason, chair of the Ellerby Fishermen's Association, said…" → "Who is Derek Ollason?":
 * a person's name with the phrase after it, between commas, that says who they are; "Pell Ridge,
 * a bare granite summit…" → "What is Pell Ridge?" for a place or a body.
 */
export function describedNameCards(text: string): (CardDraft & { sentence: string })[] {
  const { pool } = readPassage(text, { asksSubject: true });
  const out: (CardDraft & { sentence: string })[] = [];
  for (const c of pool) {
    const { tokens } = c.sentence;
    const person = c.kind === 'person';
    if (!(person || /^(place|org)$/.test(c.kind)) || !c.text.includes(' ') || tokens[c.end + 1]?.text !== ',') continue;
    const from = c.end + 2;
    let to = from;
    while (to < tokens.length && !/^[,;:.()"“”]$/.test(tokens[to]?.text ?? '')) to++;
    const role = tokens.slice(from, to);
    // A description, not a clause: no verb in it, and it closes with a comma or the sentence.
    if (role.length < 2 || role.length > 12 || !/^[,.]$/.test(tokens[to]?.text ?? '')) continue;
    if (!/^(DET|NOUN|ADJ|PROPN)$/.test(role[0]?.pos ?? '') || !role.some((t) => t.pos === 'NOUN')) continue;
    if (role.some((t) => /^(VERB|AUX|PRON|SCONJ)$/.test(t.pos))) continue;
    const answer = spanText(tokens, from, to - 1);
    // "Pell Ridge, a bare granite summit 2,140 metres above sea level,": a place or a body is what its apposition says it is.
    if (!person) {
      if (/^(a|an|the)$/i.test(role[0]?.text ?? ''))
        out.push({ question: `What is ${c.text}?`, answer, sentence: c.sentence.text });
      continue;
    }
    // The passage's tense: "Richard Anning, a cabinetmaker, died in 1810" asks "Who was …?".
    const past = tokens.some(
      (t) => /^(was|were|had|did|said)$/i.test(t.text) || (t.pos === 'VERB' && /ed$/.test(t.text)),
    );
    out.push({ question: `Who ${past ? 'was' : 'is'} ${c.text}?`, answer, sentence: c.sentence.text });
  }
  return out;
}
