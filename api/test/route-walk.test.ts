// Walks every route of the api, from the app's own route table (so a route added later is
// walked without being listed here), with hostile input: NUL in every path parameter and query
// string, NUL in every text and out-of-range numbers in every numeric field of a JSON body. Each
// answer must be a clear 4xx with a JSON `{error}` (or a success), never a 500.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

type Def = { type: string; innerType?: unknown; in?: unknown; shape?: Record<string, unknown>; format?: string };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })?._zod?.def;

/** The schema under optional, nullable, default and pipe wrappers. */
function core(schema: unknown): unknown {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(s);
    if (!def) return s;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type)) s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
  return s;
}

const shapeOf = (schema: unknown): Record<string, unknown> => {
  const s = core(schema) as { shape?: Record<string, unknown> } | undefined;
  return s?.shape ?? {};
};

/** A plausible value of a field, so a body reaches the field under test. */
function sample(schema: unknown): unknown {
  const s = core(schema);
  const def = defOf(s) as
    | (Def & { entries?: Record<string, string>; values?: unknown[]; options?: unknown[] })
    | undefined;
  switch (def?.type) {
    case 'string':
      if (def.format === 'uuid' || def.format === 'guid') return randomUUID();
      if (def.format === 'email') return 'walker@example.com';
      if (def.format === 'datetime') return new Date().toISOString();
      return 'text';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [];
    case 'union':
      return sample(def.options?.[0]);
    case 'object':
      return Object.fromEntries(Object.entries(shapeOf(s)).map(([k, v]) => [k, sample(v)]));
    default:
      return undefined;
  }
}

const isNumber = (schema: unknown) => defOf(core(schema))?.type === 'number';
const isText = (schema: unknown) => defOf(core(schema))?.type === 'string';
const OUT_OF_RANGE = [1e12, -1e12, 2 ** 31, 1.5];

const withParams = (url: string, value: string) => url.replace(/:(\w+)/g, () => value);

/** What was not a clear answer: a 5xx, or a 4xx without a JSON `{error}` sentence. */
function unclear(label: string, status: number, body: unknown): string[] {
  const sentence = typeof (body as { error?: unknown })?.error === 'string';
  return status >= 500 || (status >= 400 && !sentence) ? [`${label} → ${status}`] : [];
}

describe('every route, walked with hostile input', () => {
  it('answers NUL in a path parameter or a query string with 400, on every route', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const query = Object.keys(shapeOf(r.schema?.querystring));
      const urls = [
        ...(r.url.includes(':') ? [withParams(r.url, 'a%00b')] : []),
        ...query.map((k) => `${withParams(r.url, randomUUID())}?${k}=a%00b`),
      ];
      for (const url of urls) {
        const res = await t.request(r.method, url, { token: t.learner.token });
        expect({ route: `${r.method} ${url}`, status: res.status, body: res.body }).toEqual({
          route: `${r.method} ${url}`,
          status: 400,
          body: { error: 'Text cannot contain the NUL character' },
        });
      }
    }
  });

  it('never answers 500 to out-of-range numbers or NUL text in a query string or a JSON body', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeTable.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD')) {
      const url = withParams(r.url, randomUUID());
      for (const [key, field] of Object.entries(shapeOf(r.schema?.querystring))) {
        if (!isNumber(field) && !isText(field)) continue;
        for (const value of isNumber(field) ? OUT_OF_RANGE : ['9'.repeat(400)]) {
          const res = await t.request(r.method, `${url}?${key}=${value}`, { token: t.learner.token });
          failures.push(...unclear(`${r.method} ${url}?${key}=${value}`, res.status, res.body));
        }
      }
      const body = shapeOf(r.schema?.body);
      const base = sample(r.schema?.body) as Record<string, unknown> | undefined;
      for (const [key, field] of Object.entries(body)) {
        const values = isNumber(field) ? OUT_OF_RANGE : isText(field) ? ['a\u0000b'] : [];
        for (const value of values) {
          const res = await t.request(r.method, url, { token: t.learner.token, body: { ...base, [key]: value } });
          failures.push(...unclear(`${r.method} ${r.url} {${key}: ${JSON.stringify(value)}}`, res.status, res.body));
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
