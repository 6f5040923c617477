import sanitizeHtml from 'sanitize-html';

/**
 * A media reference must be a bare file name, as Anki stores them: anything with a scheme
 * (http:, data:, javascript:), a host (//) or a path would load from elsewhere.
 */
export const isLocalMediaName = (src: string): boolean =>
  src.length > 0 && !/[:/\\]/.test(src) && src !== '.' && src !== '..';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'a'),
    'img',
    'span',
    'div',
    'br',
    'hr',
    'sub',
    'sup',
    'u',
    's',
    'font',
  ],
  allowedAttributes: {
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
    font: ['color'],
  },
  // No URL of any kind survives: `src` is checked as a media name below.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src', 'href', 'cite'],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !isLocalMediaName(frame.attribs.src ?? ''),
};

/** Field HTML made safe to show: formatting, lists, tables and local images stay; the rest goes. */
export const sanitizeField = (html: string): string => sanitizeHtml(html, OPTIONS);

const IMG_SRC = /<img\b[^>]*?\bsrc="([^"]*)"/gi;

const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The media names a sanitised HTML refers to. */
export function imageNames(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((m) => unescapeAttr(m[1] as string));
}

/** Points each `<img src>` at a new name (media renamed on a clash, or found under another spelling). */
export function renameImages(html: string, rename: (name: string) => string | undefined): string {
  return html.replace(IMG_SRC, (whole, src: string) => {
    const next = rename(unescapeAttr(src));
    return next === undefined ? whole : whole.replace(`src="${src}"`, `src="${escapeAttr(next)}"`);
  });
}

const SOUND_TAG = /\[sound:[^\]]*\]/g;

/** Anki's `[sound:…]` tags: LearnBoost plays no sound, so they are removed (and counted). */
export function dropSoundTags(text: string): { text: string; dropped: number } {
  let dropped = 0;
  const out = text.replace(SOUND_TAG, () => {
    dropped++;
    return '';
  });
  return { text: out, dropped };
}
