import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, Paths, RoleCodes } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { auditLog, roles } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { addRole, createMember, createTenantTree, USER_PASSWORD } from './roles.fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let A: Awaited<ReturnType<typeof createTenantTree>>;
let B: Awaited<ReturnType<typeof createTenantTree>>;

const base = () => ({
  tenantId: A.tenantId,
  orgId: A.orgs.sales!,
  roleNo: `r_${Math.random().toString(36).slice(2, 8)}`,
  roleName: '销售经理',
  roleStatus: 1 as const,
});

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  A = await createTenantTree(t.app, 'roleA', [{ code: 'sales' }, { code: 'east', parent: 'sales' }, { code: 'hr' }]);
  B = await createTenantTree(t.app, 'roleB', [{ code: 'ops' }]);
});
afterAll(async () => {
  await t.close();
});

describe('data roles: listrole, addrole, editrole, deleterole', () => {
  it('creates, lists, edits and deletes a role, auditing each change', async () => {
    const add = await c.post(Paths.addrole, {
      ...base(),
      roleNo: 'sales_mgr',
      roleName: 'Sales_Manager1',
      roleCategory: 'business',
      description: 'Leads sales',
    });
    expect(add.body.result).toBe('1');
    const row = add.body.data.row;
    expect(row).toMatchObject({
      tenantId: A.tenantId,
      orgId: A.orgs.sales,
      orgName: 'Org sales',
      roleNo: 'sales_mgr',
      roleName: 'Sales_Manager1',
      roleCategory: 'business',
      roleStatus: 1,
      builtIn: false,
      creator: 'admin',
    });
    const list = await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'sales_mgr' });
    expect(list.body.data).toMatchObject({ records: 1, page: 1, total: 1, lastPage: true });
    const edit = await c.post(Paths.editrole, { ...base(), roleId: row.roleId, roleNo: 'sales_mgr', roleName: '销售总监', orgId: A.orgs.hr, roleStatus: 0 });
    expect(edit.body.data.row).toMatchObject({ roleName: '销售总监', orgName: 'Org hr', roleStatus: 0 });
    const del = await c.post(Paths.deleterole, { tenantId: A.tenantId, roleIds: [row.roleId] });
    expect(del.body.data.count).toBe(1);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'sales_mgr' })).body.data.records).toBe(0);
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.roleId));
    expect(audit.map((a) => a.action).sort()).toEqual(['role.add', 'role.delete', 'role.edit']);
    const edited = audit.find((a) => a.action === 'role.edit')!;
    expect(edited).toMatchObject({ tenantId: A.tenantId, username: 'admin' });
    expect((edited.before as { roleName: string }).roleName).toBe('Sales_Manager1');
    expect((edited.after as { roleName: string }).roleName).toBe('销售总监');
  });

  it('applies every role rule of SPEC §5 with a localised message and writes nothing', async () => {
    const before = (await c.post(Paths.listrole, { tenantId: A.tenantId })).body.data.records;
    c.language = 'EN_US';
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ roleNo: '  ' }, Codes.REQUIRED, 'Please enter role number'],
      [{ roleNo: 'x'.repeat(31) }, Codes.TOO_LONG, 'role number cannot be longer than 30 characters'],
      [{ roleNo: 'bad-no!' }, RoleCodes.NO_PATTERN, 'The role number may contain only letters, digits and underscores'],
      [{ roleName: '' }, Codes.REQUIRED, 'Please enter role name'],
      [{ roleName: '名'.repeat(31) }, Codes.TOO_LONG],
      [{ roleName: 'Sales Manager' }, RoleCodes.NAME_PATTERN],
      [{ roleName: '<script>x</script>' }, Codes.SCRIPT_TAG],
      [{ orgId: '' }, RoleCodes.ORG_REQUIRED, 'Please select the organisation or group'],
      [{ orgId: B.orgs.ops }, RoleCodes.ORG_NOT_FOUND],
      [{ description: 'd'.repeat(201) }, Codes.TOO_LONG],
    ];
    for (const [patch, scode, msg] of cases) {
      const r = await c.post(Paths.addrole, { ...base(), ...patch });
      expect(r.body.scode, JSON.stringify(patch)).toBe(scode);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await c.post(Paths.addrole, { ...base(), roleNo: 'x'.repeat(30), roleName: '名'.repeat(30) })).body.result).toBe('1');
    c.language = 'ZH_CN';
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId })).body.data.records).toBe(before + 1);
  });

  it('keeps role numbers unique in a tenant (case-insensitive) but not across tenants', async () => {
    await addRole(c, { ...base(), roleNo: 'Auditor' });
    const dup = await c.post(Paths.addrole, { ...base(), roleNo: 'auditor' });
    expect(dup.body.scode).toBe(RoleCodes.NO_IN_USE);
    const other = await addRole(c, { ...base(), roleNo: 'auditor2' });
    expect((await c.post(Paths.editrole, { ...base(), roleId: other.roleId, roleNo: 'AUDITOR' })).body.scode).toBe(RoleCodes.NO_IN_USE);
    expect((await c.post(Paths.addrole, { ...base(), tenantId: B.tenantId, orgId: B.orgs.ops, roleNo: 'auditor' })).body.result).toBe('1');
  });

  it('pages, sorts and searches by number, name, organisation subtree, member user name and employee name', async () => {
    const roleIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await addRole(c, {
        ...base(),
        roleNo: `page_${String(i).padStart(2, '0')}`,
        roleName: `Paging${String(i).padStart(2, '0')}`,
        orgId: i < 4 ? A.orgs.east : A.orgs.sales,
      });
      roleIds.push(r.roleId);
    }
    const p1 = await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'page_', page: 1, pageSize: 5, sortField: 'roleName', sortOrder: 'ascend' });
    expect(p1.body.data).toMatchObject({ page: 1, total: 3, records: 12, lastPage: false });
    expect(p1.body.data.rows.map((r: { roleName: string }) => r.roleName)).toEqual(['Paging00', 'Paging01', 'Paging02', 'Paging03', 'Paging04']);
    const p3 = await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'page_', page: 3, pageSize: 5, sortField: 'roleNo', sortOrder: 'descend' });
    expect(p3.body.data.rows.map((r: { roleNo: string }) => r.roleNo)).toEqual(['page_01', 'page_00']);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleName: 'paging1' })).body.data.records).toBe(2);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: '%' })).body.data.records).toBe(0);
    // Organisation: only its own roles, or with sub-organisations; the root with sub is the whole tenant.
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'page_', orgId: A.orgs.sales })).body.data.records).toBe(8);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'page_', orgId: A.orgs.sales, includeSub: true })).body.data.records).toBe(12);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'page_', orgId: A.orgs.east, includeSub: true })).body.data.records).toBe(4);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: 'page_', orgId: A.tenantId, includeSub: true })).body.data.records).toBe(12);
    // By member: user name or employee name of a member.
    const u = await createMember(t.app, A.tenantId, 'searcher', '张三');
    await c.post(Paths.addroleuser, { tenantId: A.tenantId, roleId: roleIds[3], userIds: [u] });
    const byUser = await c.post(Paths.listrole, { tenantId: A.tenantId, username: 'SEARCH' });
    expect(byUser.body.data.rows.map((r: { roleId: string }) => r.roleId)).toEqual([roleIds[3]]);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, employeeName: '张' })).body.data.records).toBe(1);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, username: 'searcher', employeeName: '李' })).body.data.records).toBe(0);
  });

  it('deletes all or nothing: a built-in role or a role of another tenant refuses the batch', async () => {
    const a = await addRole(c, base());
    const b = await addRole(c, base());
    await t.app.database.db.update(roles).set({ builtIn: true }).where(eq(roles.id, b.roleId));
    const builtIn = await c.post(Paths.deleterole, { tenantId: A.tenantId, roleIds: [a.roleId, b.roleId] });
    expect(builtIn.body.scode).toBe(RoleCodes.BUILT_IN);
    const foreign = await addRole(c, { ...base(), tenantId: B.tenantId, orgId: B.orgs.ops });
    expect((await c.post(Paths.deleterole, { tenantId: A.tenantId, roleIds: [a.roleId, foreign.roleId] })).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect((await c.post(Paths.deleterole, { tenantId: A.tenantId, roleIds: [] })).body.scode).toBe(Codes.CHOOSE_AT_LEAST_ONE);
    expect((await c.post(Paths.listrole, { tenantId: A.tenantId, roleNo: a.roleNo })).body.data.records).toBe(1);
    expect((await c.post(Paths.listrole, { tenantId: B.tenantId, roleNo: foreign.roleNo })).body.data.records).toBe(1);
  });

  it('keeps a role of tenant A invisible and untouchable through tenant B', async () => {
    const a = await addRole(c, base());
    const listB = await c.post(Paths.listrole, { tenantId: B.tenantId, roleNo: a.roleNo });
    expect(listB.body.data.records).toBe(0);
    const edit = await c.post(Paths.editrole, { ...base(), tenantId: B.tenantId, orgId: B.orgs.ops, roleId: a.roleId, roleNo: 'hijack' });
    expect(edit.body.scode).toBe(RoleCodes.NOT_FOUND);
    expect((await c.post(Paths.listroleuser, { tenantId: B.tenantId, roleId: a.roleId })).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect((await c.get(`${Paths.listmenupurviewtree}?roleId=${a.roleId}&tenantId=${B.tenantId}`)).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect((await c.post(Paths.listrole, { tenantId: 'no-such-tenant' })).body.scode).toBe(Codes.TENANT_NOT_FOUND);
    // Row-level security: in tenant B's scope, a query without any tenant filter still sees none of A's roles.
    const seen = await inScope(t.app.database.db, { scope: 'tenant', tenantId: B.tenantId }, (tx) => tx.select().from(roles));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.tenantId === B.tenantId)).toBe(true);
    const write = inScope(t.app.database.db, { scope: 'tenant', tenantId: B.tenantId }, (tx) =>
      tx.insert(roles).values({ id: 'x-rls', tenantId: A.tenantId, code: 'rls', name: 'rls' }),
    );
    await expect(write).rejects.toThrow();
    const [gone] = await t.app.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.id, 'x-rls')));
    expect(gone).toBeUndefined();
  });

  it('refuses every role call to a caller who is not a platform administrator (10009029001)', async () => {
    await createMember(t.app, A.tenantId, 'plainrole', 'Plain', undefined, [1, 3]);
    const p = await t.client();
    await p.signIn('plainrole', USER_PASSWORD);
    const q = `?roleId=x&tenantId=${A.tenantId}`;
    const posts = [
      Paths.listrole,
      Paths.addrole,
      Paths.editrole,
      Paths.deleterole,
      Paths.listroleuser,
      Paths.listusernotinrole,
      Paths.addroleuser,
      Paths.deleteroleuser,
      Paths.savemenupurview,
      Paths.saveorgtypepurview,
      Paths.saveorgpurview,
    ];
    for (const path of posts) expect((await p.post(path, { tenantId: A.tenantId, roleId: 'x' })).body.scode, path).toBe(Codes.NO_PERMISSION);
    for (const path of [Paths.listmenupurviewtree, Paths.listorgtypepurview, Paths.listorgpurview])
      expect((await p.get(path + q)).body.scode, path).toBe(Codes.NO_PERMISSION);
  });
});
