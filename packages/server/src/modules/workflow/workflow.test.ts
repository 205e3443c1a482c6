import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Codes, WorkflowAppPaths as AP, WorkflowCodes, WorkflowPaths as P } from '@mp/protocol';
import { rowsOf } from '../../db/client.js';
import { appRoleUsers, appUserGrants, auditLog, tenantProducts, users, wfActions } from '../../db/schema/index.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { approvedBy, approverAt, countTasks, loadApprover } from './workflow.repository.js';
import { inApp, MANAGER_THEN_ADMIN, workflowWorld, type WfWorld } from './workflow.fixtures.js';

let w: WfWorld;
const db = () => w.t.app.database.db;
const crm = () => inApp(w.appA.code);
const grantsOf = (userId: string) => db().select().from(appUserGrants).where(eq(appUserGrants.userId, userId));
const count = async (c: GatewayClient) => (await c.post(P.getwftaskcount, {})).body.data.count as number;
const inbox = async (userId: string, requestId: string) =>
  rowsOf<{ subject: string }>(
    await db().execute(
      sql`select subject from message_deliveries where user_id = ${userId} and source_kind = 'workflow' and source_id = ${requestId} order by created_at`,
    ),
  );
const submitApp = async (c: GatewayClient, reason = 'I sell to key accounts') => c.post(P.addwfrequest, { kind: 'app', targetId: w.appA.id, reason });
const setProcess = async (steps: unknown[]) => {
  const r = await w.a.post(AP.savewfprocess, { steps }, crm());
  expect(r.body.result).toBe('1');
};
const setUserStatus = (id: string, status: number) => db().update(users).set({ status }).where(eq(users.id, id));

beforeAll(async () => {
  w = await workflowWorld();
  w.a.language = 'EN_US';
  w.b.language = 'EN_US';
});
afterAll(async () => {
  await w.t.close();
});

describe('workflow: requests and candidates', () => {
  it('offers the applications the tenant uses and the user does not, and roles of applications the user uses', async () => {
    const apps = (c: GatewayClient) => c.post(P.listwfapp, {}).then((r) => r.body.data.rows.map((x: { code: string }) => x.code));
    expect(await apps(w.u.bob)).toEqual(['crm']);
    expect(await apps(w.u.ann)).toEqual([]);
    expect(await apps(w.u.dan)).toEqual([]);
    expect((await w.u.ann.post(P.listwfrole, { keyword: 'VIEW' })).body.data.rows).toMatchObject([{ id: 'wf-crm-viewer', productName: 'CRM' }]);
    expect((await w.u.ann.post(P.listwfrole, {})).body.data.records).toBe(2);
    expect((await w.u.bob.post(P.listwfrole, {})).body.data.rows).toEqual([]);
  });

  it('refuses a request without a reason, for an application not offered or already used, and a second open one', async () => {
    expect((await submitApp(w.u.bob, '   ')).body.scode).toBe(WorkflowCodes.REASON_REQUIRED);
    expect((await submitApp(w.u.bob, 'x'.repeat(201))).status).toBe(400);
    expect((await submitApp(w.u.ann)).body.scode).toBe(WorkflowCodes.ALREADY_USER);
    expect((await submitApp(w.u.dan)).body.scode).toBe(WorkflowCodes.APP_UNAVAILABLE);
    expect((await w.u.bob.post(P.addwfrequest, { kind: 'approle', targetId: 'wf-crm-viewer', reason: 'r' })).body.scode).toBe(WorkflowCodes.ROLE_UNAVAILABLE);
    expect((await w.u.bob.post(P.addwfrequest, { kind: 'group', targetId: w.appA.id, reason: 'r' })).status).toBe(400);
    const first = await submitApp(w.u.bob);
    expect(first.body.data.row).toMatchObject({ status: 'pending', currentStep: 0, targetName: 'CRM', steps: [{ kind: 'appAdmin' }] });
    expect((await submitApp(w.u.bob)).body.scode).toBe(WorkflowCodes.DUPLICATE);
    expect((await w.u.bob.post(P.endwfrequest, { id: first.body.data.row.id })).body.data.row.status).toBe('withdrawn');
  });

  it('anonymous callers are refused and the application area is for its administrators only', async () => {
    const anon = await w.t.client();
    expect((await anon.post(P.listwftask, {})).body.result).not.toBe('1');
    for (const c of [w.u.bob, w.plain, w.loner]) expect((await c.post(AP.getwfprocess, {}, crm())).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await w.b.post(AP.getwfprocess, {}, crm())).body.scode).toBe(Codes.NO_PERMISSION);
  });
});

describe('workflow: the process', () => {
  it('defaults to the application administrators; saves steps ending with them, audited', async () => {
    const fresh = await w.b.post(AP.getwfprocess, {}, inApp(w.appB.code));
    expect(fresh.body.data).toMatchObject({ steps: [{ kind: 'appAdmin' }], isDefault: true });
    for (const steps of [[{ kind: 'appAdmin' }, { kind: 'manager', roleCode: 'MANAGER' }], [{ kind: 'manager', roleCode: 'MANAGER' }]]) {
      expect((await w.a.post(AP.savewfprocess, { steps }, crm())).body.scode).toBe(WorkflowCodes.STEPS_INVALID);
    }
    expect((await w.a.post(AP.savewfprocess, { steps: [] }, crm())).status).toBe(400);
    expect((await w.a.post(AP.savewfprocess, { steps: [{ kind: 'manager', roleCode: 'bad code' }, { kind: 'appAdmin' }] }, crm())).status).toBe(400);
    await setProcess(MANAGER_THEN_ADMIN);
    expect((await w.a.post(AP.getwfprocess, {}, crm())).body.data).toMatchObject({ steps: MANAGER_THEN_ADMIN, isDefault: false });
    expect((await w.b.post(AP.getwfprocess, {}, inApp(w.appB.code))).body.data.isDefault).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workflow.process.save'), eq(auditLog.entityId, w.appA.id)));
    expect(entry?.after).toEqual(MANAGER_THEN_ADMIN);
  });
});

describe('workflow: approving', () => {
  it('manager then application administrator: tasks, counts, history, messages; the grant lands with the last approval', async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    expect(await count(w.u.mgr)).toBe(1);
    expect(await count(w.u.mgr3)).toBe(1);
    expect(await count(w.u.mgr2)).toBe(0); // holds MANAGER but her scope (Sales) does not cover Works
    expect(await count(w.a)).toBe(0);
    expect((await inbox(w.managers.mgr, id)).length).toBe(1);
    expect((await w.u.mgr2.post(P.savewfdecision, { id, step: 0, decision: 'approve' })).body.scode).toBe(WorkflowCodes.NOT_FOUND);
    expect((await w.u.bob.post(P.savewfdecision, { id, step: 0, decision: 'approve' })).body.scode).toBe(WorkflowCodes.NOT_APPROVER);
    expect((await w.a.post(P.savewfdecision, { id, step: 0, decision: 'approve' })).body.scode).toBe(WorkflowCodes.NOT_APPROVER);

    const tasks = await w.u.mgr.post(P.listwftask, { keyword: 'key acc' });
    expect(tasks.body.data.rows).toMatchObject([{ id, requesterName: 'bob (bob)', productName: 'CRM', tenantName: 'Tenant acme', inaccessible: false }]);
    const step1 = await w.u.mgr.post(P.savewfdecision, { id, step: 0, decision: 'approve', comment: 'ok from Works' });
    expect(step1.body.data.row).toMatchObject({ status: 'pending', currentStep: 1 });
    expect(await count(w.u.mgr)).toBe(0);
    expect(await count(w.a)).toBe(1);
    expect(await grantsOf(w.people.bob)).toEqual([]);
    expect((await w.u.bob.post(P.listwfapp, {})).body.data.rows.length).toBe(1);

    const done = await w.a.post(P.savewfdecision, { id, step: 1, decision: 'approve', comment: 'welcome' });
    expect(done.body.data.row).toMatchObject({ status: 'approved' });
    expect(await grantsOf(w.people.bob)).toMatchObject([{ productId: w.appA.id, source: 'request', referenceId: id, creator: 'appadmin_a' }]);
    expect((await w.u.bob.post(P.listwfapp, {})).body.data.rows).toEqual([]);

    const detail = await w.u.bob.post(P.getwfrequest, { id });
    expect(detail.body.data.actions.map((a: { action: string; actorName: string }) => `${a.action}:${a.actorName}`)).toEqual([
      'submit:bob',
      'approve:mgr',
      'approve:appadmin_a',
    ]);
    expect(detail.body.data).toMatchObject({ canDecide: false, canWithdraw: false });
    expect((await inbox(w.people.bob, id)).map((m) => m.subject)).toEqual(['Your request was approved: CRM']);
    expect((await w.u.mgr.post(P.listwfhandled, {})).body.data.rows.map((r: { id: string }) => r.id)).toContain(id);
    expect((await w.u.bob.post(P.listwfinitiated, { status: 'approved' })).body.data.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    const audits = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['workflow.approve', 'workflow.approve', 'workflow.submit']);
    await db().delete(appUserGrants).where(eq(appUserGrants.userId, w.people.bob));
  });

  it("another tenant's user and another application's administrator see nothing of a request", async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    for (const c of [w.u.cat, w.b, w.u.ann]) {
      expect((await c.post(P.getwfrequest, { id })).body.scode).toBe(WorkflowCodes.NOT_FOUND);
      expect((await c.post(P.savewfdecision, { id, step: 0, decision: 'reject' })).body.scode).toBe(WorkflowCodes.NOT_FOUND);
      expect((await c.post(P.endwfrequest, { id })).body.scode).toBe(WorkflowCodes.NOT_FOUND);
      expect(await count(c)).toBe(0);
    }
    expect((await w.b.post(AP.savewfresolution, { id, step: 0, resolution: 'close' }, inApp(w.appB.code))).body.scode).toBe(WorkflowCodes.NOT_FOUND);
    expect((await w.b.post(AP.listwfrequest, {}, inApp(w.appB.code))).body.data.rows).toEqual([]);
    expect((await w.a.post(AP.listwfrequest, { status: 'pending' }, crm())).body.data.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await w.u.bob.post(P.endwfrequest, { id })).body.data.row.status).toBe('withdrawn');
  });

  it('rejection ends the request with the comment, grants nothing and tells the requester', async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    const r = await w.u.mgr.post(P.savewfdecision, { id, step: 0, decision: 'reject', comment: 'not needed' });
    expect(r.body.data.row.status).toBe('rejected');
    expect(await grantsOf(w.people.bob)).toEqual([]);
    expect((await inbox(w.people.bob, id)).map((m) => m.subject)).toEqual(['Your request was rejected: CRM']);
    expect((await w.a.post(P.savewfdecision, { id, step: 1, decision: 'approve' })).body.scode).toBe(WorkflowCodes.ALREADY_DECIDED);
  });

  it('two approvers at once: exactly one decision counts, the other is told it was already decided', async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    const [x, y] = await Promise.all([
      w.u.mgr.post(P.savewfdecision, { id, step: 0, decision: 'approve' }),
      w.u.mgr3.post(P.savewfdecision, { id, step: 0, decision: 'reject' }),
    ]);
    const codes = [x.body.scode ?? x.body.result, y.body.scode ?? y.body.result];
    expect(codes.filter((c) => c === WorkflowCodes.ALREADY_DECIDED).length).toBe(1);
    const acted = await db()
      .select()
      .from(wfActions)
      .where(and(eq(wfActions.requestId, id), sql`${wfActions.action} <> 'submit'`));
    expect(acted.length).toBe(1);
    const status = (await w.u.bob.post(P.getwfrequest, { id })).body.data.row.status;
    if (status === 'pending') await w.u.bob.post(P.endwfrequest, { id });
  });

  it("the requester withdraws while pending (the step's approvers are told); nobody else can, and nothing can follow", async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    expect((await w.u.mgr.post(P.endwfrequest, { id })).body.scode).toBe(WorkflowCodes.NOT_WITHDRAWABLE);
    expect((await w.u.bob.post(P.getwfrequest, { id })).body.data).toMatchObject({ canWithdraw: true, canDecide: false });
    expect((await w.u.bob.post(P.endwfrequest, { id, comment: 'changed my mind' })).body.data.row.status).toBe('withdrawn');
    expect((await inbox(w.managers.mgr, id)).map((m) => m.subject)).toEqual(['To approve: bob (bob) requests CRM', 'Request withdrawn: CRM']);
    expect(await inbox(w.people.bob, id)).toEqual([]);
    expect((await w.u.bob.post(P.endwfrequest, { id })).body.scode).toBe(WorkflowCodes.NOT_WITHDRAWABLE);
    expect((await w.u.mgr.post(P.savewfdecision, { id, step: 0, decision: 'approve' })).body.scode).toBe(WorkflowCodes.ALREADY_DECIDED);
    expect(await count(w.u.mgr)).toBe(0);
  });

  it('the final approval is all or nothing: when the grant cannot be applied, the request stays where it was', async () => {
    await setProcess([{ kind: 'appAdmin' }]);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    await db()
      .update(tenantProducts)
      .set({ status: 0 })
      .where(and(eq(tenantProducts.tenantId, w.tenants.acme), eq(tenantProducts.productId, w.appA.id)));
    const r = await w.a.post(P.savewfdecision, { id, step: 0, decision: 'approve' });
    expect(r.body.scode).toBe(WorkflowCodes.APP_UNAVAILABLE);
    await db()
      .update(tenantProducts)
      .set({ status: 1 })
      .where(and(eq(tenantProducts.tenantId, w.tenants.acme), eq(tenantProducts.productId, w.appA.id)));
    expect((await w.u.bob.post(P.getwfrequest, { id })).body.data).toMatchObject({
      row: { status: 'pending', currentStep: 0 },
      actions: [{ action: 'submit' }],
    });
    expect(await grantsOf(w.people.bob)).toEqual([]);
    await w.u.bob.post(P.endwfrequest, { id });
  });

  it('an application role request: approved by the administrators, the requester becomes a member', async () => {
    await setProcess([{ kind: 'appAdmin' }]);
    const id = (await w.u.ann.post(P.addwfrequest, { kind: 'approle', targetId: 'wf-crm-viewer', reason: 'read reports' })).body.data.row.id as string;
    expect((await w.a.post(P.savewfdecision, { id, step: 0, decision: 'approve' })).body.data.row.status).toBe('approved');
    const members = await db().select().from(appRoleUsers).where(eq(appRoleUsers.roleId, 'wf-crm-viewer'));
    expect(members.map((m) => m.userId)).toEqual([w.people.ann]);
    expect((await w.u.ann.post(P.addwfrequest, { kind: 'approle', targetId: 'wf-crm-viewer', reason: 'again' })).body.scode).toBe(WorkflowCodes.ALREADY_MEMBER);
  });
});

describe('workflow: a step with no approver left', () => {
  it('shows as inaccessible; the application administrator re-routes it (skips the step) or closes it', async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const id = (await submitApp(w.u.bob)).body.data.row.id as string;
    expect((await w.a.post(AP.savewfresolution, { id, step: 0, resolution: 'reroute' }, crm())).body.scode).toBe(WorkflowCodes.NOT_RESOLVABLE);
    await setUserStatus(w.managers.mgr, 0);
    await setUserStatus(w.managers.mgr3, 0);
    try {
      const list = await w.a.post(AP.listwfrequest, { inaccessible: true }, crm());
      expect(list.body.data.rows).toMatchObject([{ id, inaccessible: true }]);
      expect((await w.u.bob.post(P.getwfrequest, { id })).body.data.row.inaccessible).toBe(true);
      const rerouted = await w.a.post(AP.savewfresolution, { id, step: 0, resolution: 'reroute', comment: 'managers left' }, crm());
      expect(rerouted.body.data.row).toMatchObject({ status: 'pending', currentStep: 1, inaccessible: false });
      expect((await w.a.post(AP.savewfresolution, { id, step: 1, resolution: 'close' }, crm())).body.scode).toBe(WorkflowCodes.NOT_RESOLVABLE);
      expect((await w.a.post(P.savewfdecision, { id, step: 1, decision: 'reject' })).body.data.row.status).toBe('rejected');

      const id2 = (await submitApp(w.u.bob)).body.data.row.id as string;
      const closed = await w.a.post(AP.savewfresolution, { id: id2, step: 0, resolution: 'close', comment: 'no manager' }, crm());
      expect(closed.body.data.row.status).toBe('closed');
      expect(await grantsOf(w.people.bob)).toEqual([]);
      expect((await inbox(w.people.bob, id2)).map((m) => m.subject)).toEqual(['Your request was closed: CRM']);
      expect((await w.a.post(P.getwfrequest, { id: id2 })).body.data.actions.map((a: { action: string }) => a.action)).toEqual(['submit', 'close']);
    } finally {
      await setUserStatus(w.managers.mgr, 1);
      await setUserStatus(w.managers.mgr3, 1);
    }
  });
});

describe('workflow: one approver rule', () => {
  it('the caller-side condition (lists, count, decision) agrees with the request-side one (inaccessible, detail) for every user and request', async () => {
    await setProcess(MANAGER_THEN_ADMIN);
    const atManager = (await submitApp(w.u.bob)).body.data.row.id as string;
    const atAdmin = (await w.u.ann.post(P.addwfrequest, { kind: 'approle', targetId: 'wf-crm-editor', reason: 'edit please' })).body.data.row.id as string;
    const ids = [atManager, atAdmin];
    const badges = async () =>
      inScope(db(), PLATFORM_SCOPE, async (tx) => {
        const people = await tx.select({ id: users.id, tenantId: users.tenantId }).from(users);
        const seen: number[] = [];
        for (const u of people) {
          const a = await loadApprover(tx, u.id, u.tenantId);
          // the badge's statement (two index-only parts) counts the requests of the caller-side condition
          const [all] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from wf_requests r where ${approvedBy(a)}`));
          expect(await countTasks(tx, a), `count of ${u.id}`).toBe(all!.n);
          seen.push(all!.n);
        }
        return seen;
      });
    expect(Math.max(...(await badges()))).toBeGreaterThan(0);
    expect(await count(w.u.mgr)).toBeGreaterThan(0); // a manager step waits for mgr
    await w.u.mgr.post(P.savewfdecision, { id: atManager, step: 0, decision: 'approve' });
    const moreId = (await w.u.cat.post(P.addwfrequest, { kind: 'approle', targetId: 'wf-crm-editor', reason: 'cat too' })).body.data.row.id as string;
    ids.push(moreId);
    const people = await db().select({ id: users.id, tenantId: users.tenantId }).from(users);
    await inScope(db(), PLATFORM_SCOPE, async (tx) => {
      for (const u of people) {
        const a = await loadApprover(tx, u.id, u.tenantId);
        for (const id of ids) {
          const [x] = rowsOf<{ fast: boolean; general: boolean }>(
            await tx.execute(
              sql`select ${approvedBy(a)} as fast, (r.status = 'pending' and ${approverAt(u.id)}) as general from wf_requests r where r.id = ${id}`,
            ),
          );
          expect(x!.fast, `${u.id} on ${id}`).toBe(x!.general);
        }
      }
    });
    expect(Math.max(...(await badges()))).toBeGreaterThan(0);
    await w.u.bob.post(P.endwfrequest, { id: atManager });
    await w.u.cat.post(P.endwfrequest, { id: moreId });
    await w.u.ann.post(P.endwfrequest, { id: atAdmin });
  });
});
