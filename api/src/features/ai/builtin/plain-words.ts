// A small, fixed list: the built-in agent rewrites the learner's notes in plainer words, never
// adds facts of its own.
const SIMPLER: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bprior to\b/gi, 'before'],
  [/\bapproximately\b/gi, 'about'],
  [/\butili[sz]e(s|d)?\b/gi, 'use$1'],
  [/\bconsequently\b/gi, 'so'],
  [/\btherefore\b/gi, 'so'],
  [/\bhowever\b/gi, 'but'],
  [/\bnumerous\b/gi, 'many'],
  [/\bsubsequently\b/gi, 'later'],
  [/\bcommence(s|d)?\b/gi, 'start$1'],
  [/\bterminate(s|d)?\b/gi, 'end$1'],
  [/\bfacilitate(s|d)?\b/gi, 'help$1'],
  [/\bdemonstrate(s|d)?\b/gi, 'show$1'],
  [/\bsufficient\b/gi, 'enough'],
  [/\brequire(s|d)?\b/gi, 'need$1'],
  [/\bobtain(s|ed)?\b/gi, 'get$1'],
  [/\badditional\b/gi, 'more'],
  [/\bindividuals\b/gi, 'people'],
  [/\binitial\b/gi, 'first'],
];

export function plainWords(text: string): string {
  let out = text
    .replace(/\s*\([^)]*\)/g, '') // asides in brackets
    .replace(/\s*\[[^\]]*\]/g, '') // citation marks
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, simple] of SIMPLER) out = out.replace(pattern, simple);
  return out;
}
