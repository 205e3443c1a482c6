/**
 * Fixtures of the tenant-area user tests (users.tenant.test.ts, users.tenant.import.test.ts): two
 * tenants with organisation trees, their administrators, and a role holder whose role grants the
 * subtree "east" with API grants for some of the calls.
 *
 *   acme: root ─ dept
 *              ├ east ─ e-sales
 *              └ west
 */
import { eq } from 'drizzle-orm';
import { Codes, isJobFinished, Paths, type JobRow } from '@mp/protocol';
import { expect } from 'vitest';
import { inScope } from '../../db/context.js';
import { organisations, roleGrants, roles, roleUsers, stations, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createUserRow, type testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { createTenantWithOrgs } from './users.testing.js';

export const PASSWORD = 'Passw0rd!x';
type TestApp = Awaited<ReturnType<typeof testApp>>;

export interface TenantUserWorld {
  acme: { tenantId: string; deptId: string };
  beta: { tenantId: string; deptId: string };
  /** user name → id */
  uid: Record<string, string>;
  station: string;
  betaStation: string;
  as: (username: string, tenant: string) => Promise<GatewayClient>;
}

/** The calls the role holder "rita" may make (API grants); delete, reset password and template are not among them. */
export const RITA_APIS = [
  Paths.listtenantuser,
  Paths.gettenantuser,
  Paths.addtenantuser,
  Paths.edittenantuser,
  Paths.statustenantuser,
  Paths.locktenantuser,
  Paths.exporttenantuser,
  Paths.importtenantuser,
  Paths.listtenantuserstation,
];

/** Builds the world: nora administers acme, sam administers beta, rita holds role "east" in acme. */
export async function buildWorld(t: TestApp, prefix: string): Promise<TenantUserWorld> {
  const acme = await createTenantWithOrgs(t.app, `${prefix}acme`);
  const beta = await createTenantWithOrgs(t.app, `${prefix}beta`);
  const uid: Record<string, string> = {};
  uid.nora = await createUserRow(t.app, { username: `${prefix}nora`, password: PASSWORD });
  uid.sam = await createUserRow(t.app, { tenantId: beta.tenantId, username: `${prefix}sam`, password: PASSWORD });
  for (const name of ['rita', 'u-east', 'u-esales', 'u-west'])
    uid[name] = await createUserRow(t.app, { tenantId: acme.tenantId, username: name, password: PASSWORD });
  uid.boss = await createUserRow(t.app, { tenantId: acme.tenantId, username: 'boss', password: PASSWORD, superManager: true });
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  for (const [tenantId, userIds] of [
    [acme.tenantId, [uid.nora]],
    [beta.tenantId, [uid.sam]],
  ] as const) {
    expect((await admin.post(Paths.savetenantadmin, { tenantId, userIds })).body.result).toBe('1');
  }
  const a = acme.tenantId;
  const station = `${a}-clerk`;
  const betaStation = `${beta.tenantId}-clerk`;
  await inScope(t.app.database.db, { scope: 'tenant', tenantId: a }, async (tx) => {
    await tx.insert(organisations).values([
      { id: `${a}-east`, tenantId: a, parentId: a, code: 'east', name: 'East', type: 2 },
      { id: `${a}-esales`, tenantId: a, parentId: `${a}-east`, code: 'e-sales', name: 'East sales', type: 3 },
      { id: `${a}-west`, tenantId: a, parentId: a, code: 'west', name: 'West', type: 2 },
    ]);
    for (const [u, org] of [
      ['rita', 'east'],
      ['u-east', 'east'],
      ['u-esales', 'esales'],
      ['u-west', 'west'],
    ] as const) {
      await tx
        .update(users)
        .set({ orgId: `${a}-${org}`, effectiveDate: '2026-01-01', expiryDate: '2099-12-31' })
        .where(eq(users.id, uid[u]!));
    }
    await tx.insert(stations).values({ id: station, tenantId: a, name: 'Clerk', level: 'P1' });
    await tx.insert(roles).values({ id: `${a}-r-east`, tenantId: a, code: 'east', name: 'East' });
    await tx
      .insert(roleGrants)
      .values([
        { tenantId: a, roleId: `${a}-r-east`, kind: 'org', dataId: `${a}-east` },
        ...RITA_APIS.map((url) => ({ tenantId: a, roleId: `${a}-r-east`, kind: 'api', dataId: url })),
      ]);
    await tx.insert(roleUsers).values({ tenantId: a, roleId: `${a}-r-east`, userId: uid.rita! });
  });
  await inScope(t.app.database.db, { scope: 'tenant', tenantId: beta.tenantId }, (tx) =>
    tx.insert(stations).values({ id: betaStation, tenantId: beta.tenantId, name: 'Clerk', level: 'P1' }),
  );
  const as = async (username: string, tenant: string) => {
    const c = await t.client();
    await c.signIn(username, PASSWORD);
    c.tenantId = tenant;
    return c;
  };
  return { acme, beta, uid, station, betaStation, as };
}

/** A user body of the tenant area that passes every rule (no tenant: it is TENANTID). */
export function tenantUser(c: GatewayClient, username: string, orgId: string, extra: Record<string, unknown> = {}) {
  return {
    username,
    employeeName: '张三',
    employeeCode: 'E_001',
    gender: 'M',
    orgId,
    defaultOrgId: '',
    stationId: '',
    effectiveDate: '2026-01-01',
    expiryDate: '2030-12-31',
    status: 1,
    email: '',
    mobile: '',
    officePhone: '',
    homePhone: '',
    idCard: '',
    avatar: '',
    signature: '',
    description: '',
    password: c.encrypt(PASSWORD),
    ...extra,
  };
}

/** Polls `getjob` until the job has finished. */
export async function pollJob(c: GatewayClient, id: string): Promise<JobRow> {
  for (let i = 0; i < 600; i++) {
    const r = await c.get(`${Paths.getjob}?id=${id}`);
    expect(r.body.scode || '').not.toBe(Codes.NO_PERMISSION);
    if (isJobFinished(r.body.data.row.state)) return r.body.data.row;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('job did not finish');
}
