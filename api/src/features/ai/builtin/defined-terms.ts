import { spanText } from '../../../lib/nlp/wink';
import type { Candidate } from './candidates';

// Ranking weighs each phrase many times over: each is read once.
const defines = new WeakMap<Candidate, boolean>();

/**
 * "Magma that reaches the surface is called lava", "known as the Steelyard", "A volcano is an
 * opening…": the term its sentence defines, which a teacher asks first.
 */
export function definesTerm(c: Candidate): boolean {
  const known = defines.get(c);
  if (known !== undefined) return known;
  const verdict = readsAsDefined(c);
  defines.set(c, verdict);
  return verdict;
}
function readsAsDefined(c: Candidate): boolean {
  const { tokens } = c.sentence;
  const before = spanText(tokens, 0, c.start - 1).toLowerCase();
  // "(formerly known as Twitter)" names an old name, not a term.
  const naming = /\b(\w+\s+)?(called|termed|known as|referred to as)(\s+(a|an|the))?$/.exec(before);
  if (c.start > 0 && naming) return !/^(formerly|previously|originally|once)\s/.test(naming[1] ?? '');
  const opens = c.start === 0 || (c.start === 1 && /^(a|an|the)$/i.test(tokens[0]?.text ?? ''));
  return (
    opens && /^(is|are)$/i.test(tokens[c.end + 1]?.text ?? '') && /^(a|an|the)$/i.test(tokens[c.end + 2]?.text ?? '')
  );
}
