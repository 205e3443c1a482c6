/**
 * Bad-input generators over the gateway's OpenAPI document, and a cheap database fingerprint, for the
 * fuzz test (openapi-fuzz.test.ts; issue 12 §2 "bad input never crashes and always gets the envelope").
 *
 * A route's inputs are read from the document as @fastify/swagger writes them: the JSON body schema
 * (`requestBody.content['application/json'].schema`), and the `query` and `path` parameters. For each
 * route, `badRequest(route)` is a fast-check arbitrary of requests that each carry at least one bad
 * thing: a declared property with a value of the wrong type, a NUL or a lone surrogate, a huge or
 * negative integer, 2^53+1, a float, an over-long string, `__proto__`/`constructor`; prototype keys;
 * an array where an object is expected; extra properties; a required property missing; or a random
 * JSON document. JSON bodies are built as text, so numbers such as 2^53+1 reach the server exactly.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Schema = Record<string, unknown>;

/** One declared input of a route: a body property, a query parameter or a path parameter. */
export interface Input {
  in: 'body' | 'query' | 'path';
  name: string;
  schema: Schema;
  required: boolean;
}

/** A route of the OpenAPI document with its declared inputs. */
export interface FuzzRoute {
  method: 'GET' | 'POST';
  /** The path as the document writes it (`/gateway/…/get/{id}`). */
  path: string;
  /** The JSON body schema, when the route declares one. */
  body: Schema | undefined;
  inputs: Input[];
}

/** A generated request: the URL (path parameters filled, query attached) and the body text, if any. */
export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  body: string | undefined;
  /** What was made bad, for the report. */
  what: string;
  /** Headers to replace (TENANTID, APPID, X-Language, …). */
  headers?: Record<string, string>;
  /** A content type other than JSON (the body is then not signed: sign range 1). */
  contentType?: string;
}

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The routes of an OpenAPI document whose path starts with `prefix`, with their inputs. */
export function routesOf(doc: { paths: Record<string, Record<string, Schema>> }, prefix: string): FuzzRoute[] {
  const out: FuzzRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      if (method !== 'GET' && method !== 'POST') continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      const body = content?.['application/json']?.schema;
      const inputs: Input[] = [];
      if (isObject(body) && isObject(body.properties)) {
        const required = new Set(Array.isArray(body.required) ? (body.required as string[]) : []);
        for (const [name, schema] of Object.entries(body.properties)) inputs.push({ in: 'body', name, schema: schema as Schema, required: required.has(name) });
      }
      for (const p of (op.parameters as { in: string; name: string; schema?: Schema; required?: boolean }[] | undefined) ?? []) {
        if (p.in === 'query' || p.in === 'path') inputs.push({ in: p.in, name: p.name, schema: p.schema ?? {}, required: !!p.required || p.in === 'path' });
      }
      out.push({ method, path, body, inputs });
    }
  }
  return out;
}

/** A plausible value for `schema` (enum's first, minimum, a short string, required properties), as JSON. */
export function plausible(schema: Schema, depth = 0): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alts = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(alts) && alts.length) return plausible(alts[0]!, depth);
  if ('default' in schema) return schema.default;
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      return 'a'.repeat(Math.max(1, Math.min(Number(schema.minLength ?? 1), 8)));
    case 'array':
      return depth > 4 || !isObject(schema.items)
        ? []
        : Array.from({ length: Number(schema.minItems ?? 0) }, () => plausible(schema.items as Schema, depth + 1));
    case 'object': {
      const o: Record<string, unknown> = {};
      if (depth < 5 && isObject(schema.properties))
        for (const k of (schema.required as string[] | undefined) ?? []) o[k] = plausible((schema.properties[k] ?? {}) as Schema, depth + 1);
      return o;
    }
    default:
      return null;
  }
}

/** 2^53 + 1 as JSON text: JSON.stringify cannot write it, JSON.parse reads it as 2^53. */
const BIG = '9007199254740993';

/** Bad values for a body property, as JSON text (each is wrong for the property's declared type or limits). */
function badJson(schema: Schema): fc.Arbitrary<string> {
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const text = (s: string) => JSON.stringify(s);
  return fc.oneof(
    // wrong types
    fc.constantFrom('{}', '[]', '[1,2]', '{"a":1}', 'true', 'null', '""', '"abc"', '[[[]]]', '{"0":"x"}'),
    // NUL and lone surrogates (JSON escapes, so the text itself is valid UTF-8)
    fc.string({ maxLength: 8 }).map((s) => text(`${s}\u0000${s}`)),
    fc.constantFrom('"\\ud800"', '"a\\udc00b"', '"\\udbff\\u0000"', '["\\ud800"]', '{"k":"\\u0000"}'),
    // huge, negative, unsafe and fractional numbers
    fc.constantFrom(
      BIG,
      `-${BIG}`,
      '1e400',
      '-1e400',
      '1e21',
      '4294967296',
      '2147483648',
      '-1',
      '0',
      '-0',
      '0.5',
      '1.5',
      '-2.5',
      String(maximum + 1),
      String(minimum - 1),
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b) => b.toString()),
    // over-long strings, prototype names, script tags
    fc.constantFrom(maxLength + 1, 10_000).map((n) => text('x'.repeat(n))),
    fc.constantFrom(
      '"__proto__"',
      '"constructor"',
      '"prototype"',
      '"toString"',
      '"hasOwnProperty"',
      '"valueOf"',
      '"<script>alert(1)</script>"',
      '"\' OR 1=1 --"',
    ),
  );
}

/** Bad values for a query or path parameter, as URL-encoded text. */
function badParam(schema: Schema): fc.Arbitrary<string> {
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  return fc.oneof(
    fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '%ZZ', '%C0%80', ''),
    fc.constantFrom(BIG, `-${BIG}`, '1e400', '-1', '0.5', '1.5', 'NaN', 'Infinity', 'true', 'null', '%5B%5D', '%7B%7D', '%7B%22a%22%3A1%7D'),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E'),
    fc.constantFrom(maxLength + 1, 5_000).map((n) => 'x'.repeat(n)),
    fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
  );
}

/** Replaces `{name}` path parameters with `values[name]` (URL text) or a plausible value. */
function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'x1');
}

/** JSON text of an object from entries whose values are already JSON text. */
function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** The route's plausible body as entries of JSON text (only the required properties). */
function baseEntries(route: FuzzRoute): [string, string][] {
  const base = route.body ? plausible(route.body) : {};
  return isObject(base) ? Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)]) : [];
}

/**
 * Requests with at least one bad thing for `route` (see the module comment). Path parameters not being
 * fuzzed get a plausible value; query parameters not being fuzzed are left out.
 */
export function badRequest(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const make = (what: string, o: { body?: string; path?: Record<string, string>; query?: string }): FuzzRequest => ({
    method: route.method,
    url: fillPath(route.path, o.path ?? {}) + (o.query ? `?${o.query}` : ''),
    body: route.method === 'POST' ? (o.body ?? objectText(baseEntries(route))) : undefined,
    what,
  });
  const withBase = (entries: [string, string][], useBase: boolean) => {
    if (!useBase) return entries;
    const keys = new Set(entries.map(([k]) => k));
    return [...baseEntries(route).filter(([k]) => !keys.has(k)), ...entries];
  };
  const options: fc.Arbitrary<FuzzRequest>[] = [];
  const short = (v: string) => (v.length > 60 ? `${v.slice(0, 60)}… (${v.length} chars)` : v);
  for (const input of route.inputs) {
    if (input.in === 'body') {
      options.push(
        fc
          .tuple(badJson(input.schema), fc.boolean())
          .map(([v, useBase]) => make(`body.${input.name} = ${short(v)}`, { body: objectText(withBase([[input.name, v]], useBase)) })),
      );
      // one level down: a property of an object, or of the objects of an array
      const inArray = [input.schema.type].flat().includes('array') && isObject(input.schema.items);
      const inner = inArray ? (input.schema.items as Schema) : input.schema;
      if (isObject(inner.properties)) {
        const base = plausible(inner);
        for (const [name, schema] of Object.entries(inner.properties)) {
          options.push(
            badJson(schema as Schema).map((v) => {
              const entries = Object.entries(isObject(base) ? base : {})
                .filter(([k]) => k !== name)
                .map(([k, x]): [string, string] => [k, JSON.stringify(x)]);
              const obj = objectText([...entries, [name, v]]);
              return make(`body.${input.name}${inArray ? '[]' : ''}.${name} = ${short(v)}`, {
                body: objectText(withBase([[input.name, inArray ? `[${obj}]` : obj]], true)),
              });
            }),
          );
        }
      }
    } else {
      options.push(
        badParam(input.schema).map((v) =>
          make(
            `${input.in}.${input.name} = ${short(v)}`,
            input.in === 'path' ? { path: { [input.name]: v } } : { query: `${encodeURIComponent(input.name)}=${v}` },
          ),
        ),
      );
      if (input.in === 'query') {
        options.push(
          fc
            .tuple(badParam(input.schema), badParam(input.schema))
            .map(([a, b]) => make(`query.${input.name} twice`, { query: `${input.name}=${a}&${input.name}=${b}` })),
        );
      }
    }
  }
  if (route.method === 'POST') {
    const required = route.inputs.filter((i) => i.in === 'body' && i.required);
    if (required.length) {
      options.push(
        fc.constantFrom(...required).map((r) => make(`body without ${r.name}`, { body: objectText(baseEntries(route).filter(([k]) => k !== r.name)) })),
      );
    }
    options.push(
      // prototype keys, extra properties, an array or a scalar for the body object, random JSON
      fc
        .constantFrom('__proto__', 'constructor', 'prototype')
        .map((k) => make(`body key ${k}`, { body: objectText(withBase([[k, '{"isAdmin":true,"polluted":1}']], true)) })),
      fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) =>
        make(`extra property ${JSON.stringify(k)}`, {
          body: objectText(
            withBase(
              [
                [`${k}\u0000`, JSON.stringify(v)],
                ['__extra', JSON.stringify(v)],
              ],
              true,
            ),
          ),
        }),
      ),
      fc
        .constantFrom('[]', '[{}]', `[${objectText(baseEntries(route))}]`, '"text"', '1', 'null', 'true', BIG)
        .map((b) => make(`body ${b.slice(0, 40)}`, { body: b })),
      fc.jsonValue({ maxDepth: 4 }).map((v) => make('random JSON body', { body: JSON.stringify(v) })),
      fc.integer({ min: 33, max: 200 }).map((n) => make(`body nested ${n} deep`, { body: '['.repeat(n) + ']'.repeat(n) })),
      // malformed multipart forms (what an upload or import route reads) and content types nobody reads
      fc
        .constantFrom(
          ['multipart/form-data', 'garbage'],
          ['multipart/form-data; boundary=XyZ', 'garbage'],
          ['multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
          ['multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XyZ--\r\n'],
          [
            'multipart/form-data; boundary=XyZ',
            '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.xlsx"\r\n\r\nPK\u0003\u0004x\r\n--XyZ--\r\n',
          ],
          ['text/plain', 'x'],
          ['application/x-www-form-urlencoded', 'a=1'],
          ['application/xml', '<a/>'],
        )
        .map(([contentType, body]) => ({ ...make(`${contentType} body ${JSON.stringify(body.slice(0, 30))}`, { body }), contentType })),
    );
  } else {
    options.push(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }).map((d) =>
        make('random query', {
          query: Object.entries(d)
            .map(([k, v]) => `${encodeURIComponent(k.replace(/[\uD800-\uDFFF]/g, ''))}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`)
            .join('&'),
        }),
      ),
    );
  }
  // the tenant, application and language headers, and a bearer token that is no session's
  options.push(
    fc
      .tuple(
        fc.constantFrom('tenantid', 'appid', 'appcode', 'x-language', 'authorization'),
        fc.oneof(
          fc.constantFrom(
            '__proto__',
            'constructor',
            'not-a-uuid',
            "x' OR '1'='1",
            '00000000-0000-0000-0000-000000000000',
            '1e400',
            'Bearer ',
            'Bearer x',
            'é',
            '',
          ),
          fc.constantFrom(300, 4_000).map((n) => 'a'.repeat(n)),
          fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((x) => x.replace(/[^\x20-\x7e]/g, '')),
        ),
      )
      .map(([name, value]) => ({ ...make(`header ${name} = ${short(value)}`, {}), headers: { [name]: value } })),
  );
  return fc.oneof(...options);
}

/** Tables whose rows record the protocol's own bookkeeping on every request (nonces, attempt counters, the call log). */
export const BOOKKEEPING = new Set(['request_nonces', 'rate_limits', 'call_logs']);

/**
 * A fingerprint of every table of the public schema: its row count and the newest row version
 * (`max(xmin)`: every insert or update writes a newer one), bookkeeping tables left out and the
 * guard's nonce floor setting ignored. Equal fingerprints mean no row was added, changed or removed.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows
    .map((r) => r.table_name)
    .filter((t) => !BOOKKEEPING.has(t));
  const query = tables
    .map(
      (t) =>
        `select '${t}' as t, count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as f from "${t}"${t === 'settings' ? ` where key not like 'guard.%'` : ''}`,
    )
    .join(' union all ');
  const rows = ((await db.execute(sql.raw(query))) as unknown as { rows: { t: string; f: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.t, r.f]));
}

/** The next transaction id the database will hand out: unchanged when nothing wrote in between. */
export async function nextTransactionId(db: Db): Promise<string> {
  const r = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as { rows: { x: string }[] };
  return r.rows[0]!.x;
}

/** The tables whose fingerprints differ. */
export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]);
}
