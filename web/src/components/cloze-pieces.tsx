import type { ClozePiece } from '@learnboost/api/contract';
import { cn } from '../lib/cn';

// A cloze side's pieces on screen, blanks and revealed deletions marked alike wherever a card shows
// (the Flashcards screen, a study room).

const BLANK = 'font-semibold text-indigo-700 dark:text-indigo-300';
const REVEALED =
  'rounded bg-amber-100 px-1 font-semibold text-amber-950 ring-1 ring-amber-300 dark:bg-amber-900 dark:text-amber-50 dark:ring-amber-700';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A cloze side of an HTML card as HTML: the deletions are HTML themselves, the hint is text. */
export function clozePiecesToHtml(pieces: ClozePiece[]): string {
  return pieces
    .map((p) =>
      p.kind === 'text'
        ? p.text
        : p.kind === 'blank'
          ? `<span class="cloze-blank ${BLANK}">${escapeHtml(p.text)}</span>`
          : `<mark class="cloze-revealed ${REVEALED}">${p.text}</mark>`,
    )
    .join('');
}

export function ClozeTextPieces({ pieces }: { pieces: ClozePiece[] }) {
  return (
    <>
      {pieces.map((p, i) =>
        p.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered
          <span key={i}>{p.text}</span>
        ) : p.kind === 'blank' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i} className={cn('cloze-blank', BLANK)}>
            {p.text}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <mark key={i} className={cn('cloze-revealed', REVEALED)}>
            {p.text}
          </mark>
        ),
      )}
    </>
  );
}
