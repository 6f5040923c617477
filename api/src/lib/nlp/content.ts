import { isFunctionWord } from './aliases';

/**
 * What in a pasted text is content, and what is about the text. Learners paste articles with
 * their heading, a "Source:" line, a licence line, links and citation marks; none of that is
 * something to learn, so the engine never asks about it, never makes a card of it and never
 * answers from it.
 */

// Blank lines, list items and headings end a block; a single line break (wrapped text, OCR
// output) does not.
const BLOCK_BREAK = /\n\s*\n|\n(?=[ \t]*(?:[-*\u2022]|\d+[.)]|#+)\s)/;
const BLOCK_MARKER = /^[ \t]*(?:[-*\u2022]|\d+[.)])\s+/;
const RUN_IN_HEADING = /^\p{Lu}[\p{L}'’-]*(?:\s+[\p{L}'’-]+){0,3}\.\s+(?=\p{Lu})/u;
/**
 * A sub-clause's number or letter where a sentence starts: "4.1 The Publisher shall pay…", "(b) the
 * tenant…", '1.2 "Rent Day" means…'.
 */
const SUB_CLAUSE = /(^|[.!?;:]\s+|\n[ \t]*)(?:\d+(?:\.\d+)+|\((?:[a-z]|[ivx]{1,4}|\d{1,2})\))\s+(?=["“‘']?\p{L})/gu;

const LABELLED =
  /^\s*(?:(?:source|sources|licen[cs]e|copyright|retrieved|accessed|url|link|links|image|photo|credits?|key terms|key words|keywords|tags|see also|further reading|references)\s*:|©|from wikipedia\b)/i;
const URL = /\bhttps?:\/\/\S+|\bwww\.[a-z0-9-]+\.\S+/i;
const LICENCE =
  /\bCC[ -]?BY\b|\bCC[ -]?0\b|creative commons|licensed under|all rights reserved|text is available under|\(public domain\)|\bGNU Free Documentation\b/i;
/** Citation marks: [1], [12]:34, [a], [citation needed], [edit], ^{[3]}. */
const CITATION =
  /\^?\{?\[(?:\d+|[a-z]|note \d+|citation needed|clarification needed|according to whom\?|why\?|who\?|when\?|edit|dubious[^\]]*|page needed)\](?::\s?\d+(?:[–-]\d+)?)?\}?\^?/gi;

/** Words a heading may have; a text's own title, its first line, may run longer ("… as reservoirs fall to record low"). */
const HEADING_WORDS = 12;
const TITLE_WORDS = 20;

/** A heading: one short line without a sentence's end, or a Markdown heading. */
function isHeading(block: string, most = HEADING_WORDS): boolean {
  const line = block.trim();
  if (/^#+\s/.test(line)) return true;
  if (line.includes('\n')) return false;
  const words = line.split(/\s+/).length;
  return words <= most && !/[.!?:;"”)]$/.test(line);
}

/**
 * A heading on a block's first line, the text going on under it without a blank line: in title
 * case ("Westbrook Academy: Homework Policy"), or a few words over a line that opens a sentence
 * ("Children as visitors" over "Children under the age of 12 may visit…"). A wrapped sentence's
 * first line is neither: its next line goes on in lower case, or it breaks after "the", "by"….
 */
function isTitleLine(line: string, next: string): boolean {
  if (!isHeading(line)) return false;
  const all = line.trim().split(/\s+/);
  const words = all.filter((w) => w.replace(/[^\p{L}]/gu, '').length > 3);
  const capitals = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  if (words.length >= 2 && capitals >= 0.6 * words.length) return true;
  return all.length <= 5 && /^["“‘']?\p{Lu}/u.test(next.trim()) && !isFunctionWord(all.at(-1) ?? '');
}

/** True for a line or block that is about the text (a heading, its source, licence or link), not content. */
function isMetadata(block: string, first = false): boolean {
  const line = block.trim();
  if (!line) return true;
  if (LABELLED.test(line) || URL.test(line) || LICENCE.test(line)) return true;
  return isHeading(line, first ? TITLE_WORDS : HEADING_WORDS);
}

/** The passage's content as paragraphs: metadata lines dropped, citation marks removed. */
export function contentBlocks(passage: string): string[] {
  const out: string[] = [];
  for (const raw of passage.replace(/\r\n?/g, '\n').split(BLOCK_BREAK)) {
    // A metadata line can sit inside a paragraph (a "Source:" line right under the text).
    // "2. Rent. The tenant shall pay…": a numbered clause's run-in heading names it, as a heading does.
    // Its sub-clauses' numbers ("4.1", "(b)") say where a sentence sits in the agreement, not what it says.
    const unmarked = BLOCK_MARKER.test(raw)
      ? raw.replace(BLOCK_MARKER, '').replace(SUB_CLAUSE, '$1').replace(RUN_IN_HEADING, '')
      : raw.replace(SUB_CLAUSE, '$1');
    const lines = unmarked.split('\n').filter((l) => !(LABELLED.test(l) || URL.test(l) || LICENCE.test(l)));
    // "Westbrook Academy: Homework Policy" over "Adopted by the Board…": the title is no sentence of it.
    if (lines.length > 1 && isTitleLine(lines[0] ?? '', lines[1] ?? '')) lines.shift();
    // "++" marks a paragraph break in some exports (the World Factbook's): not text, a break.
    for (const part of lines
      .join('\n')
      .replace(CITATION, '')
      .split(/(?:^|\s)\+\+(?=\s|$)/)) {
      const block = part.trim();
      if (block && !isMetadata(block, !out.length)) out.push(block);
    }
  }
  return out;
}

/** The passage's title: its first line when that is a heading over the text ("Unit 4: Trade and Towns in Medieval Europe"), else "". */
export function titleOf(passage: string): string {
  const [first = '', next = ''] = passage
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (LABELLED.test(first) || URL.test(first) || LICENCE.test(first)) return '';
  return isHeading(first, TITLE_WORDS) || isTitleLine(first, next) ? first.replace(/^#+\s*/, '') : '';
}

/** The passage's content as one string (for searching quotes in it). */
export const contentText = (passage: string) => contentBlocks(passage).join('\n\n');
