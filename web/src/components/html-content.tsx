import { useEffect, useMemo, useRef } from 'react';
import { cn } from '../lib/cn';

// A card's HTML (an imported card, a room card), shown safely with its images: the flashcards
// and the study rooms each say where their images come from.

const LOCAL_NAME = /^(?![a-z][a-z0-9+.-]*:)(?!\/\/)[^/\\]+$/i;

/** Anki writes some file names percent-encoded in the HTML; the media are stored under the plain name. */
function decodeName(src: string): string {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
}

/**
 * The card's HTML, sanitised by the import already; this pass only makes it safe to show here:
 * images point at nothing until their media is fetched with the token, and whatever slipped
 * through (a script, a handler, a remote URL) is dropped again rather than trusted.
 */
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

export function HtmlContent({
  html,
  className,
  mediaUrl,
}: {
  html: string;
  className?: string;
  /** An object URL for an image named in the HTML (fetched with the token: an <img> cannot send it). */
  mediaUrl: (name: string) => Promise<string>;
}) {
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
