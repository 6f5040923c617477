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
// A name with a file extension we keep maps of; a `*` stands for any run of characters.
const FILE = /^[\w.*@/-]+\.(?:ts|tsx|mjs|js|sql|md|json|yaml|conf|css|html)$/;

/** The file names a page mentions: in backticks, and the first word of a code-map line. */
function namesIn(page: string): string[] {
  const text = readFileSync(path.join(root, page), 'utf8');
  const names = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string);
  for (const block of text.matchAll(/```\n([\s\S]*?)```/g))
    for (const line of (block[1] as string).split('\n')) {
      const first = line.trim().split(/\s+/)[0]?.replace(/,$/, '');
      if (first) names.push(first);
    }
  // A leading / is a URL the server answers (`/theme.js`), not a file.
  return [...new Set(names.filter((n) => FILE.test(n) && !/^[./]/.test(n) && !n.includes('<')))];
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
