/**
 * The request's organisation path (migration 0029: `wf_requests.org_path`, kept by triggers) and the task count
 * that reads it (workflow.repository.ts managerTasks): the count of every manager stays equal to the request-side
 * rule (`approverAt`, which reads the organisations' current paths) when the organisation moves, moves with its
 * parent's subtree, or is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { WorkflowAppPaths as AP, WorkflowPaths as P } from '@mp/protocol';
import { rowsOf } from '../../db/client.js';
import { organisations, users } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { approverAt, countTasks, loadApprover } from './workflow.repository.js';
import { inApp, MANAGER_THEN_ADMIN, workflowWorld, type WfWorld } from './workflow.fixtures.js';

let w: WfWorld;
const db = () => w.t.app.database.db;
const acme = () => w.tenants.acme;

/** Each manager's badge count beside the request-side rule's count, and each pending request's org_path beside its organisation's path. */
async function check(): Promise<Record<string, number>> {
  return inScope(db(), PLATFORM_SCOPE, async (tx) => {
    const paths = rowsOf<{ id: string; org_path: string; path: string | null }>(
      await tx.execute(sql`select r.id, r.org_path, o.path
      from wf_requests r left join organisations o on o.id = r.org_id where r.status = 'pending'`),
    );
    for (const p of paths) expect(p.org_path, p.id).toBe(p.path ?? '');
    const counts: Record<string, number> = {};
    for (const [name, id] of Object.entries(w.managers)) {
      const [truth] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from wf_requests r where r.status = 'pending' and ${approverAt(id)}`),
      );
      counts[name] = await countTasks(tx, await loadApprover(tx, id, acme()));
      expect(counts[name], name).toBe(truth!.n);
    }
    return counts;
  });
}

beforeAll(async () => {
  w = await workflowWorld();
  w.a.language = 'EN_US';
  expect((await w.a.post(AP.savewfprocess, { steps: MANAGER_THEN_ADMIN }, inApp(w.appA.code))).body.result).toBe('1');
});
afterAll(async () => {
  await w.t.close();
});

describe('workflow: the request organisation path follows the organisation', () => {
  it('counts right after a submission, a subtree move and a deletion', async () => {
    await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx.insert(organisations).values({ id: 'wf-org-team', tenantId: acme(), parentId: 'ar-org-works', code: 'team', name: 'Team' }),
    );
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId: 'wf-org-team' }).where(eq(users.id, w.people.bob)));
    const r = await w.u.bob.post(P.addwfrequest, { kind: 'app', targetId: w.appA.id, reason: 'team work' });
    expect(r.body.result).toBe('1');
    expect(await check()).toEqual({ mgr: 1, mgr2: 0, mgr3: 1 });

    // Works (with Team inside) moves under Sales: the Sales manager now covers the request too
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(organisations).set({ parentId: 'ar-org-sales' }).where(eq(organisations.id, 'ar-org-works')));
    expect(await check()).toEqual({ mgr: 1, mgr2: 1, mgr3: 1 });

    // Team is deleted: nobody's scope covers the request's organisation any more
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId: 'ar-org-works' }).where(eq(users.id, w.people.bob)));
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.delete(organisations).where(eq(organisations.id, 'wf-org-team')));
    expect(await check()).toEqual({ mgr: 0, mgr2: 0, mgr3: 0 });
  });
});
