/**
 * `POST /gateway/auth/auth/login/ssoticket` (docs/oidc.md "Hand-off"): a signed call with the session
 * that answers a single-use, 60-second hand-off ticket for the central code endpoint, so the bearer
 * token never travels in an address. Rate-limited per session (30 a minute).
 * Answers `data.row: { ticket, expiresAt }` (ms since the epoch).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmptyBody, ok, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { issueTicket } from './tickets.js';

export default async function ticketRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    Paths.ssoticket,
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], body: EmptyBody, summary: 'A single-use hand-off ticket for the OpenID provider (docs/oidc.md)' },
    },
    async (request) => {
      const auth = request.auth!;
      await enforceRateLimits(app.database.db, [{ key: `sso_ticket:${auth.sessionId}`, limit: { max: 30, windowMs: 60_000 } }]);
      const issued = await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
        issueTicket(tx, { sessionId: auth.sessionId, userId: auth.userId, tenantId: auth.tenantId }),
      );
      return ok({ row: { ticket: issued.ticket, expiresAt: issued.expiresAt.getTime() } });
    },
  );
}
