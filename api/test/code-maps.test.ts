// The README's code map and docs/ name files; a newcomer follows them. This fails when one names a
// file the tree no longer has (a moved or deleted file must take its map line along).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', 'coverage']);

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    out.push(entry.isDirectory() ? `${rel}/` : rel);
    if (entry.isDirectory()) filesUnder(rel, out);
  }
  return out;
}

const tree = filesUnder('');
const maps = ['README.md', 'web/README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)].filter(
  (f) => f.endsWith('.md'),
);
// A name with a file extension we keep maps of, or a folder (ending in /); a `*` stands for any
// run of characters.
const FILE = /^[\w.*@/-]+(?:\.(?:ts|tsx|mjs|js|sql|md|json|yaml|conf|css|html)|\/)$/;

/** The lines of a page's code maps: its fenced blocks without a language (a ```sh block is commands). */
function codeMapLines(text: string): string[] {
  const lines: string[] = [];
  let fence: 'map' | 'other' | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = fence ? null : line === '```' ? 'map' : 'other';
    else if (fence === 'map') lines.push(line);
  }
  return lines;
}

/** The file and folder names a page mentions: in backticks, and the first word of a code-map line. */
function namesIn(page: string): string[] {
  const text = readFileSync(path.join(root, page), 'utf8');
  const names = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string);
  for (const line of codeMapLines(text)) {
    const first = line.trim().split(/\s+/)[0]?.replace(/,$/, '');
    if (first) names.push(first);
  }
  // A leading / is a URL the server answers (`/theme.js`), not a file; an upper-case word is an
  // environment variable's folder (DATA_DIR/anki-imports/), and dist/ a build's output: both made at
  // run time.
  return [
    ...new Set(
      names.filter(
        (n) =>
          FILE.test(n) &&
          !/^[./]/.test(n) &&
          !/^[A-Z_]+\//.test(n) &&
          !SKIP.has(n.split('/')[0] as string) &&
          !n.includes('<'),
      ),
    ),
  ];
}

const exists = (name: string) => {
  const pattern = new RegExp(`(^|/)${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return tree.some((f) => pattern.test(f));
};

describe('code maps and docs', () => {
  it.each(maps)('%s names only files the tree has', (page) => {
    expect(namesIn(page).filter((n) => !exists(n))).toEqual([]);
  });
});
