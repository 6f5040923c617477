/**
 * "Which of these statements does the passage make?": a real question any sentence affords. The
 * correct choice is the passage's own sentence; each wrong one is that sentence with its key
 * phrase swapped for a distractor of the same kind. A test asks this way only when the passage
 * has too few sentences of a wh-question's shape (docs/ai.md).
 */
export const STATEMENT_PROMPT = 'Which of these statements does the passage make?';

/** The sentence's statements: `cloze` holds `blank` where the key phrase stands. */
export function statementsOf(cloze: string, blank: string, answer: string, wrong: string[]) {
  // A statement is a sentence: it opens with a capital, whatever phrase is put first ("norovirus, sometimes called…").
  const say = (phrase: string) => withCapital(cloze.replace(blank, () => phrase));
  // "An acid is …" with "scale" swapped in is "A scale is …": the article goes with the new phrase.
  const sayWrong = (phrase: string) =>
    say(phrase).replace(
      new RegExp(`\\b(an?)(\\s+)(?=${escapeRegExp(phrase)})`, 'i'),
      (_, article: string, space: string) => {
        const an = /^[aeiou]/i.test(phrase) ? 'an' : 'a';
        return `${/^A/.test(article) ? an.charAt(0).toUpperCase() + an.slice(1) : an}${space}`;
      },
    );
  return { answer: say(answer), wrong: wrong.map(sayWrong) };
}
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "norovirus, sometimes…" as a sentence or a choice opens: "Norovirus, sometimes…". */
export const withCapital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Database normalization" opening its sentence, as the passage writes it inside one. */
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const letterOrDigit = (ch: string | undefined) => !!ch && /[\p{L}\p{N}]/u.test(ch);
/** Part of a word or a number: "2.5" and "1,200" are one. */
const inWord = (s: string, i: number) =>
  letterOrDigit(s[i]) || (/[.,]/.test(s[i] ?? '') && /\d/.test(s[i - 1] ?? '') && /\d/.test(s[i + 1] ?? ''));

/**
 * The phrase in which two statements differ, in each: what the passage says and what the other
 * statement puts in its place. Widened to whole words, and without the punctuation around it
 * ("Belgium, three years" against "Uganda, three years": "Belgium" and "Uganda").
 */
export function swappedPhrases(said: string, other: string): { said: string; other: string } {
  let start = 0;
  while (start < said.length && start < other.length && said[start] === other[start]) start++;
  let end = 0;
  while (
    end < said.length - start &&
    end < other.length - start &&
    said[said.length - 1 - end] === other[other.length - 1 - end]
  )
    end++;
  while (start > 0 && inWord(said, start - 1)) start--;
  while (end > 0 && inWord(said, said.length - end)) end--;
  // An article that changed with the phrase ("An acid" / "A scale") is not part of what was swapped.
  const cut = (s: string) =>
    s
      .slice(start, s.length - end)
      .replace(/^[^\p{L}\p{N}$£€¥₹(]+|[^\p{L}\p{N}%)]+$/gu, '')
      .replace(/^an?\s+/i, '');
  return { said: cut(said), other: cut(other) };
}
