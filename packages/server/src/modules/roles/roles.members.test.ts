import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Paths, RoleCodes } from '@mp/protocol';
import { auditLog } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { addRole, createMember, createTenantTree } from './roles.fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let tenantId: string;
let otherTenantId: string;
let roleId: string;
const users: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  const a = await createTenantTree(t.app, 'memA', [{ code: 'dept' }]);
  const b = await createTenantTree(t.app, 'memB');
  tenantId = a.tenantId;
  otherTenantId = b.tenantId;
  for (const [name, emp] of [
    ['alice', '爱丽丝'],
    ['bob', 'Bob Li'],
    ['carol', 'Carol'],
  ] as const)
    users[name] = await createMember(t.app, tenantId, name, emp, a.orgs.dept);
  users.stranger = await createMember(t.app, otherTenantId, 'stranger', 'Stranger');
  roleId = (await addRole(c, { tenantId, orgId: a.orgs.dept, roleNo: 'clerk', roleName: 'Clerk' })).roleId;
});
afterAll(async () => {
  await t.close();
});

const body = (userIds: string[]) => ({ relaId: '', tenantId, roleId, userIds });

describe('role members: listroleuser, listusernotinrole, addroleuser, deleteroleuser', () => {
  it('lists the tenant users not in the role, adds some, and lists them as members with their organisation', async () => {
    const candidates = await c.post(Paths.listusernotinrole, { tenantId, roleId, page: 1, pageSize: 50 });
    expect(candidates.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['alice', 'bob', 'carol']);
    const add = await c.post(Paths.addroleuser, body([users.alice!, users.bob!]));
    expect(add.body.data.count).toBe(2);
    const members = await c.post(Paths.listroleuser, { tenantId, roleId, page: 1, pageSize: 10 });
    expect(members.body.data.records).toBe(2);
    expect(members.body.data.rows[0]).toMatchObject({ userId: users.alice, username: 'alice', employeeName: '爱丽丝', orgName: 'Org dept', builtIn: false });
    const rest = await c.post(Paths.listusernotinrole, { tenantId, roleId, page: 1, pageSize: 50 });
    expect(rest.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['carol']);
    // Adding a member again keeps one membership.
    expect((await c.post(Paths.addroleuser, body([users.alice!]))).body.data.count).toBe(0);
  });

  it('searches and pages members by user name or employee name', async () => {
    expect((await c.post(Paths.listroleuser, { tenantId, roleId, keyword: 'ob L' })).body.data.rows.map((r: { username: string }) => r.username)).toEqual([
      'bob',
    ]);
    expect((await c.post(Paths.listroleuser, { tenantId, roleId, keyword: '爱' })).body.data.records).toBe(1);
    const p2 = await c.post(Paths.listroleuser, { tenantId, roleId, page: 2, pageSize: 1, sortField: 'username', sortOrder: 'descend' });
    expect(p2.body.data).toMatchObject({ page: 2, total: 2, records: 2, lastPage: true });
    expect(p2.body.data.rows[0].username).toBe('alice');
  });

  it('refuses an empty add or delete and a user of another tenant, changing nothing', async () => {
    c.language = 'EN_US';
    const none = await c.post(Paths.addroleuser, body([]));
    expect(none.body).toMatchObject({ scode: RoleCodes.USER_REQUIRED, msg: 'Please select at least one user' });
    const noMember = await c.post(Paths.deleteroleuser, body([]));
    expect(noMember.body).toMatchObject({ scode: RoleCodes.MEMBER_REQUIRED, msg: 'Please select at least one role member' });
    c.language = 'ZH_CN';
    const mixed = await c.post(Paths.addroleuser, body([users.carol!, users.stranger!]));
    expect(mixed.body.scode).toBe(RoleCodes.USER_NOT_IN_TENANT);
    expect((await c.post(Paths.addroleuser, body(['no-such-user']))).body.scode).toBe(RoleCodes.USER_NOT_IN_TENANT);
    expect((await c.post(Paths.listroleuser, { tenantId, roleId })).body.data.records).toBe(2);
    // The role is not visible through the other tenant.
    expect((await c.post(Paths.addroleuser, { tenantId: otherTenantId, roleId, userIds: [users.stranger] })).body.scode).toBe(RoleCodes.NOT_FOUND);
    expect((await c.post(Paths.listusernotinrole, { tenantId: otherTenantId, roleId })).body.scode).toBe(RoleCodes.NOT_FOUND);
  });

  it('removes members, auditing additions and removals', async () => {
    const del = await c.post(Paths.deleteroleuser, body([users.bob!, users.carol!]));
    expect(del.body.data.count).toBe(1);
    const members = await c.post(Paths.listroleuser, { tenantId, roleId });
    expect(members.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['alice']);
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, roleId));
    const removed = audit.find((a) => a.action === 'role.member.delete')!;
    expect((removed.before as { userIds: string[] }).userIds).toEqual([users.bob]);
    expect(audit.filter((a) => a.action === 'role.member.add')).toHaveLength(2);
  });

  it('drops the memberships of a deleted role', async () => {
    const r = await addRole(c, { tenantId, orgId: tenantId, roleNo: 'temp', roleName: 'Temp' });
    await c.post(Paths.addroleuser, { tenantId, roleId: r.roleId, userIds: [users.carol] });
    expect((await c.post(Paths.deleterole, { tenantId, roleIds: [r.roleId] })).body.data.count).toBe(1);
    expect((await c.post(Paths.listroleuser, { tenantId, roleId: r.roleId })).body.scode).toBe(RoleCodes.NOT_FOUND);
  });
});
