/**
 * The input-schema rules every route must keep (docs/security.md "Input"; CONVENTIONS "Server"): read
 * by schema-lint.test.ts over the whole route table, so a new route with an open schema fails the suite.
 * - every integer and number has a minimum and a maximum (no 2^53 page numbers reaching SQL);
 * - every string has a `maxLength`, unless it is a closed set (`enum` / `const`);
 * - every array has a `maxItems`;
 * - a `sortField` is a closed set (`sortQuery` / `pageQuery` of the protocol package), never free text.
 * Works on the JSON Schema that TypeBox produces (plain objects), so it needs no TypeBox import.
 */

type Schema = Record<string, unknown>;

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isClosed(s: Schema): boolean {
  if (Array.isArray(s.enum) || 'const' in s) return true;
  const alts = (s.anyOf ?? s.oneOf) as unknown;
  return Array.isArray(alts) && alts.length > 0 && alts.every((a) => isObject(a) && isClosed(a));
}

/**
 * The rule breaches in `schema` (a JSON Schema object), each as `"<path>: <what is wrong>"`; `path`
 * names the root (e.g. `body`). Empty when the schema keeps every rule.
 */
export function lintSchema(schema: unknown, path: string): string[] {
  if (!isObject(schema)) return [];
  const out: string[] = [];
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (!isClosed(schema)) {
    if (
      (types.includes('integer') || types.includes('number')) &&
      (!('maximum' in schema || 'exclusiveMaximum' in schema) || !('minimum' in schema || 'exclusiveMinimum' in schema))
    ) {
      out.push(`${path}: number without minimum and maximum`);
    }
    if (types.includes('string') && !('maxLength' in schema)) out.push(`${path}: string without maxLength`);
    if (types.includes('array') && !('maxItems' in schema)) out.push(`${path}: array without maxItems`);
  }
  if (isObject(schema.properties)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (key === 'sortField' && isObject(sub) && !isClosed(sub)) out.push(`${path}.sortField: not a closed set`);
      out.push(...lintSchema(sub, `${path}.${key}`));
    }
  }
  if (isObject(schema.additionalProperties)) out.push(...lintSchema(schema.additionalProperties, `${path}.*`));
  if (isObject(schema.patternProperties)) for (const [k, sub] of Object.entries(schema.patternProperties)) out.push(...lintSchema(sub, `${path}.{${k}}`));
  if (schema.items !== undefined)
    for (const [i, sub] of [schema.items].flat().entries()) out.push(...lintSchema(sub, `${path}[${Array.isArray(schema.items) ? i : ''}]`));
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const alts = schema[k];
    if (Array.isArray(alts))
      alts.forEach((a, i) => {
        out.push(...lintSchema(a, `${path}<${k}${i}>`));
      });
  }
  return out;
}

/** The breaches of one route's `schema` option (body, querystring, params; headers are not input we store). */
export function lintRouteSchema(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  return (['body', 'querystring', 'params'] as const).flatMap((part) => lintSchema(schema[part], part));
}
