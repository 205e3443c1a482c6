import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkPasswordStrength, checkUserFields, DEFAULT_PASSWORD_RULE, Paths, ROLE_RULES, STATION_RULES, TENANT_RULES } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../testing/test-app.js';
import { AppError } from '../lib/errors.js';
import { checkText, type TextRule } from '../lib/validate.js';
import { checkOrgFields } from '../modules/organisations/organisations.service.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { auditLog, files, organisations, roleGrants, roles, roleUsers, stations, tenants, userIdentities, users } from '../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_ROLE, DEMO_TENANTS, peopleOf, solidPng } from './seed-demo-data.js';
import { seedDemo, type SeedReport } from './seed-demo.js';
import { tenantApiCatalogue } from '../plugins/tenant-context.js';

const codes = DEMO_TENANTS.map((t) => t.code);

describe('seed:demo', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let first: SeedReport;
  beforeAll(async () => {
    t = await testApp();
    first = await seedDemo(t.app.database, { apis: tenantApiCatalogue(t.app) });
  }, 120_000);
  afterAll(() => t.close());

  const count = async () =>
    inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      const ids = (await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.code, codes))).map((r) => r.id);
      const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
      return {
        tenants: ids.length,
        users: await n(tx.select({ n: sql<number>`count(*)::int` }).from(users).where(inArray(users.tenantId, ids))),
        files: await n(tx.select({ n: sql<number>`count(*)::int` }).from(files).where(inArray(files.tenantId, ids))),
        signins: await n(
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(auditLog)
            .where(and(inArray(auditLog.tenantId, ids), eq(auditLog.action, 'signin'))),
        ),
        tenantAdmins: await n(
          tx
            .select({ n: sql<number>`count(*)::int` })
            .from(userIdentities)
            .where(and(inArray(userIdentities.tenantId, ids), eq(userIdentities.identity, 3))),
        ),
      };
    });

  it('adds the demo tenants (one disabled, each with a PNG logo), their users and sign-in history', async () => {
    const expectedUsers = DEMO_TENANTS.reduce((s, d) => s + d.users, 0);
    expect(first.added.map((a) => a.code)).toEqual(codes);
    expect(first.users).toBe(expectedUsers);
    const c = await count();
    expect(c).toMatchObject({ tenants: DEMO_TENANTS.length, users: expectedUsers, files: DEMO_TENANTS.length, tenantAdmins: DEMO_TENANTS.length });
    expect(c.signins).toBeGreaterThan(0);
    const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(tenants).where(inArray(tenants.code, codes)));
    expect(rows.filter((r) => r.status === 0).map((r) => r.code)).toEqual(['jinxiu']);
    expect(rows.every((r) => r.logo !== '')).toBe(true);
  });

  it('gives every tenant a root with departments and stations, and every user a department and a station', async () => {
    const { orgs, stationRows, homeless } = await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      const ids = (await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.code, codes))).map((r) => r.id);
      return {
        orgs: await tx.select().from(organisations).where(inArray(organisations.tenantId, ids)),
        stationRows: await tx.select().from(stations).where(inArray(stations.tenantId, ids)),
        homeless: await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.tenantId, ids), sql`(${users.orgId} is null or ${users.stationId} is null)`)),
      };
    });
    expect(orgs.filter((o) => o.parentId === null)).toHaveLength(DEMO_TENANTS.length);
    expect(orgs.filter((o) => o.parentId !== null && o.parentId === o.tenantId)).toHaveLength(DEMO_TENANTS.length * 4);
    expect(orgs.filter((o) => o.type === 4)).toHaveLength(DEMO_TENANTS.length * 2); // teams, a level deeper
    expect(orgs.filter((o) => o.type === 4).every((o) => o.path.split('/').length === 5)).toBe(true);
    expect(stationRows).toHaveLength(DEMO_TENANTS.length * 5);
    expect(homeless).toEqual([]);
  });

  it("gives each enabled tenant a department managers role granting the first department's subtree, held by its third user", async () => {
    const enabled = DEMO_TENANTS.filter((d) => d.status === 1);
    expect(first.added.filter((a) => a.roleHolder).length).toBe(enabled.length);
    const { roleRows, grants, members } = await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
      roleRows: await tx.select().from(roles).where(eq(roles.code, DEMO_ROLE.code)),
      grants: await tx.select().from(roleGrants),
      members: await tx.select().from(roleUsers),
    }));
    expect(roleRows).toHaveLength(enabled.length);
    for (const r of roleRows) {
      const mine = grants.filter((g) => g.roleId === r.id);
      expect(mine.filter((g) => g.kind === 'org').map((g) => g.dataId)).toEqual([r.orgId]);
      expect(Object.fromEntries(mine.filter((g) => g.kind === 'menu').map((g) => [g.dataId, g.purview]))).toEqual(DEMO_ROLE.menus);
      expect(
        mine.filter((g) => g.kind === 'api').every((g) => tenantApiCatalogue(t.app).some((a) => a.url === g.dataId && DEMO_ROLE.menus[a.menu] !== undefined)),
      ).toBe(true);
      expect(members.filter((m) => m.roleId === r.id)).toHaveLength(1);
    }
  });

  it('every seeded tenant, user, organisation, position and role passes the SPEC §5 checks the server runs on a write', async () => {
    const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => {
      const tenantRows = await tx.select().from(tenants).where(inArray(tenants.code, codes));
      const ids = tenantRows.map((r) => r.id);
      return {
        tenantRows,
        userRows: await tx.select().from(users).where(inArray(users.tenantId, ids)),
        orgRows: await tx.select().from(organisations).where(inArray(organisations.tenantId, ids)),
        stationRows: await tx.select().from(stations).where(inArray(stations.tenantId, ids)),
        roleRows: await tx.select().from(roles).where(inArray(roles.tenantId, ids)),
      };
    });
    const problems: string[] = [];
    /** Runs one server check, noting its refusal (code and parameters) under `what`. */
    const check = (what: string, run: () => unknown) => {
      try {
        run();
      } catch (e) {
        problems.push(`${what}: ${e instanceof AppError ? `${e.code} ${JSON.stringify(e.params)}` : String(e)}`);
      }
    };
    const text = (what: string, field: string, value: string | null, rule: TextRule) =>
      check(`${what} ${field} '${value}'`, () => checkText(field, value, rule));
    for (const r of rows.tenantRows) {
      const what = `tenant ${r.code}`;
      text(what, 'code', r.code, { required: true, ...TENANT_RULES.code });
      text(what, 'name', r.name, { required: true, ...TENANT_RULES.name });
      text(what, 'abbreviation', r.abbreviation, { required: true, ...TENANT_RULES.abbreviation });
      text(what, 'address', r.address, { required: true, ...TENANT_RULES.address });
      text(what, 'description', r.description, TENANT_RULES.description);
      text(what, 'logo', r.logo, { required: true });
    }
    for (const u of rows.userRows) {
      const fields = {
        ...u,
        mobile: u.mobile ?? '',
        email: u.email ?? '',
        orgId: u.orgId ?? '',
        effectiveDate: u.effectiveDate ?? '',
        expiryDate: u.expiryDate ?? '',
      };
      for (const p of checkUserFields(fields)) problems.push(`user ${u.username} ${p.field} '${fields[p.field]}': ${p.code}`);
    }
    for (const o of rows.orgRows) check(`organisation ${o.code} '${o.name}'`, () => checkOrgFields(o));
    for (const s of rows.stationRows) {
      const what = `station ${s.code}`;
      text(what, 'name', s.name, { required: true, ...STATION_RULES.name });
      text(what, 'level', s.level, { required: true, ...STATION_RULES.level });
      text(what, 'code', s.code, STATION_RULES.code);
      text(what, 'type', s.type, { required: true, ...STATION_RULES.type }); // SPEC §5 Position: name and type required
      text(what, 'description', s.description, STATION_RULES.description);
    }
    for (const r of rows.roleRows) {
      const what = `role ${r.code}`;
      text(what, 'roleNo', r.code, { required: true, ...ROLE_RULES.roleNo });
      text(what, 'roleName', r.name, { required: true, ...ROLE_RULES.roleName });
      text(what, 'description', r.description, ROLE_RULES.description);
    }
    expect(rows.userRows.length * rows.orgRows.length * rows.stationRows.length * rows.roleRows.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    expect(checkPasswordStrength(DEMO_PASSWORD, DEFAULT_PASSWORD_RULE)).toBe(1);
  });

  it('a second run adds nothing and does not fail', async () => {
    const before = await count();
    const again = await seedDemo(t.app.database);
    expect(again.added).toEqual([]);
    expect(again.skipped.sort()).toEqual([...codes].sort());
    expect(await count()).toEqual(before);
  });

  it('the platform list shows the seeded tenants and a seeded tenant administrator can sign in', async () => {
    const admin = await t.client();
    await admin.signIn('admin', ADMIN_PASSWORD);
    const list = await admin.post(Paths.listtenant, { page: 1, pageSize: 50 });
    expect(list.body.data.rows.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(codes));
    const ta = await t.client();
    const info = await ta.signIn('yunti_admin', DEMO_PASSWORD);
    expect(info.userType).toContain(3);
  });

  it('demo people have 11-digit mobiles and unique user names, mobiles and e-mails', () => {
    const people = DEMO_TENANTS.flatMap((d, i) => peopleOf(d, i));
    expect(people.every((p) => /^1\d{10}$/.test(p.mobile))).toBe(true);
    for (const key of ['username', 'mobile', 'email'] as const) expect(new Set(people.map((p) => p[key])).size).toBe(people.length);
  });

  it('solidPng makes a valid PNG', () => {
    const png = solidPng([1, 2, 3], 8);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(8);
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
  });
});
