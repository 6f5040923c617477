import type { ClozePiece } from '@learnboost/api/contract';
import { HtmlContent as SharedHtmlContent } from '../../../components/html-content';
import { cn } from '../../../lib/cn';
import { type CardFace, extraOf, type Side, sidePieces } from '../card-sides';
import { mediaUrl } from '../media-url';

const BLANK = 'font-semibold text-indigo-700 dark:text-indigo-300';
const REVEALED =
  'rounded bg-amber-100 px-1 font-semibold text-amber-950 ring-1 ring-amber-300 dark:bg-amber-900 dark:text-amber-50 dark:ring-amber-700';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A cloze side of an HTML card as HTML: the deletions are HTML themselves, the hint is text. */
function piecesToHtml(pieces: ClozePiece[]): string {
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

/** A card's HTML with the learner's own images (fetched with the token). */
const HtmlContent = (props: { html: string; className?: string }) => (
  <SharedHtmlContent {...props} mediaUrl={mediaUrl} />
);

function TextPieces({ pieces }: { pieces: ClozePiece[] }) {
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

/**
 * One side of a card, whatever its kind: a basic card's text, an imported card's HTML (with its
 * images), a cloze card's blank or revealed deletion and, on its back, the extra.
 */
export function CardContent({
  card,
  side,
  className,
  testId,
}: {
  card: CardFace;
  side: Side;
  className?: string;
  testId?: string;
}) {
  const pieces = sidePieces(card, side);
  const extra = extraOf(card, side);
  const html = card.format === 'html';
  return (
    <span data-testid={testId} className={cn('block whitespace-pre-wrap', html && 'whitespace-normal', className)}>
      {html ? <HtmlContent html={piecesToHtml(pieces)} /> : <TextPieces pieces={pieces} />}
      {extra &&
        (html ? (
          <HtmlContent html={extra} className="mt-3 border-t border-slate-200 pt-3 text-base dark:border-slate-700" />
        ) : (
          <span className="mt-3 block border-t border-slate-200 pt-3 text-base dark:border-slate-700">{extra}</span>
        ))}
    </span>
  );
}
