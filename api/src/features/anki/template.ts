/**
 * Anki card templates, the simple kind: field substitutions ({{Field}}, {{FrontSide}}),
 * sections ({{#Field}}…{{/Field}}, {{^Field}}…{{/Field}}) and the `text:` and `cloze:` filters.
 * Anything else (other filters such as type:, hint:, furigana:, special fields, scripts) is
 * refused with a reason, and the import skips that note type.
 */
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; name: string; filter: 'none' | 'text' | 'cloze' }
  | { kind: 'frontSide' }
  | { kind: 'section'; name: string; inverted: boolean; body: Node[] };

export type Template = Node[];

export class TemplateError extends Error {}

const TAG = /\{\{(.*?)\}\}/gs;

export function parseTemplate(source: string, fieldNames: ReadonlySet<string>): Template {
  if (/<script\b/i.test(source)) throw new TemplateError('its card template runs scripts');
  const root: Node[] = [];
  const stack: { name: string; body: Node[] }[] = [{ name: '', body: root }];
  let last = 0;
  const top = () => stack[stack.length - 1] as { name: string; body: Node[] };
  for (const match of source.matchAll(TAG)) {
    const text = source.slice(last, match.index);
    if (text) top().body.push({ kind: 'text', text });
    last = (match.index ?? 0) + match[0].length;
    const tag = (match[1] as string).trim();
    const sigil = tag[0];
    if (sigil === '#' || sigil === '^') {
      const name = tag.slice(1).trim();
      requireField(name, fieldNames, tag);
      const body: Node[] = [];
      top().body.push({ kind: 'section', name, inverted: sigil === '^', body });
      stack.push({ name, body });
    } else if (sigil === '/') {
      const name = tag.slice(1).trim();
      if (stack.length === 1 || top().name !== name)
        throw new TemplateError(`its template closes {{${tag}}} out of order`);
      stack.pop();
    } else if (tag === 'FrontSide') {
      top().body.push({ kind: 'frontSide' });
    } else {
      const parts = tag.split(':');
      const name = (parts.pop() as string).trim();
      const filters = parts.map((p) => p.trim());
      if (filters.length > 1 || (filters.length === 1 && filters[0] !== 'text' && filters[0] !== 'cloze')) {
        throw new TemplateError(`its template uses {{${tag}}}, which LearnBoost cannot show`);
      }
      requireField(name, fieldNames, tag);
      top().body.push({ kind: 'field', name, filter: (filters[0] as 'text' | 'cloze' | undefined) ?? 'none' });
    }
  }
  if (stack.length > 1) throw new TemplateError(`its template leaves {{#${top().name}}} open`);
  const rest = source.slice(last);
  if (rest) root.push({ kind: 'text', text: rest });
  return root;
}

function requireField(name: string, fieldNames: ReadonlySet<string>, tag: string) {
  if (!fieldNames.has(name)) throw new TemplateError(`its template uses {{${tag}}}, which is not one of its fields`);
}

/** The field that a cloze template's `{{cloze:Field}}` studies, if any. */
export function clozeFieldOf(template: Template): string | undefined {
  for (const node of template) {
    if (node.kind === 'field' && node.filter === 'cloze') return node.name;
    if (node.kind === 'section') {
      const inner = clozeFieldOf(node.body);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Anki's idea of an empty field: nothing but whitespace and empty markup. */
export const isBlankField = (html: string | undefined): boolean =>
  !html || html.replace(/<(?!img\b)[^>]*>/gi, '').replace(/&nbsp;|\s|\u00a0/g, '') === '';

export const stripHtml = (html: string): string =>
  html
    .replace(/<br\s*\/?>|<div>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

export type RenderOptions = {
  fields: ReadonlyMap<string, string>;
  frontSide?: string;
  /** What `{{cloze:Field}}` becomes (LearnBoost keeps the cloze text apart, so usually ''). */
  cloze?: (field: string) => string;
};

export function renderTemplate(template: Template, opts: RenderOptions): string {
  let out = '';
  for (const node of template) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'frontSide') out += opts.frontSide ?? '';
    else if (node.kind === 'section') {
      const blank = isBlankField(opts.fields.get(node.name));
      if (blank === node.inverted) out += renderTemplate(node.body, opts);
    } else {
      const value = opts.fields.get(node.name) ?? '';
      if (node.filter === 'text') out += stripHtml(value);
      else if (node.filter === 'cloze') out += opts.cloze ? opts.cloze(node.name) : value;
      else out += value;
    }
  }
  return out;
}

/**
 * The answer side without its copy of the question: LearnBoost shows the question above the
 * answer already, so `{{FrontSide}}` and the `<hr id=answer>` after it are left out.
 */
export const trimAnswer = (html: string): string =>
  html.replace(/^(?:\s|<br\s*\/?>|<hr\b[^>]*>)+/i, '').replace(/(?:\s|<br\s*\/?>)+$/i, '');
