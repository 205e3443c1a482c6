/**
 * Client access (SPEC §2 App `client` "access management"; issue 4 Single sign-on): the OpenID Connect
 * clients (relying parties) an application registers. Rules as data, one pure check of redirect URIs
 * and grant types shared by the console's forms and the server, request bodies (TypeBox) and row types.
 *
 * Decisions (docs/clients.md):
 * - client id: letters, digits, '-' and '_', at most 64, unique (case-sensitive, as OAuth compares
 *   it); generated on the server (32 hex characters) when left empty; not editable afterwards;
 * - client secret: 32 random bytes base64url (43 characters), made on the server, answered exactly
 *   once (add and reset secret) and stored only as the lowercase hex SHA-256 of that string;
 * - redirect URIs (and post-logout redirect URIs): absolute http(s) URLs without a fragment, https
 *   except for localhost / 127.0.0.1, at most 10, each at most 500 characters, de-duplicated; the
 *   provider matches them exactly;
 * - grant types: a non-empty subset of GRANT_TYPES — the grants the OpenID provider serves
 *   (modules/oidc/clients.ts SUPPORTED_GRANT_TYPES); refresh_token only with authorization_code;
 *   authorization_code needs at least one redirect URI; client_credentials only for confidential clients;
 * - client type (`tokenEndpointAuthMethod`, chosen on add, fixed afterwards): `client_secret_basic`
 *   confidential (a server-side app with a secret), `none` public (single-page or mobile app: no
 *   secret, PKCE S256 — which the provider requires of every client).
 */
import Type, { type Static } from 'typebox';
import { Codes } from '../codes.js';
import { ClientCodes } from '../codes/client.js';
import { MAX_LEN, SCRIPT_TAG } from '../rules.js';
import { pageQuery, PagingSchema, StatusValueSchema } from './common.js';

export * from '../codes/client.js';

/**
 * Grant types the provider serves for registered clients (OAuth 2.0 names). `client_credentials`: the
 * application's backend gets access tokens of its own (for the policy service; docs/applications.md
 * "Client authentication"), confidential clients only.
 */
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * Client types by their OAuth name (RFC 7591 `token_endpoint_auth_method`): `client_secret_basic` a
 * confidential client (secret sent with HTTP Basic or in the form: the provider accepts both), `none`
 * a public client (no secret; PKCE S256 only).
 */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'none'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** Hosts where plain http is allowed for redirect URIs (local development). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'] as const;

export const CLIENT_RULES = {
  /** Optional on add (generated when empty); letters, digits, '-' and '_'. */
  clientId: { max: 64, pattern: /^[A-Za-z0-9_-]+$/ },
  name: { max: MAX_LEN.middle },
  description: { max: MAX_LEN.huge },
  redirectUri: { max: 500 },
  redirectUris: { max: 10 },
  /** Default grant types of a new client. */
  defaultGrantTypes: ['authorization_code', 'refresh_token'] as GrantType[],
} as const;

/** A failed redirect-URI or grant-type rule: the code and its message parameters. */
export interface ClientRuleProblem {
  code: string;
  params?: Record<string, unknown>;
}

/**
 * Checks one redirect URI (already trimmed): absolute http(s) URL, no fragment, https unless the host
 * is localhost / 127.0.0.1, no user info, at most CLIENT_RULES.redirectUri.max characters.
 * Returns null when it holds.
 */
export function checkRedirectUri(uri: string): ClientRuleProblem | null {
  const max = CLIENT_RULES.redirectUri.max;
  if ([...uri].length > max) return { code: ClientCodes.URI_TOO_LONG, params: { uri: `${uri.slice(0, 40)}…`, max } };
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return { code: ClientCodes.URI_INVALID, params: { uri } };
  }
  if (!/^https?:\/\//i.test(uri) || (u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password || /\s/.test(uri)) {
    return { code: ClientCodes.URI_INVALID, params: { uri } };
  }
  if (uri.includes('#')) return { code: ClientCodes.URI_FRAGMENT, params: { uri } };
  if (u.protocol === 'http:' && !(LOOPBACK_HOSTS as readonly string[]).includes(u.hostname)) return { code: ClientCodes.URI_HTTPS_REQUIRED, params: { uri } };
  if (SCRIPT_TAG.test(uri)) return { code: Codes.SCRIPT_TAG, params: {} };
  return null;
}

/**
 * Trims, drops empty entries and de-duplicates (first occurrence kept) a list of redirect URIs, then
 * checks the count and each URI. Returns the clean list, or the first problem.
 */
export function normaliseRedirectUris(list: readonly string[] | undefined): { uris: string[] } | { problem: ClientRuleProblem } {
  const uris = [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))];
  const max = CLIENT_RULES.redirectUris.max;
  if (uris.length > max) return { problem: { code: ClientCodes.URIS_TOO_MANY, params: { max } } };
  for (const uri of uris) {
    const p = checkRedirectUri(uri);
    if (p) return { problem: p };
  }
  return { uris };
}

/**
 * Checks grant types against the redirect URIs: at least one, each supported, refresh_token only with
 * authorization_code, authorization_code only with a redirect URI, client_credentials only for a
 * confidential client (`isPublic` false). Returns the de-duplicated list in
 * GRANT_TYPES order, or the first problem.
 */
export function normaliseGrantTypes(
  list: readonly string[] | undefined,
  redirectUriCount: number,
  isPublic = false,
): { grantTypes: GrantType[] } | { problem: ClientRuleProblem } {
  const given = [...new Set(list ?? [])];
  if (!given.length) return { problem: { code: ClientCodes.GRANT_TYPE_REQUIRED } };
  const bad = given.find((g) => !(GRANT_TYPES as readonly string[]).includes(g));
  if (bad !== undefined) return { problem: { code: ClientCodes.GRANT_TYPE_INVALID, params: { grantType: bad } } };
  const grantTypes = GRANT_TYPES.filter((g) => given.includes(g));
  if (grantTypes.includes('refresh_token') && !grantTypes.includes('authorization_code')) return { problem: { code: ClientCodes.REFRESH_NEEDS_CODE } };
  if (grantTypes.includes('authorization_code') && redirectUriCount === 0) return { problem: { code: ClientCodes.REDIRECT_URI_REQUIRED } };
  if (isPublic && grantTypes.includes('client_credentials')) return { problem: { code: ClientCodes.CREDENTIALS_NEED_SECRET } };
  return { grantTypes };
}

const id = Type.String({ minLength: 1, maxLength: 64 });
/** The app (product id or code) when the APPID header does not name it. */
const productId = Type.Optional(Type.String({ minLength: 1, maxLength: 64 }));
/** Lists are checked item by item in the service (localised messages); the schema only bounds size. */
const uriList = Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 100 });

const fields = {
  productId,
  name: Type.String({ maxLength: CLIENT_RULES.name.max }),
  redirectUris: uriList,
  postLogoutRedirectUris: Type.Optional(uriList),
  grantTypes: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10 }),
  status: Type.Optional(StatusValueSchema),
  description: Type.Optional(Type.String({ maxLength: CLIENT_RULES.description.max })),
};

/**
 * `addclient`: `clientId` optional (generated when empty); `tokenEndpointAuthMethod` the client type
 * (default `client_secret_basic`). Answers `{ row: ClientRow, clientSecret }`.
 */
export const ClientAddBody = Type.Object({
  clientId: Type.Optional(Type.String({ maxLength: CLIENT_RULES.clientId.max })),
  tokenEndpointAuthMethod: Type.Optional(Type.Enum<[...typeof TOKEN_ENDPOINT_AUTH_METHODS]>([...TOKEN_ENDPOINT_AUTH_METHODS])),
  ...fields,
});
export type ClientAddBody = Static<typeof ClientAddBody>;
/** `editclient`: the client id names the client (not editable); every other field is replaced. */
export const ClientEditBody = Type.Object({ clientId: id, ...fields });
export type ClientEditBody = Static<typeof ClientEditBody>;
/** `getclient`, `resetclientsecret`. */
export const ClientIdBody = Type.Object({ clientId: id, productId });
export type ClientIdBody = Static<typeof ClientIdBody>;
/** `deleteclient`: client ids. */
export const ClientIdsBody = Type.Object({ ids: Type.Array(id, { minItems: 1, maxItems: 1000 }), productId });
export type ClientIdsBody = Static<typeof ClientIdsBody>;
/** `statusclient`: client ids and the new status. */
export const ClientStatusBody = Type.Object({ ids: ClientIdsBody.properties.ids, status: StatusValueSchema, productId });
export type ClientStatusBody = Static<typeof ClientStatusBody>;

/** Sortable columns of the client grid. */
export const CLIENT_SORT_FIELDS = ['clientId', 'name', 'status', 'createdAt', 'updatedAt'] as const;

/** `listclient`: paging, sort, keyword (client id or name, contains) and status. */
export const ClientListBody = Type.Object({
  ...pageQuery(CLIENT_SORT_FIELDS),
  productId,
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(StatusValueSchema),
});
export type ClientListBody = Static<typeof ClientListBody>;

/** A client as the grid and form see it: never the secret nor its hash. */
export interface ClientRow {
  clientId: string;
  productId: string;
  name: string;
  /** The client type: `none` is a public client (no secret). */
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: GrantType[];
  status: 0 | 1;
  description: string;
  creator: string;
  createdAt: string;
  updatedAt: string;
}

/** `addclient` and `resetclientsecret`: the row and the secret, answered this once only (null: a public client has none). */
export interface ClientWithSecret {
  row: ClientRow;
  clientSecret: string | null;
}

/** `listmyapp`: paging and a keyword (name or code, contains). */
export const MyAppListBody = Type.Object({
  ...PagingSchema,
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type MyAppListBody = Static<typeof MyAppListBody>;

/** An app tile of the workbench (SPEC §2 "Application list page ('my apps') with tiles of icon and name"). */
export interface MyAppRow {
  id: string;
  code: string;
  name: string;
  abbreviation: string;
  /** URL of the logo image ('' without one), without the `code` query the console adds. */
  logoUrl: string;
  version: string;
  status: 0 | 1;
}
