/**
 * Approval workflow calls (issue 16; docs/workflow.md "Calls"). User area (`WorkflowPaths`, any signed-in
 * user; the answers are about the caller): request form candidates, submit, withdraw, the lists my task /
 * my handled / process initiated, the task count, a request's detail and the decision. Application area
 * (`WorkflowAppPaths`, `{ app: 'admin' }`): the application's process, its requests, and re-routing or
 * closing an inaccessible one. Each call is one platform-scope transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EmptyBody,
  ok,
  WfAppListBody,
  WfCandidateListBody,
  WfDecisionBody,
  WfListBody,
  WfProcessSaveBody,
  WfRequestAddBody,
  WfRequestIdBody,
  WfResolutionBody,
  WorkflowAppPaths,
  WorkflowPaths,
} from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { Tx } from '../../db/client.js';
import * as svc from './workflow.service.js';

const tags = ['workflow'];

export default async function workflowRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: (tx: Tx) => Promise<T>) => inScope(app.database.db, PLATFORM_SCOPE, fn);
  const user = { config: { access: 'user' as const } };
  const admin = { config: { access: { app: 'admin' } as const } };

  r.post(WorkflowPaths.listwfapp, { ...user, schema: { tags, body: WfCandidateListBody } }, async (q) =>
    ok(await tx((t) => svc.listCandidates(t, q, 'app', q.body))),
  );
  r.post(WorkflowPaths.listwfrole, { ...user, schema: { tags, body: WfCandidateListBody } }, async (q) =>
    ok(await tx((t) => svc.listCandidates(t, q, 'approle', q.body))),
  );
  r.post(WorkflowPaths.addwfrequest, { ...user, schema: { tags, body: WfRequestAddBody } }, async (q) =>
    ok({ row: await tx((t) => svc.submitRequest(t, q, q.body)) }),
  );
  r.post(WorkflowPaths.endwfrequest, { ...user, schema: { tags, body: WfRequestIdBody } }, async (q) =>
    ok({ row: await tx((t) => svc.withdraw(t, q, q.body.id, q.body.comment ?? '')) }),
  );
  r.post(WorkflowPaths.getwfrequest, { ...user, schema: { tags, body: WfRequestIdBody } }, async (q) => ok(await tx((t) => svc.getDetail(t, q, q.body.id))));
  r.post(WorkflowPaths.savewfdecision, { ...user, schema: { tags, body: WfDecisionBody } }, async (q) =>
    ok({ row: await tx((t) => svc.decide(t, q, q.body)) }),
  );
  r.post(WorkflowPaths.listwftask, { ...user, schema: { tags, body: WfListBody } }, async (q) =>
    ok(await tx(async (t) => svc.listPage(t, { kind: 'task', approver: await svc.approverOf(t, q) }, q.body))),
  );
  r.post(WorkflowPaths.listwfhandled, { ...user, schema: { tags, body: WfListBody } }, async (q) =>
    ok(await tx((t) => svc.listPage(t, { kind: 'handled', user: q.auth!.userId }, q.body))),
  );
  r.post(WorkflowPaths.listwfinitiated, { ...user, schema: { tags, body: WfListBody } }, async (q) =>
    ok(await tx((t) => svc.listPage(t, { kind: 'initiated', user: q.auth!.userId }, q.body))),
  );
  r.post(WorkflowPaths.getwftaskcount, { ...user, schema: { tags, body: EmptyBody } }, async (q) => ok({ count: await tx((t) => svc.countTasks(t, q)) }));

  r.post(WorkflowAppPaths.getwfprocess, { ...admin, schema: { tags, body: EmptyBody } }, async (q) => ok(await tx((t) => svc.getProcess(t, q.application!))));
  r.post(WorkflowAppPaths.savewfprocess, { ...admin, schema: { tags, body: WfProcessSaveBody } }, async (q) =>
    ok(await tx((t) => svc.saveProcess(t, q, q.application!, q.body.steps))),
  );
  r.post(WorkflowAppPaths.listwfrequest, { ...admin, schema: { tags, body: WfAppListBody } }, async (q) =>
    ok(await tx((t) => svc.listPage(t, { kind: 'app', productId: q.application!.id }, q.body))),
  );
  r.post(WorkflowAppPaths.savewfresolution, { ...admin, schema: { tags, body: WfResolutionBody } }, async (q) =>
    ok({ row: await tx((t) => svc.resolve(t, q, q.application!, q.body)) }),
  );
}
