import type { ClozePiece } from '@learnboost/api/contract';
import { useEffect, useMemo, useRef } from 'react';
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

const LOCAL_NAME = /^(?![a-z][a-z0-9+.-]*:)(?!\/\/)[^/\\]+$/i;

/**
 * The card's HTML, sanitised by the import already; this pass only makes it safe to show here:
 * images point at nothing until their media is fetched with the token, and whatever slipped
 * through (a script, a handler, a remote URL) is dropped again rather than trusted.
 */
/** Anki writes some file names percent-encoded in the HTML; the media are stored under the plain name. */
function decodeName(src: string): string {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
}

function prepareHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const el of template.content.querySelectorAll('script, style, iframe, object, embed, link, meta')) el.remove();
  for (const el of template.content.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      if (attr.name.startsWith('on') || attr.name === 'srcset') el.removeAttribute(attr.name);
    }
  }
  for (const img of template.content.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    img.removeAttribute('src');
    if (LOCAL_NAME.test(src)) img.setAttribute('data-media', decodeName(src));
  }
  return template.innerHTML;
}

function HtmlContent({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const prepared = useMemo(() => prepareHtml(html), [html]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new <img> elements to fill.
  useEffect(() => {
    let live = true;
    for (const img of ref.current?.querySelectorAll<HTMLImageElement>('img[data-media]') ?? []) {
      const name = img.dataset.media ?? '';
      mediaUrl(name).then(
        (url) => {
          if (live) img.src = url;
        },
        () => {
          if (live && !img.alt) img.alt = `Image ${name} could not be loaded`;
        },
      );
    }
    return () => {
      live = false;
    };
  }, [prepared]);

  // A span shown as a block: the study card is a button, which may hold only phrasing elements.
  return (
    <span
      ref={ref}
      className={cn('card-html block', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on import and again by prepareHtml.
      dangerouslySetInnerHTML={{ __html: prepared }}
    />
  );
}

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
