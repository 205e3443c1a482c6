/**
 * The OpenAPI document of the gateway (issue 17 "The API as a product"; docs/protocol.md "OpenAPI"):
 * @fastify/swagger builds the paths and request schemas from the routes; `openapiOptions` adds, for the
 * document only, what a client needs beyond that:
 * - the real security schemes: the signature headers of PROTOCOL.md as `apiKey` header schemes (no
 *   bearer scheme: the session token travels in `Authorization` but is useless without the signature),
 *   TENANTID / APPID for the tenant and application areas, and the policy service's client
 *   authentication (HTTP Basic of a confidential client, or Bearer of its client_credentials token);
 *   each operation's `security` follows its route's access rule;
 * - every operation's responses: 200 the envelope (success with the operation's `data` shape from
 *   openapi/answers.ts, else `data` of any shape; or a failure with `scode` — refused permissions are
 *   200 envelopes with `10009029001`, never 403), 400, 401, 413, 429 and the 5xx fault, each as the
 *   envelope (components.responses).
 * The responses are added in `transformObject`, after Fastify compiled the routes: Fastify never
 * serialises an answer with them, so nothing a handler returns is dropped or coerced. A route that
 * declares nothing still gets the generic envelope, so every operation has its responses.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../types.js';
import { ANSWERS } from './answers.js';

type Json = Record<string, unknown>;

/** The signature headers (PROTOCOL.md "Request headers"), as scheme name → header. */
const SIGNATURE_SCHEMES: Record<string, { header: string; description: string }> = {
  clientId: { header: 'X-Client-Id', description: 'Client identifier; part of the signature (the console sends `mp-console`).' },
  timestamp: { header: 'X-Timestamp', description: 'Milliseconds since the epoch (1–16 digits), within 300 s of the server clock.' },
  nonce: { header: 'X-Nonce', description: '32 random hex characters, new for every request (a replay inside 300 s is refused).' },
  signRange: { header: 'X-Sign-Range', description: '`2` for a POST with a JSON body, else `1`.' },
  signature: {
    header: 'X-Signature',
    description:
      "Lowercase hex of H(clientId + timestamp + token + nonce + signRange + userId + body): H is SM3 when the startup configuration's `cryptoType` is `2`, else SHA-512; token and userId are empty before sign-in; body (the exact text sent) only with sign range 2.",
  },
};

/** Security schemes of components.securitySchemes. */
export const SECURITY_SCHEMES: Json = {
  ...Object.fromEntries(Object.entries(SIGNATURE_SCHEMES).map(([k, v]) => [k, { type: 'apiKey', in: 'header', name: v.header, description: v.description }])),
  sessionToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: '`Bearer <token>` of `signin` / `tokenlogin`; also part of the signature, with the user id.',
  },
  tenant: { type: 'apiKey', in: 'header', name: 'TENANTID', description: 'The tenant the call works in (id or code; default `sys`).' },
  application: {
    type: 'apiKey',
    in: 'header',
    name: 'APPID',
    description: 'The application of an application-area call (id or code); the caller must administer it.',
  },
  policyClientBasic: {
    type: 'http',
    scheme: 'basic',
    description: 'Policy service: an enabled confidential OIDC client of the application, `client_id:client_secret` (RFC 6749 §2.3.1).',
  },
  policyClientBearer: {
    type: 'http',
    scheme: 'bearer',
    description: "Policy service: an access token of the application's confidential client from the `client_credentials` grant.",
  },
};

const signed = Object.fromEntries(Object.keys(SIGNATURE_SCHEMES).map((k) => [k, [] as string[]]));

/** `security` of an operation by its access rule (PROTOCOL.md; plugins/guard.ts). */
export function securityFor(access: Access | undefined): Json[] {
  if (access === undefined || access === 'public') return [];
  if (access === 'signed') return [signed];
  if (typeof access === 'object' && 'appClient' in access) return [{ policyClientBasic: [] }, { policyClientBearer: [] }];
  const session = { ...signed, sessionToken: [] };
  if (typeof access === 'object' && 'tenant' in access) return [{ ...session, tenant: [] }];
  if (typeof access === 'object' && 'app' in access) return [{ ...session, application: [] }];
  return [session];
}

const str = { type: 'string' };
const envelopeProps = (result: '0' | '1', data: Json): Json => ({
  result: { type: 'string', enum: [result] },
  msg: str,
  message: str,
  scode: str,
  data,
});
const envelope = (result: '0' | '1', data: Json, description: string): Json => ({
  type: 'object',
  required: ['result', 'msg', 'message', 'scode', 'data'],
  properties: envelopeProps(result, data),
  description,
});

/** Schemas of components.schemas. */
export const ENVELOPE_SCHEMAS: Json = {
  Success: envelope('1', {}, 'A success: `data` as the operation describes (any shape where the operation names none).'),
  Failure: envelope(
    '0',
    { type: 'object' },
    'A refusal: `scode` names it (docs/codes.md, PROTOCOL.md table), `msg` and `message` carry the same text in the X-Language language.',
  ),
  ValidationFailure: envelope(
    '0',
    {
      type: 'object',
      properties: { errors: { type: 'array', items: { type: 'object', properties: { field: str, message: str } } } },
    },
    "A body, query or path that fails the operation's schema: `data.errors` lists the fields.",
  ),
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

/** Responses of components.responses (the error statuses of PROTOCOL.md "Response envelope"). */
export const ERROR_RESPONSES: Json = {
  BadRequest: {
    description: 'Bad input: schema failure (`protocol.body_invalid` with `data.errors`), bad JSON, characters, keys or URL encoding.',
    content: json({ anyOf: [ref('ValidationFailure'), ref('Failure')] }),
  },
  Unauthorized: {
    description:
      'Missing or wrong signature headers, stale timestamp, replayed nonce, no session token; policy service: client authentication failed (`WWW-Authenticate: Basic`).',
    content: json(ref('Failure')),
  },
  UriTooLong: { description: 'Path and query over 8 KiB, or a path parameter over 256 characters (`protocol.url_too_long`).', content: json(ref('Failure')) },
  UnsupportedMediaType: {
    description: 'A content type other than `application/json` (or multipart where a route reads files).',
    content: json(ref('Failure')),
  },
  PayloadTooLarge: { description: 'A body or file over its limit (`protocol.payload_too_large`).', content: json(ref('Failure')) },
  TooManyRequests: {
    description: 'Rate-limited (sign-in, codes, policy client authentication); `Retry-After` gives the seconds.',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    content: json(ref('Failure')),
  },
  ServerFault: { description: 'A server fault: the envelope with only the request id.', content: json(ref('Failure')) },
};
const use = (name: string) => ({ $ref: `#/components/responses/${name}` });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The responses of one operation (`path` as in the document, `method` lower case). */
export function responsesFor(path: string, method: string, access: Access | undefined): Json {
  const data = ANSWERS[path];
  const success = data ? { ...envelope('1', data as Json, "A success with the operation's `data`.") } : ref('Success');
  const ok: Json = {
    description:
      'The envelope: a success (`result` "1") or a business refusal (`result` "0"; e.g. `10009029001` when the caller may not use the operation — refused permissions are answered as this envelope with HTTP 200, not 403).',
    content: json({ oneOf: [success, ref('Failure')] }),
  };
  if (/\/(export|template)\w*$/.test(path)) (ok.content as Json)[XLSX] = { schema: { type: 'string', format: 'binary' } };
  const out: Json = { 200: ok, 400: use('BadRequest') };
  if (access !== 'public') out[401] = use('Unauthorized');
  out[414] = use('UriTooLong');
  if (method === 'post') Object.assign(out, { 413: use('PayloadTooLarge'), 415: use('UnsupportedMediaType') });
  out[429] = use('TooManyRequests');
  out['5XX'] = use('ServerFault');
  return out;
}

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Options of @fastify/swagger for `app` (reads `app.routeTable` when the document is built). */
export function openapiOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'MP3.0 gateway',
        version: '0.1.0',
        description:
          'The signed gateway of MP3.0: every call answers the envelope `{ result, msg, message, scode, data }`. Signing, encryption and the envelope: docs/protocol.md; a typed client: packages/sdk.',
      },
      components: { securitySchemes: SECURITY_SCHEMES as never, schemas: ENVELOPE_SCHEMAS as never, responses: ERROR_RESPONSES as never },
    },
    transformObject: (doc) => {
      if (!('openapiObject' in doc)) return doc.swaggerObject;
      const { openapiObject } = doc;
      const access = new Map<string, Access | undefined>();
      for (const r of app.routeTable) access.set(`${r.method.toLowerCase()} ${openapiPath(r.url)}`, r.access as Access | undefined);
      for (const [path, ops] of Object.entries(openapiObject.paths ?? {})) {
        for (const [method, op] of Object.entries(ops as Record<string, Json>)) {
          if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
          const rule = access.get(`${method} ${path}`);
          op.responses = responsesFor(path, method, rule);
          op.security = securityFor(rule);
          op.parameters = [
            ...((op.parameters as unknown[]) ?? []),
            {
              in: 'header',
              name: 'X-Language',
              required: false,
              schema: { type: 'string', enum: ['ZH_CN', 'EN_US', 'JA_JP'] },
              description: 'Language of `msg` / `message` (default ZH_CN).',
            },
          ];
        }
      }
      return openapiObject;
    },
  };
}
