import { ClozeTextPieces, clozePiecesToHtml } from '../../../components/cloze-pieces';
import { HtmlContent as SharedHtmlContent } from '../../../components/html-content';
import { cn } from '../../../lib/cn';
import { type CardFace, extraOf, type Side, sidePieces } from '../card-sides';
import { mediaUrl } from '../media-url';

/** A card's HTML with the learner's own images (fetched with the token). */
const HtmlContent = (props: { html: string; className?: string }) => (
  <SharedHtmlContent {...props} mediaUrl={mediaUrl} />
);

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
      {html ? <HtmlContent html={clozePiecesToHtml(pieces)} /> : <ClozeTextPieces pieces={pieces} />}
      {extra &&
        (html ? (
          <HtmlContent html={extra} className="mt-3 border-t border-slate-200 pt-3 text-base dark:border-slate-700" />
        ) : (
          <span className="mt-3 block border-t border-slate-200 pt-3 text-base dark:border-slate-700">{extra}</span>
        ))}
    </span>
  );
}
