import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CodeTypes, Paths, RoleCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, codeTable, roles } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { insertIdentity } from '../users/users.repository.js';
import { addRole, createMember, createTenantTree, USER_PASSWORD } from './roles.fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let A: Awaited<ReturnType<typeof createTenantTree>>;
let B: Awaited<ReturnType<typeof createTenantTree>>;
let roleId: string;

const q = (extra = '') => `?roleId=${roleId}&tenantId=${A.tenantId}${extra}`;
const save = (path: string, dataPurview: { dpDataid: string; dpPurview: number }[], extra: Record<string, unknown> = {}) =>
  c.post(path, { roleId, tenantId: A.tenantId, dataPurview, ...extra });
const granted = (nodes: { id: string; purview: number; children: unknown[] }[]): Record<string, number> => {
  const out: Record<string, number> = {};
  const walk = (ns: typeof nodes) =>
    ns.forEach((n) => {
      if (n.purview) out[n.id] = n.purview;
      walk(n.children as typeof nodes);
    });
  walk(nodes);
  return out;
};

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  A = await createTenantTree(t.app, 'grantA', [{ code: 'north' }, { code: 'north1', parent: 'north' }, { code: 'fin', category: 1 }]);
  B = await createTenantTree(t.app, 'grantB', [{ code: 'south' }]);
  roleId = (await addRole(c, { tenantId: A.tenantId, orgId: A.tenantId, roleNo: 'viewer', roleName: 'Viewer' })).roleId;
});
afterAll(async () => {
  await t.close();
});

describe('menu grants: listmenupurviewtree, savemenupurview', () => {
  it('answers the root with the tenant menu, saves read/write with write keeping read, and shows it after reload', async () => {
    c.language = 'EN_US';
    const tree = (await c.get(Paths.listmenupurviewtree + q())).body.data.rows;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: '0', name: 'Tenant menu', purview: 0 });
    expect(tree[0].children.map((n: { id: string }) => n.id)).toContain('orgManagement');
    expect(tree[0].children.map((n: { id: string }) => n.id)).not.toContain('serviceAccounts');
    expect(tree[0].children.find((n: { id: string }) => n.id === 'orgManagement').name).toBe('Organisation management');
    c.language = 'ZH_CN';
    const r = await save(Paths.savemenupurview, [
      { dpDataid: 'orgManagement', dpPurview: 2 },
      { dpDataid: 'auditlog', dpPurview: 1 },
      { dpDataid: 'sysconfig', dpPurview: 0 },
    ]);
    expect(r.body).toMatchObject({ result: '1', data: { count: 2 } });
    const after = (await c.get(Paths.listmenupurviewtree + q())).body.data.rows;
    expect(granted(after)).toEqual({ orgManagement: 3, auditlog: 1 });
  });

  it('refuses the root, an unknown menu, a bad permission or a duplicate, changing nothing', async () => {
    const cases: [{ dpDataid: string; dpPurview: number }[], string][] = [
      [
        [
          { dpDataid: 'appManagement', dpPurview: 1 },
          { dpDataid: '0', dpPurview: 1 },
        ],
        RoleCodes.GRANT_ROOT,
      ],
      [
        [
          { dpDataid: 'appManagement', dpPurview: 1 },
          { dpDataid: 'notAMenu', dpPurview: 1 },
        ],
        RoleCodes.GRANT_MENU_UNKNOWN,
      ],
      // the administrators' own screens (adminOnly in TENANT_MENU) are never granted to a role
      [[{ dpDataid: 'serviceAccounts', dpPurview: 1 }], RoleCodes.GRANT_MENU_UNKNOWN],
      [[{ dpDataid: 'callLogs', dpPurview: 1 }], RoleCodes.GRANT_MENU_UNKNOWN],
      [[{ dpDataid: 'appManagement', dpPurview: 4 }], RoleCodes.GRANT_PURVIEW],
      [
        [
          { dpDataid: 'appManagement', dpPurview: 1 },
          { dpDataid: 'appManagement', dpPurview: 3 },
        ],
        RoleCodes.GRANT_DUPLICATE,
      ],
    ];
    for (const [items, scode] of cases) expect((await save(Paths.savemenupurview, items)).body.scode).toBe(scode);
    c.language = 'EN_US';
    expect((await save(Paths.savemenupurview, [{ dpDataid: '0', dpPurview: 1 }])).body.msg).toBe('Root node does not support permission configuration');
    c.language = 'ZH_CN';
    expect(granted((await c.get(Paths.listmenupurviewtree + q())).body.data.rows)).toEqual({ orgManagement: 3, auditlog: 1 });
    expect((await c.post(Paths.savemenupurview, { roleId, tenantId: B.tenantId, dataPurview: [] })).body.scode).toBe(RoleCodes.NOT_FOUND);
  });

  it('audits the replaced set with before and after', async () => {
    const rows = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'role.grant.menu'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: A.tenantId, entityId: roleId, username: 'admin' });
    expect((rows[0]!.after as { grants: unknown[] }).grants).toEqual([
      { dataId: 'orgManagement', purview: 3 },
      { dataId: 'auditlog', purview: 1 },
    ]);
  });
});

describe('organisation type grants: listorgtypepurview, saveorgtypepurview', () => {
  it('lists types 0–6, saves a set and replaces it; an unknown type refuses the whole set', async () => {
    const empty = (await c.get(Paths.listorgtypepurview + q())).body.data.rows;
    expect(empty.map((r: { type: number; dpPurview: number }) => [r.type, r.dpPurview])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
    ]);
    expect(
      (
        await save(Paths.saveorgtypepurview, [
          { dpDataid: '2', dpPurview: 1 },
          { dpDataid: '3', dpPurview: 1 },
        ])
      ).body.data.count,
    ).toBe(2);
    expect(
      (
        await save(Paths.saveorgtypepurview, [
          { dpDataid: '3', dpPurview: 1 },
          { dpDataid: '7', dpPurview: 1 },
        ])
      ).body.scode,
    ).toBe(RoleCodes.GRANT_ORGTYPE_UNKNOWN);
    const rows = (await c.get(Paths.listorgtypepurview + q())).body.data.rows;
    expect(rows.filter((r: { dpPurview: number }) => r.dpPurview).map((r: { dpDataid: string }) => r.dpDataid)).toEqual(['2', '3']);
    await save(Paths.saveorgtypepurview, [{ dpDataid: '6', dpPurview: 1 }]);
    const replaced = (await c.get(Paths.listorgtypepurview + q())).body.data.rows;
    expect(replaced.filter((r: { dpPurview: number }) => r.dpPurview).map((r: { dpDataid: string }) => r.dpDataid)).toEqual(['6']);
  });
});

describe('organisation tree grants: listorgpurview, saveorgpurview', () => {
  it('answers the main tree with the categories, and saves organisations of the tenant', async () => {
    const data = (await c.get(Paths.listorgpurview + q('&orgCategory=0'))).body.data;
    expect(data.orgCategory).toBe(0);
    expect(data.categories[0]).toMatchObject({ codeKey: 0 });
    expect(data.rows[0]).toMatchObject({ id: A.tenantId, purview: 0 });
    expect(data.rows[0].children.map((n: { code: string }) => n.code)).toEqual(['north']);
    const r = await save(
      Paths.saveorgpurview,
      [
        { dpDataid: A.orgs.north!, dpPurview: 1 },
        { dpDataid: A.orgs.north1!, dpPurview: 1 },
      ],
      { orgCategory: 0 },
    );
    expect(r.body.data.count).toBe(2);
    expect(granted((await c.get(Paths.listorgpurview + q('&orgCategory=0'))).body.data.rows)).toEqual({ [A.orgs.north!]: 1, [A.orgs.north1!]: 1 });
  });

  it('changes nothing when one organisation id is foreign or of another category, or the category is unknown', async () => {
    const foreign = await save(
      Paths.saveorgpurview,
      [
        { dpDataid: A.tenantId, dpPurview: 1 },
        { dpDataid: B.orgs.south!, dpPurview: 1 },
      ],
      { orgCategory: 0 },
    );
    expect(foreign.body.scode).toBe(RoleCodes.GRANT_ORG_UNKNOWN);
    const otherCategory = await save(Paths.saveorgpurview, [{ dpDataid: A.orgs.fin!, dpPurview: 1 }], { orgCategory: 0 });
    expect(otherCategory.body.scode).toBe(RoleCodes.GRANT_ORG_UNKNOWN);
    expect((await save(Paths.saveorgpurview, [], { orgCategory: 1 })).body.scode).toBe(RoleCodes.CATEGORY_UNKNOWN);
    expect((await c.get(Paths.listorgpurview + q('&orgCategory=1'))).body.scode).toBe(RoleCodes.CATEGORY_UNKNOWN);
    expect(granted((await c.get(Paths.listorgpurview + q('&orgCategory=0'))).body.data.rows)).toEqual({ [A.orgs.north!]: 1, [A.orgs.north1!]: 1 });
  });

  it('grants per configured organisation category, keeping each category apart', async () => {
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.insert(codeTable).values({ codeType: CodeTypes.ORG_CATEGORY, codeKey: `${A.tenantId}:1`, codeVal: 'Finance tree' }),
    );
    t.app.settings.invalidate();
    const data = (await c.get(Paths.listorgpurview + q('&orgCategory=1'))).body.data;
    expect(data.categories.map((x: { codeKey: number; codeVal: string }) => x.codeKey)).toEqual([0, 1]);
    expect(data.categories[1].codeVal).toBe('Finance tree');
    expect((await save(Paths.saveorgpurview, [{ dpDataid: A.orgs.fin!, dpPurview: 1 }], { orgCategory: 1 })).body.data.count).toBe(1);
    expect(granted((await c.get(Paths.listorgpurview + q('&orgCategory=1'))).body.data.rows)).toEqual({ [A.orgs.fin!]: 1 });
    expect(Object.keys(granted((await c.get(Paths.listorgpurview + q('&orgCategory=0'))).body.data.rows))).toHaveLength(2);
  });
});

describe('listmymenu honours menu grants', () => {
  it('gives a member the menus granted to their enabled roles in that tenant, administrators everything', async () => {
    // The member administers tenant B (so holds the tenant user type) and is a plain user of tenant A.
    const member = await createMember(t.app, A.tenantId, 'menumember', 'Member');
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => insertIdentity(tx, B.tenantId, member, 3));
    const m = await t.client();
    await m.signIn('menumember', USER_PASSWORD);
    const menuOf = async (tenant: string) =>
      (await m.get(Paths.listmymenu, { headers: { tenantid: tenant } })).body.data.rows.map((r: { menuId: string }) => r.menuId);
    expect(await menuOf(A.tenantId)).toEqual([]);
    await c.post(Paths.addroleuser, { tenantId: A.tenantId, roleId, userIds: [member] });
    expect(await menuOf(A.tenantId)).toEqual(['orgManagement', 'auditlog']);
    expect(await menuOf('-1')).toEqual(['orgManagement', 'auditlog']);
    // holding menus of their own tenant makes a plain user a tenant user (type 3) for the console's routing
    const plain = await createMember(t.app, A.tenantId, 'plainmember', 'Plain');
    const p = await t.client();
    await p.signIn('plainmember', USER_PASSWORD);
    const typesOf = async () => (await p.post(Paths.tokenlogin, { accountName: 'plainmember', token: p.token })).body.data.row;
    expect((await typesOf()).userTypes).toEqual(['7']);
    await c.post(Paths.addroleuser, { tenantId: A.tenantId, roleId, userIds: [plain] });
    expect(await typesOf()).toMatchObject({ userTypes: ['3', '7'], userType: [1] }); // no identity was added
    // the controls: write on orgManagement, read only on auditlog; administrators both everywhere
    const purviews = async (tenant: string) =>
      (await m.get(Paths.listmymenu, { headers: { tenantid: tenant } })).body.data.rows.map((r: { purview: number }) => r.purview);
    expect(await purviews(A.tenantId)).toEqual([3, 1]);
    expect((await purviews(B.tenantId)).every((p: number) => p === 3)).toBe(true);
    expect((await menuOf(B.tenantId)).length).toBeGreaterThan(10);
    expect(await menuOf(B.tenantId)).toEqual(expect.arrayContaining(['callStats', 'callLogs', 'serviceAccounts']));
    await t.app.database.db.update(roles).set({ status: 0 }).where(eq(roles.id, roleId));
    expect(await menuOf(A.tenantId)).toEqual([]);
    await t.app.database.db.update(roles).set({ status: 1 }).where(eq(roles.id, roleId));
  });
});
