/**
 * Calls any gateway route with a request built from its published schema (tests only; the OpenAPI
 * document of @fastify/swagger): every required field gets a plausible value and every id-like field
 * the ids of one entity kind, so a test can drive the whole route table without knowing each route.
 * Used by plugins/tenant-isolation.test.ts (writes across tenants) and plugins/tenant-reads.test.ts
 * (reads inside a tenant and its data scope).
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayClient, RawResponse } from './gateway-client.js';

/** The part of a JSON / OpenAPI schema the filler reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  format?: string;
  minLength?: number;
  maxLength?: number;
  in?: string;
  name?: string;
}

/** A route of the app's route table with its access rule and its OpenAPI operation. */
export interface ProbeRoute {
  method: 'GET' | 'POST';
  url: string;
  access: unknown;
  schema?: Schema;
}

/** Ids by entity kind (`org`, `user`, `station`, `role`, `product`, `job`, …). */
export type IdsByKind = Record<string, string[] | undefined>;

/**
 * Every GET and POST route of `app.routeTable` (the order of registration) with its OpenAPI operation.
 * Call after `app.ready()`.
 */
export function probeRoutes(app: FastifyInstance): ProbeRoute[] {
  const spec = app.swagger() as { paths: Record<string, Record<string, Schema>> };
  const out: ProbeRoute[] = [];
  for (const r of app.routeTable) {
    if (r.method !== 'GET' && r.method !== 'POST') continue;
    out.push({ method: r.method, url: r.url, access: r.access, schema: spec.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] });
  }
  return out;
}

/** Fields whose name says which entity they name; other id-like fields take the kind under test. */
const ID_KINDS: [RegExp, string][] = [
  [/^(tenantId|tenantIds)$/, 'tenant'],
  [/^(org|defaultOrg|affiliatedOrg)Ids?$/, 'org'],
  [/^users?Ids?$/, 'user'],
  [/^stationIds?$/, 'station'],
  [/^roleIds?$/, 'role'],
  [/^(product|app)Ids?$/, 'product'],
  [/^jobIds?$/, 'job'],
  [/^clientIds?$/, 'client'],
];
/** True for a field that names a record by id (`id`, `ids`, `…Id`, `…Ids`, `dpDataid`, `dataId`). */
export const isIdName = (name: string) => /(^id$|^ids$|Id$|Ids$|^dpDataid$|^dataId$)/.test(name);
const kindOf = (name: string, kind: string) => ID_KINDS.find(([re]) => re.test(name))?.[1] ?? kind;

/** A value for `schema` (field `name`) with `ids` of `kind` in every id-like field (a field naming its entity takes that entity's ids). */
export function fillFromSchema(schema: Schema | undefined, name: string, ids: IdsByKind, kind: string, depth = 0): unknown {
  if (!schema || depth > 5) return undefined;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fillFromSchema(options.find((o) => o.type !== 'null') ?? options[0], name, ids, kind, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(k) || isIdName(k)) o[k] = fillFromSchema(s, k, ids, kind, depth + 1);
    }
    return o;
  }
  if (type === 'array') {
    if (isIdName(name)) return ids[kindOf(name, kind)] ?? [];
    const item = fillFromSchema(schema.items, name.replace(/s$/, ''), ids, kind, depth + 1);
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
  }
  if (type === 'string') {
    if (isIdName(name)) return ids[kindOf(name, kind)]?.[0] ?? '';
    if (/start|from|begin/i.test(name)) return new Date(Date.now() - 86_400_000).toISOString();
    if (/end|^to$|until/i.test(name) || schema.format === 'date-time' || /time|date/i.test(name)) return new Date().toISOString();
    if (/password/i.test(name)) return 'Passw0rd!x';
    if (/mail/i.test(name)) return 'probe@example.com';
    const v = 'Probe1';
    return schema.maxLength && schema.maxLength < v.length ? v.slice(0, schema.maxLength) : v;
  }
  if (type === 'integer' || type === 'number') return /page$/i.test(name) ? 1 : /size/i.test(name) ? 50 : (schema.minimum ?? 1);
  if (type === 'boolean') return false;
  return undefined;
}

/** The id-like fields (`isIdName`) a request of `r` must carry: required body fields or required query and path parameters. */
export function requiredIdFields(r: ProbeRoute): string[] {
  const op = r.schema as { parameters?: (Schema & { required?: boolean })[]; requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined;
  const fromParams = (op?.parameters ?? []).filter((p) => p.required && isIdName(p.name ?? '')).map((p) => p.name!);
  const body = op?.requestBody?.content?.['application/json']?.schema;
  return [...fromParams, ...(body?.required ?? []).filter(isIdName)];
}

/**
 * The request `callRoute` sends for `r`: the url with path parameters filled, and the JSON body (POST)
 * or the query string (GET), every id-like field holding `ids` of `kind`; `overrides` replace top-level
 * fields of the body or query.
 */
export function buildRequest(r: ProbeRoute, ids: IdsByKind, kind: string, overrides: Record<string, unknown> = {}): { url: string; body?: unknown } {
  const params = (r.schema as { parameters?: (Schema & { schema?: Schema })[] } | undefined)?.parameters ?? [];
  const url = r.url.replace(/:(\w+)/g, (_, p: string) =>
    encodeURIComponent(String(fillFromSchema(params.find((x) => x.in === 'path' && x.name === p)?.schema ?? { type: 'string' }, p, ids, kind) ?? '')),
  );
  if (r.method === 'GET') {
    const q = new URLSearchParams();
    for (const p of params) if (p.in === 'query') q.set(p.name!, String(fillFromSchema(p.schema, p.name!, ids, kind) ?? ''));
    for (const [k, v] of Object.entries(overrides)) q.set(k, String(v));
    return { url: q.size ? `${url}?${q}` : url };
  }
  const schema = (r.schema as { requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined)?.requestBody?.content?.['application/json']
    ?.schema;
  const filled = fillFromSchema(schema ?? { type: 'object' }, 'body', ids, kind) ?? {};
  return { url, body: Array.isArray(filled) || !Object.keys(overrides).length ? filled : { ...(filled as object), ...overrides } };
}

/**
 * Calls `r` as `c` with the request of `buildRequest`. Answers what was sent (to tell an echo in a
 * refusal from a leak) and the response.
 */
export async function callRoute(
  c: GatewayClient,
  r: ProbeRoute,
  ids: IdsByKind,
  kind: string,
  overrides: Record<string, unknown> = {},
): Promise<{ sent: string; res: RawResponse }> {
  const { url, body } = buildRequest(r, ids, kind, overrides);
  if (r.method === 'GET') return { sent: url, res: await c.get(url) };
  return { sent: `${url} ${JSON.stringify(body)}`, res: await c.post(url, body) };
}
