import Papa from 'papaparse';
import { CARD_TEXT_MAX, IMPORT_MAX_CARDS } from '../../contract';
import { AppError } from '../../lib/errors';

export type ParsedCard = { question: string; answer: string };
export type ParsedImport = { format: 'csv' | 'tsv'; cards: ParsedCard[] };

// Anki's "notes in plain text" export starts with directives such as "#separator:tab".
const ANKI_DIRECTIVE = /^#[a-z ]+:.*$/i;

function splitDirectives(content: string): { directives: string[]; body: string } {
  const lines = content.split(/\r?\n/);
  let first = 0;
  while (first < lines.length && ANKI_DIRECTIVE.test(lines[first] ?? '')) first++;
  return { directives: lines.slice(0, first), body: lines.slice(first).join('\n') };
}

function detectFormat(directives: string[], body: string): 'csv' | 'tsv' {
  const separator = directives.find((d) => d.toLowerCase().startsWith('#separator:'));
  if (separator) return /tab/i.test(separator) ? 'tsv' : 'csv';
  const firstLine = body.split('\n', 1)[0] ?? '';
  return firstLine.includes('\t') ? 'tsv' : 'csv';
}

/**
 * OWASP's defence against CSV injection: a cell a spreadsheet would run as a formula (it starts
 * with =, +, -, @, tab or carriage return) is written with a leading apostrophe. Cells that already
 * start with apostrophes before such a character get one more, so reading strips exactly one and
 * every card comes back as it was.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const escapeFormula = (cell: string) => (FORMULA_LIKE.test(cell) ? `'${cell}` : cell);
const unescapeFormula = (cell: string) => (cell.startsWith("'") && FORMULA_LIKE.test(cell) ? cell.slice(1) : cell);

const isHeader = (row: string[]) =>
  row[0]?.trim().toLowerCase() === 'question' && row[1]?.trim().toLowerCase() === 'answer';

/**
 * CSV (`question,answer`) or tab-separated text. Quotes, commas and newlines inside quoted
 * fields and a UTF-8 BOM are handled by papaparse; extra columns (Anki tags) are ignored.
 * A row without a question or an answer makes the whole import fail, naming its line.
 */
export function parseImport(content: string): ParsedImport {
  const { directives, body } = splitDirectives(content.replace(/^\uFEFF/, ''));
  const format = detectFormat(directives, body);
  const parsed = Papa.parse<string[]>(body, {
    delimiter: format === 'tsv' ? '\t' : ',',
    skipEmptyLines: 'greedy',
    // Anki's plain-text export does not quote; a stray quote in a TSV field is text.
    quoteChar: format === 'tsv' ? '\u0000' : '"',
  });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal)
    throw new AppError(400, `Line ${(fatal.row ?? 0) + 1 + directives.length}: a quoted field is never closed`);

  const rows = parsed.data.length > 0 && isHeader(parsed.data[0] as string[]) ? parsed.data.slice(1) : parsed.data;
  if (rows.length === 0) throw new AppError(400, 'No cards found: put one card per line, question then answer');
  if (rows.length > IMPORT_MAX_CARDS) {
    throw new AppError(
      400,
      `An import holds at most ${IMPORT_MAX_CARDS.toLocaleString('en-US')} cards; this one has ${rows.length.toLocaleString('en-US')}`,
    );
  }
  const cards = rows.map((row, i) => {
    const [question = '', answer = ''] = format === 'csv' ? row.map(unescapeFormula) : row;
    if (!question.trim() || !answer.trim()) {
      throw new AppError(400, `Card ${i + 1} needs both a question and an answer`);
    }
    if (question.length > CARD_TEXT_MAX || answer.length > CARD_TEXT_MAX) {
      throw new AppError(400, `Card ${i + 1} is longer than ${CARD_TEXT_MAX.toLocaleString('en-US')} characters`);
    }
    return { question, answer };
  });
  return { format, cards };
}

export function toCsv(cards: ParsedCard[]): string {
  // The BOM lets spreadsheet apps read the file as UTF-8; our import strips it.
  return `\uFEFF${Papa.unparse({ fields: ['question', 'answer'], data: cards.map((c) => [escapeFormula(c.question), escapeFormula(c.answer)]) }, { newline: '\r\n' })}\r\n`;
}
