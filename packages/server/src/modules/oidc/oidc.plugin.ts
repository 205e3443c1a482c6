/**
 * Mounts the OpenID provider under the issuer's path (`/oidc` by default; docs/oidc.md):
 * - the interaction routes (interactions.ts) and the hand-off ticket call (ticket.routes.ts);
 * - POST at the authorization and end-session endpoints, answered as GET (post-methods.ts);
 * - every route under the issuer path gets the provider pages' security headers (route-level helmet
 *   options, plugins/security-headers.ts `oidcPageHelmet`; on the catch-all route one prebuilt
 *   middleware, `oidcPageHeaders`) instead of the console's;
 * - `GET /oidc/me` and `POST /oidc/token/introspection` arriving over HTTP go to the provider's Koa callback
 *   before Fastify sees them, with the same headers, request id and metrics (fast-path.ts; issue 17);
 * - every other `/oidc/*` request is handed, raw, to the provider's Koa callback after `reply.hijack()`.
 *   Fastify's body parsers are kept away from these routes (a pass-through parser leaves the stream to
 *   the provider), and the path is given to the provider relative to the mount, with `originalUrl` so
 *   it builds its own addresses under `/oidc`.
 * Provider middleware added here: a successful refresh renews the platform session (as `renewaltoken`
 * does), and a confirmed RP-initiated logout also ends the platform session the browser session
 * belongs to (single logout: every app's tokens of that sign-in stop working).
 */
import type { IncomingMessage } from 'node:http';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { oidcPayloads, oneTimeCodes } from '../../db/schema/index.js';
import { endSessionById, extendSessionById, findSessionById } from '../session/session.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findLinkedSessionId, LINK_MODEL, noteOidcStateChange, sweepOidcPayloads } from './adapter.js';
import { loadProviderKeys } from './keys.js';
import { createProvider } from './provider.js';
import { registerProvider } from './provider-registry.js';
import { registerInteractionRoutes } from './interactions.js';
import { registerPostMethodRoutes } from './post-methods.js';
import ticketRoutes from './ticket.routes.js';
import { TICKET_PURPOSE } from './tickets.js';
import { PAGE_STYLE_SOURCE } from './pages.js';
import { oidcPageHeaders, oidcPageHelmet } from '../../plugins/security-headers.js';
import { REQUEST_ID_HEADER } from '../../plugins/request-id.js';
import { installFastPath } from './fast-path.js';

/** The platform session a grant is tied to (adapter.ts links). */
async function sessionOfGrant(app: FastifyInstance, grantId: string): Promise<string | undefined> {
  const [row] = await app.database.db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, LINK_MODEL), eq(oidcPayloads.id, `grant:${grantId}`)));
  return (row?.payload as { sessionId?: string } | undefined)?.sessionId;
}

function addProviderHooks(app: FastifyInstance, provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    const oidc = ctx.oidc;
    if (!oidc) return;
    if (oidc.route === 'token' && ctx.status === 200 && oidc.params?.grant_type === 'refresh_token') {
      const grantId = oidc.entities.RefreshToken?.grantId;
      const sessionId = grantId ? await sessionOfGrant(app, grantId) : undefined;
      if (sessionId) {
        await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
          await extendSessionById(tx, sessionId, new Date(Date.now() + app.config.tokenTtlMin * 60_000));
          app.guardStore.forgetSessions({ ids: [sessionId] });
        });
      }
    }
    if (oidc.route === 'end_session_confirm' && ctx.status === 303 && oidc.params?.logout && oidc.session) {
      const sessionId = await findLinkedSessionId(app.database.db, oidc.session.uid);
      if (!sessionId) return;
      await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
        const s = await findSessionById(tx, sessionId);
        if (!s || s.state !== 'active') return;
        await endSessionById(tx, sessionId);
        app.guardStore.forgetSessions({ ids: [sessionId] });
        await insertAuditEntry(tx, undefined, { tenantId: s.tenantId, userId: s.userId, username: s.username, action: 'sso.signout', entity: 'session' });
      });
    }
  });
}

export default async function oidcPlugin(app: FastifyInstance): Promise<void> {
  // Every write of a platform session goes through the guard store's forgetSessions (guard-store.ts):
  // it also drops this instance's token memo (adapter.ts), so a session it ends ends its tokens at once.
  const forgetSessions = app.guardStore.forgetSessions.bind(app.guardStore);
  app.guardStore.forgetSessions = (which) => {
    noteOidcStateChange(app.database.db);
    forgetSessions(which);
  };
  const keys = await loadProviderKeys(app.database.db);
  const provider = createProvider(app, keys);
  registerProvider(app.database, provider);
  addProviderHooks(app, provider);
  app.opsMetrics.watchOidc(provider); // mp_oidc_tokens_issued_total (plugins/metrics.ts)
  const issuerPath = new URL(app.config.oidcIssuer).pathname.replace(/\/$/, '');
  const pageHelmet = oidcPageHelmet(app.config, PAGE_STYLE_SOURCE);
  // The provider's catch-all route (the hot path: introspection, userinfo) sets the same headers from one
  // prebuilt middleware (`pageHeaders`) instead of @fastify/helmet's per-request build.
  const pageHeaders = oidcPageHeaders(app.config, PAGE_STYLE_SOURCE);
  const catchAll = `${issuerPath}/*`;
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith(`${issuerPath}/`)) r.config = Object.assign(r.config ?? {}, { helmet: r.url === catchAll ? { skipRoute: true } : pageHelmet });
  });
  const callback = provider.callback();
  // Userinfo and introspection over HTTP skip Fastify altogether (fast-path.ts; app.inject still takes the route below).
  await installFastPath(app, issuerPath, callback, pageHeaders);

  await app.register(ticketRoutes);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    registerInteractionRoutes(scope, provider, issuerPath);
    await registerPostMethodRoutes(scope, issuerPath);
    scope.all(catchAll, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      await pageHeaders(request.raw, reply.raw);
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id); // reply.header() is not sent after hijack()
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(issuerPath.length) || '/';
      await callback(raw, reply.raw);
    });
  });

  const sweep = setInterval(() => {
    Promise.all([
      sweepOidcPayloads(app.database.db),
      app.database.db.delete(oneTimeCodes).where(and(eq(oneTimeCodes.purpose, TICKET_PURPOSE), lt(oneTimeCodes.expiresAt, new Date(Date.now() - 3_600_000)))),
    ]).catch((err) => app.log.warn({ err }, 'oidc sweep failed'));
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
