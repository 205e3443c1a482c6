/**
 * The provider's login interaction = the console's login page (SPEC §4 Login flow; docs/oidc.md
 * "Sign-in"):
 * 1. `GET /oidc/interaction/:uid` — where the provider sends a browser that must sign in: redirects to
 *    the console `/login#tenant_id=…&app_code=…&app_id=…&redirect_uri=…&interaction=<uid>`.
 * 2. The console signs the user in, asks for a hand-off ticket (tickets.ts) and navigates to
 * 3. `GET /oidc/interaction/:uid/login?sessionId=<ticket>&redirect_uri=…` — the central code endpoint:
 *    consumes the ticket, checks the platform session and the redirect URI, and finishes the interaction
 *    with the login and the platform session; the provider then redirects to the app with its code.
 *    A user who may not use the app is sent back to it with `error=access_denied`.
 * Pages these routes show themselves (expired interaction, used ticket) are pages.ts error pages.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type Provider from 'oidc-provider';
import Type from 'typebox';
import { DEFAULTS } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { findSessionById } from '../session/session.repository.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findUsableUser, mayUseApp } from './accounts.js';
import { findClientById } from './clients.js';
import { errorPage, pickLocale } from './pages.js';
import { consumeTicket } from './tickets.js';
import { matchesTenant } from './tenant-hint.js';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** `:uid` of an interaction (the provider's ids are 21 characters; generous bound). */
const InteractionParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 128 }) });
/** The code endpoint's query: the hand-off ticket (43 characters) and the redirect URI it must repeat. */
const InteractionLoginQuery = Type.Object({
  sessionId: Type.Optional(Type.String({ maxLength: 256 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
});

function sendHtml(reply: FastifyReply, status: number, html: string): void {
  reply.raw.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  reply.raw.end(html);
}

function redirect(reply: FastifyReply, location: string): void {
  reply.raw.writeHead(303, { location, 'cache-control': 'no-store' });
  reply.raw.end();
}

/** The console login address for interaction `details` (hash parameters of SPEC §2 Login page). */
export async function consoleLoginUrl(app: FastifyInstance, details: Details): Promise<string> {
  const client = await findClientById(app.database.db, String(details.params.client_id ?? ''));
  const hash = new URLSearchParams({
    tenant_id: String(details.params.tenant_id ?? '') || DEFAULTS.tenantId,
    app_code: client?.productCode ?? DEFAULTS.appCode,
    app_id: client?.productId ?? DEFAULTS.appId,
    redirect_uri: String(details.params.redirect_uri ?? ''),
    interaction: details.uid,
  });
  return `/login#${hash.toString()}`;
}

export function registerInteractionRoutes(app: FastifyInstance, provider: Provider, issuerPath: string): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { access: 'public' as const };

  /** Loads the interaction of the browser's cookie, which must be `uid` (the path's), or shows the expired page. */
  async function detailsOf(request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Details | undefined> {
    const locale = pickLocale(undefined, request.headers['accept-language']);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== uid) throw new Error('uid mismatch');
      return details;
    } catch {
      sendHtml(reply, 400, errorPage(locale, 'session_not_found'));
      return undefined;
    }
  }

  r.get(`${issuerPath}/interaction/:uid`, { config, schema: { hide: true, params: InteractionParams } }, async (request, reply) => {
    reply.hijack();
    const details = await detailsOf(request, reply, request.params.uid);
    if (details) redirect(reply, await consoleLoginUrl(app, details));
  });

  r.get(
    `${issuerPath}/interaction/:uid/login`,
    { config, schema: { hide: true, params: InteractionParams, querystring: InteractionLoginQuery } },
    async (request, reply) => {
      reply.hijack();
      const details = await detailsOf(request, reply, request.params.uid);
      if (!details) return;
      const locale = pickLocale(details.params.ui_locales as string | undefined, request.headers['accept-language']);
      const q = request.query;
      const retry = await consoleLoginUrl(app, details);
      if (q.redirect_uri !== details.params.redirect_uri) return sendHtml(reply, 400, errorPage(locale, 'redirect_mismatch', undefined, retry));

      const db = app.database.db;
      const outcome = await inScope(db, PLATFORM_SCOPE, async (tx) => {
        const ticket = await consumeTicket(tx, String(q.sessionId ?? ''));
        if (!ticket) return { kind: 'ticket' as const };
        const session = await findSessionById(tx, ticket.sessionId);
        if (!session || session.state !== 'active' || session.expiresAt <= new Date()) return { kind: 'ticket' as const };
        const client = await findClientById(tx, String(details.params.client_id));
        const found = await findUsableUser(tx, session.userId);
        const allowed =
          !!client &&
          !!found &&
          matchesTenant(details.params.tenant_id as string | undefined, found.user.tenantId, found.tenantCode) &&
          (await mayUseApp(tx, found.user, client.productId));
        await insertAuditEntry(tx, request, {
          tenantId: session.tenantId,
          userId: session.userId,
          username: session.username,
          action: allowed ? 'sso.signin' : 'sso.refused',
          entity: 'oidc_client',
          entityId: String(details.params.client_id),
        });
        return allowed ? { kind: 'ok' as const, session } : { kind: 'denied' as const };
      });
      if (outcome.kind === 'ticket') return sendHtml(reply, 400, errorPage(locale, 'ticket_invalid', undefined, retry));
      if (outcome.kind === 'denied') {
        return provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'the user may not use this application' },
          { mergeWithLastSubmission: false },
        );
      }
      const { session } = outcome;
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        {
          login: { accountId: session.userId, ts: Math.floor(session.createdAt.getTime() / 1000), remember: true },
          mp: { sessionId: session.id },
        },
        { mergeWithLastSubmission: false },
      );
    },
  );
}
