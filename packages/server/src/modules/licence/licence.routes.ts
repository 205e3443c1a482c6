/**
 * Licence management calls of the platform administrator (SPEC §2 permitManager, §1 system activation;
 * docs/protocol.md "Calls"): the standing (`getlicence`), the activation history (`listlicence`) and
 * activation (`activatelicence`).
 */
import type { FastifyInstance } from 'fastify';
import { LicenceActivateBody, LicenceListBody, ok, Paths, UserType } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as svc from './licence.service.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['licence'];

export default async function licenceRoutes(app: FastifyInstance) {
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  app.post(Paths.getlicence, { config: { access }, schema: { tags } }, async () =>
    ok({ row: await tx((t) => svc.getLicenceStatus(t)) }));

  app.post(Paths.listlicence, { config: { access }, schema: { tags, body: LicenceListBody } }, async (request) =>
    ok(await tx((t) => svc.listLicencePage(t, request.body as LicenceListBody))));

  app.post(Paths.activatelicence, { config: { access }, schema: { tags, body: LicenceActivateBody } }, async (request) =>
    ok({ row: await tx((t) => svc.activateLicence(t, request, (request.body as LicenceActivateBody).code)) }));
}
