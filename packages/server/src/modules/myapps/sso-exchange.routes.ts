/**
 * `POST /gateway/policy/policy/sso/exchange` (issue 15; docs/users.md "Opening an application"): an
 * application that uses the console's SSO query exchanges the `ssotoken` ticket its callback address received
 * for the user, authenticated like the policy service (`access: { appClient: true }`: HTTP Basic with one of
 * the application's confidential clients, or its client_credentials token; plugins/app-client.ts). The
 * application is the client's: a ticket issued for another application is refused. Body
 * `{ ticket }` → `data.row: PolicySsoUser`; a refused ticket answers HTTP 400 `policy.ticket_invalid`.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, PolicyPaths, PolicySsoExchangeBody } from '@mp/protocol';
import { registerAppClientAuth } from '../../plugins/app-client.js';
import { exchangeAppTicket } from './app-tickets.js';

export default async function ssoExchangeRoutes(app: FastifyInstance) {
  registerAppClientAuth(app);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    PolicyPaths.ssoexchange,
    {
      config: { access: { appClient: true } },
      schema: { tags: ['policy'], body: PolicySsoExchangeBody, summary: 'Exchange an SSO-query ticket for the user (docs/users.md)' },
    },
    async (request) => ok({ row: await exchangeAppTicket(app.database.db, request.appClient!.productId, request.body.ticket) }),
  );
}
