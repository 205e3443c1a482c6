/**
 * Error answers of the provider's client-facing endpoints brought in line with RFC 6749 §5.2 and
 * RFC 7662 §2.2 where `oidc-provider` answers otherwise (docs/oidc.md "Refusals"). A provider
 * middleware (`provider.use`) that looks at the finished answer of the token, introspection and
 * revocation endpoints and corrects three cases:
 * - no client authentication at all (no Authorization header, no client_id / client_secret /
 *   client_assertion), or an unusable Authorization header (not Basic, not base64, no secret): the
 *   library answers 400 `invalid_request`; RFC 6749 §5.2 says 401 `invalid_client` ("no client
 *   authentication included"; "attempted to authenticate via the Authorization header"), with a
 *   `WWW-Authenticate: Basic` challenge;
 * - a grant type the provider serves but the client did not register: the library answers
 *   `invalid_request`; RFC 6749 says `unauthorized_client`;
 * - introspection by a public client (`none`: it cannot authenticate, RFC 7662 §2.1): 401
 *   `invalid_client`, whatever the token;
 * - introspection of a token the provider does not introspect (an ID token or another JWT): the
 *   library answers 400 `unsupported_token_type`; RFC 7662 says `{ "active": false }`.
 * Only JSON answers are changed (a caller asking for HTML gets the provider's error page).
 */
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** Endpoints that authenticate the client (RFC 6749 §2.3, RFC 7009 §2.1, RFC 7662 §2.1). */
const CLIENT_AUTH_ROUTES = new Set(['token', 'introspection', 'revocation']);

interface ErrorBody {
  error?: unknown;
  error_description?: unknown;
}

function errorBody(ctx: KoaContextWithOIDC): ErrorBody | undefined {
  const b = ctx.body as unknown;
  return b && typeof b === 'object' && !Buffer.isBuffer(b) ? (b as ErrorBody) : undefined;
}

/**
 * True when client authentication failed before a client was identified, for lack of credentials or
 * because of the Authorization header: the request was read (its parameters are known), no client is
 * known, and neither a client_secret nor a client_assertion parameter was sent; then either nothing
 * names a client, or the Authorization header was what the client tried.
 */
function clientAuthMissingOrMalformed(ctx: KoaContextWithOIDC): boolean {
  const params = ctx.oidc.params as Record<string, unknown> | undefined;
  if (!params || ctx.oidc.entities.Client || params.client_secret || params.client_assertion) return false;
  return ctx.headers.authorization !== undefined || !params.client_id;
}

/** Adds the corrections above to `provider` (call once, before it serves requests). */
export function addConformanceFixes(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as KoaContextWithOIDC).oidc;
    const route = oidc?.route;
    if (!route || !CLIENT_AUTH_ROUTES.has(route)) return;
    if (route === 'introspection' && oidc.client?.clientAuthMethod === 'none') {
      ctx.status = 401;
      ctx.body = { error: 'invalid_client', error_description: 'public clients may not use the introspection endpoint' };
      return;
    }
    const body = errorBody(ctx as KoaContextWithOIDC);
    if (!body || typeof body.error !== 'string') return;

    if (ctx.status === 400 && body.error === 'invalid_request' && clientAuthMissingOrMalformed(ctx as KoaContextWithOIDC)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', `Basic realm="${provider.issuer}"`);
      ctx.body = { error: 'invalid_client', error_description: 'client authentication is required' };
      return;
    }
    const grantType = oidc.params?.grant_type as string | undefined;
    if (route === 'token' && ctx.status === 400 && body.error === 'invalid_request' && oidc.client && grantType && !oidc.client.grantTypeAllowed(grantType)) {
      ctx.body = { error: 'unauthorized_client', error_description: `the client is not registered for the ${grantType} grant` };
      return;
    }
    if (route === 'introspection' && ctx.status === 400 && body.error === 'unsupported_token_type') {
      ctx.status = 200;
      ctx.body = { active: false };
    }
  });
}
