/**
 * The policy service (issue 14 "The policy service"; SPEC §7 Policy service; docs/applications.md
 * "Policy service"): `/gateway/policy/policy/{user/permissions, decision/check, sync/syncbydate}`,
 * called by an application's backend with one of the application's confidential OIDC clients
 * (`access: { appClient: true }`; plugins/app-client.ts). The application is the client's. Decisions and
 * permissions are answered from the instance's decision cache (policy.cache.ts) unless MP_POLICY_CACHE=0.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, PolicyCheckBody, PolicyPaths, PolicyPermissionsBody, PolicySyncBody } from '@mp/protocol';
import { registerAppClientAuth } from '../../plugins/app-client.js';
import * as svc from './policy.service.js';
import { PolicyCache, setPolicyCache } from './policy.cache.js';

const access = { appClient: true } as const;
const tags = ['policy'];

export default async function policyRoutes(app: FastifyInstance) {
  registerAppClientAuth(app);
  const cache = app.config.policyCache.enabled ? new PolicyCache(app.database.db, app.config.policyCache, app.log) : undefined;
  setPolicyCache(app.database, cache);
  cache?.start();
  app.addHook('onClose', async () => {
    setPolicyCache(app.database, undefined);
    await cache?.stop();
  });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(PolicyPaths.permissions, { config: { access }, schema: { tags, body: PolicyPermissionsBody } }, async (request) =>
    ok(await svc.userPermissions(app.database.db, request.appClient!.productId, request.body, cache)),
  );

  r.post(PolicyPaths.check, { config: { access }, schema: { tags, body: PolicyCheckBody } }, async (request) =>
    ok(await svc.decide(app.database.db, request.appClient!.productId, request.body, cache)),
  );

  r.post(PolicyPaths.syncbydate, { config: { access }, schema: { tags, body: PolicySyncBody } }, async (request) =>
    ok(await svc.syncChanges(app.database.db, request.appClient!.productId, request.body, app.config.policyRetentionDays, cache)),
  );
}
