/**
 * The OpenID Connect provider (issue 4 "Single sign-on"; docs/oidc.md): `oidc-provider` configured for
 * the authorization-code flow with PKCE (S256, required for every client), refresh tokens (rotated on
 * every use), userinfo, JWKS, RP-initiated logout, introspection and revocation. State lives in the
 * database (adapter.ts), keys too (keys.ts); clients come from `oidc_clients` (clients.ts).
 *
 * Every client is a first-party app of the platform, so there is no consent screen: `loadExistingGrant`
 * grants the scopes an authorization request asks for, once the user is known and may use the app.
 *
 * Standard conformance (issue 12 §3): the token endpoint requires `redirect_uri` with a code
 * (`allowOmittingSingleRegisteredRedirectUri: false`); authorization and end-session accept POST
 * (oidc.plugin.ts, post-methods.ts);
 * discovery lists only what a registered client can use — client authentication
 * `client_secret_basic`, `client_secret_post` and `none` (public clients), ID tokens RS256 — with
 * pushed authorization requests and DPoP switched off (not offered to clients); error codes follow
 * RFC 6749 / 7662 (conformance.ts).
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { drizzleAdapter, findLinkedSessionId, linkPlatformSession } from './adapter.js';
import { APP_ROLES_SCOPE, appRoleClaims, CLAIMS_BY_SCOPE, findUsableUser, loadAccountClaims, mayUseApp } from './accounts.js';
import { CLAIMS_MEMO_MS, createClaimsMemo, registerClaimsMemo } from './claims-memo.js';
import { cacheProviderClients } from './client-cache.js';
import { CLIENT_AUTH_METHODS, secretMatches } from './clients.js';
import { addConformanceFixes } from './conformance.js';
import type { ProviderKeys } from './keys.js';
import { errorPage, loggedOutPage, logoutPage, pickLocale } from './pages.js';
import { matchesTenant } from './tenant-hint.js';

/** Lifetimes in seconds (docs/oidc.md "Lifetimes"). */
export const OIDC_TTL = {
  AccessToken: 10 * 60,
  ClientCredentials: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  RefreshToken: 24 * 60 * 60,
  Interaction: 10 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
};

/** How long a platform-session link outlives its creation (longer than any artefact it guards). */
const LINK_TTL_MS = (OIDC_TTL.Session + 24 * 60 * 60) * 1000;

/** The result the hand-off adds to the interaction: the platform session the user signed in with. */
export interface PlatformResult {
  mp?: { sessionId?: string };
}

function localeOf(ctx: KoaContextWithOIDC) {
  return pickLocale(ctx.oidc?.params?.ui_locales as string | undefined, ctx.get('accept-language'));
}

/** The origin of an absolute URL, or '' when it is not one. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** The client's app (product) id, from its metadata (clients.ts). */
export function productIdOf(client: { metadata(): Record<string, unknown> } | undefined): string {
  return String(client?.metadata().mp_product_id ?? '');
}

/**
 * First-party grant: the user must still be usable and allowed to use the client's app (else
 * `access_denied` goes back to the app); the grant then covers exactly the scopes and claims asked for,
 * and is tied to the platform session of the browser session.
 */
async function loadFirstPartyGrant(app: FastifyInstance, ctx: KoaContextWithOIDC) {
  const db = app.database.db;
  const { oidc } = ctx;
  const client = oidc.client!;
  const accountId = oidc.session!.accountId!;
  const handed = (oidc.result as PlatformResult | undefined)?.mp?.sessionId;
  if (handed) await linkPlatformSession(db, { sessionUid: oidc.session!.uid }, handed, new Date(Date.now() + LINK_TTL_MS));
  const sessionId = handed ?? (await findLinkedSessionId(db, oidc.session!.uid));
  if (!sessionId) return undefined; // not tied to a platform session: the user must sign in (interaction)

  const allowed = await inScope(db, PLATFORM_SCOPE, async (tx) => {
    const found = await findUsableUser(tx, accountId);
    if (!found) return false;
    if (!matchesTenant(oidc.params!.tenant_id as string | undefined, found.user.tenantId, found.tenantCode)) return false;
    return mayUseApp(tx, found.user, productIdOf(client));
  });
  if (!allowed) throw new errors.AccessDenied('the user may not use this application');

  const grantId = (oidc.result as { consent?: { grantId?: string } } | undefined)?.consent?.grantId ?? oidc.session!.grantIdFor(client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing ?? new oidc.provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  const claims = [...oidc.requestParamClaims];
  if (claims.length) grant.addOIDCClaims(claims);
  const id = await grant.save();
  await linkPlatformSession(db, { grantId: id }, sessionId, new Date(Date.now() + LINK_TTL_MS));
  return grant;
}

/** Builds the provider for `app` with its stored keys. */
export function createProvider(app: FastifyInstance, keys: ProviderKeys): Provider {
  const db = app.database.db;
  const issuerPath = new URL(app.config.oidcIssuer).pathname.replace(/\/$/, '');
  const claimsMemo = registerClaimsMemo(app.database, createClaimsMemo(db, app.config.policyCache.enabled ? CLAIMS_MEMO_MS : 0));
  const configuration: Configuration = {
    // Token lookups may be answered from memory for TOKEN_MEMO_MS (adapter.ts; MP_POLICY_CACHE=0: never).
    adapter: drizzleAdapter(db, { memoTokens: app.config.policyCache.enabled }),
    jwks: { keys: keys.jwks as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: keys.cookieKeys },
    claims: Object.fromEntries(Object.entries(CLAIMS_BY_SCOPE).map(([k, v]) => [k, [...v]])),
    scopes: ['openid', 'offline_access', 'profile', 'email', 'phone', APP_ROLES_SCOPE],
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientAuthMethods: [...CLIENT_AUTH_METHODS],
    // Client metadata fixes id_token_signed_response_alg to RS256 (clients.ts): nothing else is offered.
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    allowOmittingSingleRegisteredRedirectUri: false,
    // RFC 8414: introspection needs an authenticated (confidential) client; revocation also takes a
    // public client's client_id (RFC 7009 §2.1).
    discovery: {
      introspection_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS.filter((m) => m !== 'none'),
      revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    },
    extraParams: ['tenant_id'],
    extraClientMetadata: { properties: ['mp_product_id', 'mp_product_code'] },
    // Browser apps (public clients) call the token, userinfo and revocation endpoints from their own
    // page: allowed from the origins of their redirect URIs only. A confidential client's secret never
    // belongs in a browser, so no other client gets CORS.
    clientBasedCORS: (_ctx, origin, client) => client.clientAuthMethod === 'none' && (client.redirectUris ?? []).some((u) => originOf(u) === origin),
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      introspection: {
        enabled: true,
        // An app learns about its own tokens only (public clients are refused: conformance.ts).
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        // An app revokes its own tokens only (RFC 7009 §2.1: the token was issued to the client).
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId !== client.clientId) throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
          return true;
        },
      },
      userinfo: { enabled: true },
      // Applications' backends get access tokens for the policy service (docs/applications.md
      // "Client authentication"); only confidential clients registered for the grant (clients.ts).
      clientCredentials: { enabled: true },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(localeOf(ctx), form, ctx.oidc.client?.clientName);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(localeOf(ctx), ctx.oidc.client?.clientName);
        },
      },
    },
    // Userinfo answers from the claims memo (claims-memo.ts, bound CLAIMS_MEMO_MS); everything else reads.
    findAccount: async (ctx, sub) => {
      const memo = ctx.oidc?.route === 'userinfo' ? claimsMemo : undefined;
      const claims = memo ? await memo.claims(sub) : await loadAccountClaims(db, sub);
      const productId = productIdOf(ctx.oidc?.client);
      const appRoles = memo ? memo.appRoles : (c: typeof claims & object, p: string, scope: string | undefined) => appRoleClaims(db, c, p, scope);
      return claims ? { accountId: sub, claims: async (_use, scope) => ({ ...claims, ...(await appRoles(claims, productId, scope)) }) } : undefined;
    },
    interactions: { url: async (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    loadExistingGrant: (ctx) => loadFirstPartyGrant(app, ctx),
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { ...OIDC_TTL },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(localeOf(ctx), String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
  };
  const provider = new Provider(app.config.oidcIssuer, configuration);
  provider.proxy = true;
  addConformanceFixes(provider);
  // Stored secrets are SHA-256 hashes (clients.ts): hash what the client presents, then compare.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    return Promise.resolve(!!this.clientSecret && secretMatches(this.clientSecret, actual));
  } as never;
  const { enabled, clientTtlMs } = app.config.policyCache;
  cacheProviderClients(app.database, provider, enabled ? clientTtlMs : 0);
  return provider;
}
