/** Plain BM25 over short snippets: small, deterministic and enough for a learner's own notes. */

const STOP = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those what which who whom whose when where why how do does did can could should would will shall may might must i you he she we they me my your our their his her them us about into than then there here so not no yes also just very more most some any all each such only own same too s t explain tell describe define definition mean meaning means simple simply terms please give example know understand word words idea'.split(
    ' ',
  ),
);

/** A light stemmer: enough that "cells" finds "cell" and "dividing" finds "divide(s)". */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('e')) return word.slice(0, -1);
  return word;
}

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w)).map(stem);
}

export type Hit<T> = { item: T; score: number; coverage: number };

/**
 * Ranks items by BM25. `coverage` is the share of the query's IDF weight the item matches:
 * the agent only trusts items that cover most of what was asked.
 */
export function rank<T>(query: string, items: T[], textOf: (item: T) => string, k1 = 1.2, b = 0.75): Hit<T>[] {
  const docs = items.map((item) => terms(textOf(item)));
  const n = docs.length;
  if (n === 0) return [];
  const avg = docs.reduce((s, d) => s + d.length, 0) / n || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + (n - (df.get(w) ?? 0) + 0.5) / ((df.get(w) ?? 0) + 0.5));
  const q = [...new Set(terms(query))];
  const total = q.reduce((s, w) => s + idf(w), 0) || 1;
  return docs
    .map((d, i) => {
      const tf = new Map<string, number>();
      for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
      let score = 0;
      let matched = 0;
      for (const w of q) {
        const f = tf.get(w) ?? 0;
        if (!f) continue;
        matched += idf(w);
        score += (idf(w) * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / avg));
      }
      return { item: items[i] as T, score, coverage: matched / total };
    })
    .filter((h) => h.score > 0)
    .sort((a, b2) => b2.score - a.score);
}
