/**
 * The data of plugins/tenant-reads.test.ts: two tenants seeded alike, each with an organisation subtree the
 * role holder's scope covers and rows of every kind inside and outside it.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CodeTypes, Identity } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import {
  auditLog,
  codeTable,
  files,
  jobs,
  oidcClients,
  organisations,
  orgMappings,
  orgUsers,
  productAdmins,
  products,
  roleGrants,
  roles,
  roleUsers,
  stations,
  tenantProducts,
  tenantSettings,
  userAccounts,
  userMappings,
  users,
} from '../db/schema/index.js';
import { insertIdentity } from '../modules/users/users.repository.js';
import { TENANT_MENU } from '../modules/menu/tenant-menu.js';
import { createTenantRow, createUserRow } from '../testing/test-app.js';
import type { IdsByKind } from '../testing/route-probe.js';
import { tenantApiCatalogue } from './tenant-context.js';

export const PASSWORD = 'Passw0rd!x';
export const KINDS = ['org', 'user', 'station', 'role', 'product', 'orgMapping', 'userMapping', 'account', 'job', 'audit', 'file', 'client', 'tenant'];

/** Per tenant: ids of rows inside the holder's subtree (`in`), outside it (`out`), the tenant and its users. */
export interface Seeded {
  tenantId: string;
  root: string;
  in: IdsByKind;
  out: IdsByKind;
  all: IdsByKind;
  userIds: Record<string, string>;
  outUuids: string[];
}

/** A tiny PNG (1×1). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Seeds one tenant: organisations root ─ in ─ in1 and root ─ out; users admin (tenant and application
 * administrator), holder and plain (in), uin (in1), uout (out); one row of every other kind inside the
 * subtree and one outside it. `tag` names rows inside the subtree, `outTag` rows outside it.
 */
export async function seedTenant(app: FastifyInstance, code: string, tag: string, outTag: string): Promise<Seeded> {
  const tenantId = await createTenantRow(app, code);
  const u: Record<string, string> = {};
  for (const [key, name] of [
    ['admin', `${tag}admin`],
    ['holder', `${tag}holder`],
    ['plain', `${tag}plain`],
    ['uin', `${tag}uin`],
    ['uout', `${outTag}uout`],
  ] as const) {
    u[key] = await createUserRow(app, { tenantId, username: name, password: PASSWORD });
  }
  const id = (x: string, out = false) => `${out ? outTag : tag}-${x}`;
  const org = { root: id('org-root'), in: id('org-in'), in1: id('org-in1'), out: id('org-out', true) };
  const product = id('product');
  const s: Seeded = {
    tenantId,
    root: org.root,
    userIds: u,
    outUuids: [u.uout!],
    in: {
      tenant: [tenantId],
      org: [org.in, org.in1],
      user: [u.uin!, u.holder!, u.plain!],
      station: [id('st-in')],
      role: [id('role-in')],
      product: [product],
      orgMapping: [id('orgmap-in')],
      userMapping: [id('usermap-in')],
      account: [id('acc-in'), id('acc-free')],
      job: [id('job-holder')],
      audit: [id('audit-in')],
      file: [id('file')],
      client: [id('client')],
    },
    out: {
      tenant: [tenantId],
      org: [org.out],
      user: [u.uout!],
      station: [id('st-out', true), id('st-none', true)],
      role: [id('role-out', true)],
      product: [product],
      orgMapping: [id('orgmap-out', true)],
      userMapping: [id('usermap-out', true)],
      account: [id('acc-out', true)],
      job: [id('job-admin', true)],
      audit: [id('audit-out', true)],
      file: [id('file')],
      client: [id('client')],
    },
    all: {},
  };
  for (const k of KINDS) s.all[k] = [...new Set([...(s.in[k] ?? []), ...(s.out[k] ?? [])])];
  const apis = tenantApiCatalogue(app).map((x) => x.url);
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await insertIdentity(tx, tenantId, u.admin!, Identity.TENANT_ADMIN);
    await insertIdentity(tx, tenantId, u.admin!, Identity.APP_ADMIN);
    await tx.insert(products).values({
      id: product,
      code: `${tag}prod`,
      name: `${tag} Product`,
      abbreviation: tag,
      version: '1',
      callbackUrl: 'https://a.example',
      department: 'D',
      ownerName: 'O',
      ownerEmail: 'o@example.com',
      ownerPhone: '13800000000',
      opsOwner: 'P',
    });
    await tx.insert(productAdmins).values({ productId: product, userId: u.admin! });
    await tx.insert(tenantProducts).values({ tenantId, productId: product, code: `${tag}app`, name: `${tag} App` });
    await tx.insert(oidcClients).values({
      clientId: id('client'),
      productId: product,
      name: `${tag} client`,
      secretHash: 'x'.repeat(64),
      redirectUris: ['https://a.example/cb'],
      grantTypes: ['authorization_code'],
    });
    // The root is the subtree's ancestor: its id is in the path of every row below it; its name and code are outside.
    await tx.insert(organisations).values({ id: org.root, tenantId, parentId: tenantId, code: `${outTag}R`, name: `${outTag} Root`, type: 2 });
    await tx.insert(organisations).values([
      { id: org.in, tenantId, parentId: org.root, code: `${tag}I`, name: `${tag} In`, type: 3 },
      { id: org.out, tenantId, parentId: org.root, code: `${outTag}O`, name: `${outTag} Out`, type: 3 },
    ]);
    await tx.insert(organisations).values({ id: org.in1, tenantId, parentId: org.in, code: `${tag}I1`, name: `${tag} In1`, type: 4 });
    for (const [key, o] of [
      ['holder', org.in],
      ['plain', org.in],
      ['uin', org.in1],
      ['uout', org.out],
    ] as const) {
      await tx
        .update(users)
        .set({ orgId: o, employeeName: `${key === 'uout' ? outTag : tag} ${key}` })
        .where(eq(users.id, u[key]!));
    }
    await tx.insert(stations).values([
      { id: id('st-in'), tenantId, name: `${tag} Clerk In`, level: 'P1', orgId: org.in, code: `${tag}CI` },
      { id: id('st-out', true), tenantId, name: `${outTag} Clerk Out`, level: 'P1', orgId: org.out, code: `${outTag}CO` },
      { id: id('st-none', true), tenantId, name: `${outTag} Floater`, level: 'P1', code: `${outTag}F` },
    ]);
    await tx
      .update(users)
      .set({ stationId: id('st-in') })
      .where(eq(users.id, u.uin!));
    await tx
      .update(users)
      .set({ stationId: id('st-out', true) })
      .where(eq(users.id, u.uout!));
    // uout (outside) is also a member of the holder's role and of the organisation `in`: member lists hide them
    await tx.insert(roles).values([
      { id: id('role-in'), tenantId, code: `${tag}r1`, name: `${tag} Role In`, orgId: org.in },
      { id: id('role-out', true), tenantId, code: `${outTag}r2`, name: `${outTag} Role Out`, orgId: org.out },
    ]);
    await tx
      .insert(roleGrants)
      .values([
        ...TENANT_MENU.map((m) => ({ tenantId, roleId: id('role-in'), kind: 'menu', dataId: m.code, purview: 3 })),
        ...[...new Set(apis)].map((dataId) => ({ tenantId, roleId: id('role-in'), kind: 'api', dataId })),
        { tenantId, roleId: id('role-in'), kind: 'org', dataId: org.in },
        { tenantId, roleId: id('role-out', true), kind: 'org', dataId: org.out },
      ]);
    await tx.insert(roleUsers).values([
      { tenantId, roleId: id('role-in'), userId: u.holder! },
      { tenantId, roleId: id('role-in'), userId: u.uin! },
      { tenantId, roleId: id('role-out', true), userId: u.uout! },
      { tenantId, roleId: id('role-in'), userId: u.uout! },
    ]);
    await tx.insert(orgUsers).values([
      { tenantId, orgId: org.in, userId: u.uin! },
      { tenantId, orgId: org.out, userId: u.uout! },
      { tenantId, orgId: org.in, userId: u.uout! },
    ]);
    await tx.insert(orgMappings).values([
      { id: id('orgmap-in'), tenantId, productId: product, orgId: org.in, externalCode: `${tag}EXTI`, externalName: `${tag} ext org in` },
      { id: id('orgmap-out', true), tenantId, productId: product, orgId: org.out, externalCode: `${outTag}EXTO`, externalName: `${outTag} ext org out` },
    ]);
    await tx.insert(userMappings).values([
      { id: id('usermap-in'), tenantId, productId: product, userId: u.uin!, externalAccount: `${tag}accti`, externalName: `${tag} ext user in` },
      { id: id('usermap-out', true), tenantId, productId: product, userId: u.uout!, externalAccount: `${outTag}accto`, externalName: `${outTag} ext user out` },
    ]);
    await tx.insert(userAccounts).values([
      { id: id('acc-in'), tenantId, accountType: 1, account: `${tag}openidin`, nickname: `${tag}nickin`, userId: u.uin! },
      { id: id('acc-free'), tenantId, accountType: 1, account: `${tag}free`, nickname: `${tag}free` },
      { id: id('acc-out', true), tenantId, accountType: 1, account: `${outTag}openidout`, nickname: `${outTag}nickout`, userId: u.uout! },
    ]);
    await tx.insert(jobs).values([
      { id: id('job-holder'), tenantId, kind: 'import.users', state: 'done', fileName: `${tag} import in.xlsx`, total: 1, processed: 1, createdBy: u.holder! },
      {
        id: id('job-admin', true),
        tenantId,
        kind: 'import.users',
        state: 'done',
        fileName: `${outTag} import out.xlsx`,
        total: 1,
        processed: 1,
        createdBy: u.admin!,
      },
    ]);
    await tx.insert(files).values({ id: id('file'), tenantId, name: `${tag}.png`, mime: 'image/png', size: 68, data: PNG, createdBy: `${tag}admin` });
    await tx.insert(auditLog).values([
      {
        id: id('audit-in'),
        tenantId,
        userId: u.uin!,
        username: `${tag}uin`,
        action: 'user.edit',
        entity: 'user',
        entityId: u.uin!,
        after: { name: `${tag} In` },
      },
      {
        id: id('audit-out', true),
        tenantId,
        userId: u.uout!,
        username: `${outTag}uout`,
        action: 'user.edit',
        entity: 'user',
        entityId: u.uout!,
        after: { name: `${outTag} Out` },
      },
    ]);
    await tx.insert(codeTable).values({ codeType: CodeTypes.ORG_CATEGORY, codeKey: `${tenantId}:1`, codeVal: `${tag} Category`, sort: 1 });
    await tx.insert(tenantSettings).values({ tenantId, key: 'probe', value: { note: `${tag}-setting` } });
  });
  return s;
}
