/**
 * Licence management calls of the platform administrator (SPEC §2 permitManager, §1 system activation;
 * docs/protocol.md "Calls"): the standing (`getlicence`), the activation history (`listlicence`) and
 * activation (`activatelicence`).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmptyBody, LicenceActivateBody, LicenceListBody, ok, Paths, UserType } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as svc from './licence.service.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['licence'];

export default async function licenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  r.post(Paths.getlicence, { config: { access }, schema: { tags, body: EmptyBody } }, async () => ok({ row: await tx((t) => svc.getLicenceStatus(t)) }));

  r.post(Paths.listlicence, { config: { access }, schema: { tags, body: LicenceListBody } }, async (request) =>
    ok(await tx((t) => svc.listLicencePage(t, request.body))),
  );

  r.post(Paths.activatelicence, { config: { access }, schema: { tags, body: LicenceActivateBody } }, async (request) =>
    ok({ row: await tx((t) => svc.activateLicence(t, request, request.body.code)) }),
  );
}
