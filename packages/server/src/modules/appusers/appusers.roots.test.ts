import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AppUserCodes, AppUserPaths as P } from '@mp/protocol';
import { appRootOrgs, auditLog } from '../../db/schema/index.js';
import { inApp, peopleWorld, type PeopleWorld } from './appusers.fixtures.js';

let w: PeopleWorld;
const crm = () => inApp(w.appA.code);
const rootsOf = async (tenantId: string) =>
  (
    await w.t.app.database.db
      .select()
      .from(appRootOrgs)
      .where(and(eq(appRootOrgs.productId, w.appA.id), eq(appRootOrgs.tenantId, tenantId)))
  )
    .map((r) => r.orgId)
    .sort();
const userIds = async (body: Record<string, unknown> = {}) =>
  ((await w.a.post(P.listappuser, { page: 1, pageSize: 100, ...body }, crm())).body.data.rows as { id: string }[]).map((r) => r.id).sort();

beforeAll(async () => {
  w = await peopleWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('application root organisations', () => {
  it('lists the tenants using the application (status 1 only), with no roots at first', async () => {
    const r = await w.a.post(P.listapprootorg, {}, crm());
    expect(r.body.result).toBe('1');
    const rows = r.body.data.rows as { tenantId: string; roots: unknown[] }[];
    expect(rows.map((x) => x.tenantId).sort()).toEqual([w.t1, w.t2].sort());
    expect(rows.every((x) => x.roots.length === 0)).toBe(true);
  });

  it('without roots every user of a using tenant is an app user; a tenant not using the app (or disabled) is not', async () => {
    const ids = await userIds();
    expect(ids).toEqual([w.u.east, w.u.eastSub, w.u.west, w.u.t2, w.u.ta, w.u.sm].sort());
  });

  it('the picker reads one level at a time and refuses a tenant not using the application', async () => {
    const top = await w.a.post(P.listapporgtree, { tenantId: w.t1 }, crm());
    expect(top.body.data.rows).toMatchObject([{ id: w.t1, hasChildren: true, inRoots: true }]);
    const level = await w.a.post(P.listapporgtree, { tenantId: w.t1, parentId: w.t1 }, crm());
    expect((level.body.data.rows as { code: string }[]).map((x) => x.code)).toEqual(['east', 'pt1-dept', 'west']);
    expect((await w.a.post(P.listapporgtree, { tenantId: w.t3 }, crm())).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await w.a.post(P.listapporgtree, { tenantId: w.t4 }, crm())).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
  });

  it("adds a root: only its subtree's users remain app users of that tenant; audited", async () => {
    const r = await w.a.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, crm());
    expect(r.body.data).toEqual({ count: 1 });
    expect(await userIds()).toEqual([w.u.east, w.u.eastSub, w.u.t2, w.u.ta, w.u.sm].sort());
    const list = await w.a.post(P.listapprootorg, {}, crm());
    const t1 = (list.body.data.rows as { tenantId: string; roots: { orgId: string; pathNames: string[] }[] }[]).find((x) => x.tenantId === w.t1)!;
    expect(t1.roots).toMatchObject([{ orgId: w.org.east, pathNames: ['Tenant pt1', 'East'] }]);
    const audit = await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'approot.add'));
    expect(audit.length).toBe(1);
  });

  it('refuses a duplicate or an organisation inside a root, an unknown or foreign organisation, a tenant not using the app, an empty choice', async () => {
    const add = (tenantId: string, orgIds: string[]) => w.a.post(P.addapprootorg, { tenantId, orgIds }, crm());
    expect((await add(w.t1, [w.org.east])).body.scode).toBe(AppUserCodes.ROOT_REDUNDANT);
    expect((await add(w.t1, [w.org.eastSub])).body.scode).toBe(AppUserCodes.ROOT_REDUNDANT);
    expect((await add(w.t1, [w.org.west, w.org.west.replace('west', 'nope')])).body.scode).toBe(AppUserCodes.ORG_NOT_FOUND);
    expect((await add(w.t1, [w.t2dept])).body.scode).toBe(AppUserCodes.ORG_NOT_FOUND);
    expect((await add(w.t3, [w.t3dept])).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await add(w.t1, [])).body.scode).toBe(AppUserCodes.SELECTION_REQUIRED);
    expect(await rootsOf(w.t1)).toEqual([w.org.east]);
  });

  it('a root containing chosen roots folds them; removing roots widens again', async () => {
    expect((await w.a.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.t1] }, crm())).body.data).toEqual({ count: 1 });
    expect(await rootsOf(w.t1)).toEqual([w.t1]);
    expect((await w.a.post(P.deleteapprootorg, { tenantId: w.t1, orgIds: [w.t1] }, crm())).body.data).toEqual({ count: 1 });
    expect((await w.a.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, crm())).body.result).toBe('1');
    expect(await rootsOf(w.t1)).toEqual([w.org.east]);
  });

  it("an administrator of another application sees none of crm's tenants or roots and changes none", async () => {
    const list = await w.b.post(P.listapprootorg, {}, inApp(w.appB.code));
    expect((list.body.data.rows as { tenantId: string }[]).map((x) => x.tenantId)).toEqual([w.t3]);
    expect((await w.b.post(P.addapprootorg, { tenantId: w.t1, orgIds: [w.org.west] }, inApp(w.appB.code))).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await w.b.post(P.deleteapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, inApp(w.appB.code))).body.scode).toBe(AppUserCodes.TENANT_NOT_USING);
    expect((await w.b.post(P.deleteapprootorg, { tenantId: w.t1, orgIds: [w.org.east] }, crm())).body.scode).toBe('10009029001');
    expect(await rootsOf(w.t1)).toEqual([w.org.east]);
  });
});
