/**
 * Bad input on the platform's routes and the sign-in calls (issue 12 §2; docs/security.md "Input"): an
 * integer beyond 2^53 or below its range, an over-long string, a sort field outside the list's closed
 * set (`__proto__`, `constructor`, a column that is no sort field) and a value of the wrong type each
 * answer HTTP 400 with the envelope, the offending field in `data.errors` and a localised message, and
 * write nothing. Each body is valid but for the one bad field. The other way round, every field of
 * every list's sort set sorts (the schema's set and the repository's sort map are the same keys).
 * Table-driven, one table per module. The tenant area's modules: tenant-input.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_TENANT_SORT_FIELDS,
  AUDIT_LOG_SORT_FIELDS,
  CLIENT_SORT_FIELDS,
  Codes,
  CONFIG_SORT_FIELDS,
  LICENCE_SORT_FIELDS,
  Paths,
  PRODUCT_SORT_FIELDS,
  ROLE_SORT_FIELDS,
  ROLE_USER_SORT_FIELDS,
  SESSION_SORT_FIELDS,
  TENANT_SORT_FIELDS,
  USER_SORT_FIELDS,
} from '@mp/protocol';
import { BIG, BIG_TEXT, long, sendBad, tableDigest } from '../testing/bad-input.js';
import type { GatewayClient } from '../testing/gateway-client.js';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../testing/test-app.js';
import { authoriseProduct, createProductRow } from './apptenants/apptenants.fixtures.js';
import { createTenantWithOrgs, validUser } from './users/users.testing.js';

const PASSWORD = 'Passw0rd!x';
/** Tables a platform call could write (sessions, request nonces, settings and rate limits change with every call and are left out). */
const TABLES = [
  'users',
  'user_identities',
  'sign_in_names',
  'tenants',
  'products',
  'product_admins',
  'tenant_products',
  'oidc_clients',
  'roles',
  'role_users',
  'role_grants',
  'organisations',
  'stations',
  'code_table',
  'integration_configs',
  'licences',
  'jobs',
  'one_time_codes',
  'files',
  'tenant_settings',
  'audit_log',
];
const range = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-10T00:00:00Z' };
const many = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

let t: Awaited<ReturnType<typeof testApp>>;
/** Callers: the platform administrator, a tenant administrator (in their tenant) and a caller without a session. */
let who: Record<'admin' | 'tenant' | 'anonymous', GatewayClient>;
let acme: { tenantId: string; deptId: string };
const PRODUCT = 'p-crm';

/** `[caller, path, body, the field data.errors names, method]` (a `?query` path is a GET unless the method says POST). */
type Case = [caller: keyof typeof who, path: string, body: unknown, field: string, method?: 'POST'];

/** Per module: requests that must be refused with HTTP 400, the envelope and the field. Bodies are functions: ids exist only after set-up. */
const BAD: Record<string, () => Case[]> = {
  users: () => {
    const user = validUser(acme.tenantId, acme.deptId, 'bad_input_user');
    return [
      ['admin', Paths.listuser, { page: BIG }, 'page'],
      ['admin', Paths.listuser, { pageSize: -1 }, 'pageSize'],
      ['admin', Paths.listuser, { sortField: '__proto__' }, 'sortField'],
      ['admin', Paths.listuser, { sortField: 'constructor' }, 'sortField'],
      ['admin', Paths.listuser, { sortField: 'passwordHash' }, 'sortField'],
      ['admin', Paths.listuser, { status: 'on' }, 'status'],
      ['admin', Paths.exportuser, { sortField: 'constructor' }, 'sortField'],
      ['admin', Paths.getuser, { id: long(65) }, 'id'],
      ['admin', Paths.adduser, { ...user, username: long(201), password: 'x' }, 'username'],
      ['admin', Paths.adduser, { ...user, status: 2, password: 'x' }, 'status'],
      ['admin', Paths.statususer, { ids: ['x'], status: BIG }, 'status'],
      ['admin', Paths.lockuser, { ids: ['x'], locked: { yes: true } }, 'locked'],
      ['admin', Paths.deleteuser, { ids: many(1001) }, 'ids'],
      ['admin', Paths.resetuserpassword, { id: 'x', password: long(1025) }, 'password'],
      ['admin', Paths.templateuser, [], ''],
    ];
  },
  sessions: () => [
    ['admin', Paths.listsession, { page: BIG }, 'page'],
    ['admin', Paths.listsession, { sortField: '__proto__' }, 'sortField'],
    ['admin', Paths.listsession, { sortField: 'constructor' }, 'sortField'],
    ['admin', Paths.listsession, { sortField: 'ip' }, 'sortField'],
    ['admin', Paths.listsession, { keyword: long(51) }, 'keyword'],
    ['admin', Paths.endsession, { ids: [long(65)] }, 'ids.0'],
    ['admin', Paths.endsession, { ids: { a: 1 } }, 'ids'],
  ],
  roles: () => {
    const tenantId = acme.tenantId;
    return [
      ['admin', Paths.listrole, { tenantId, page: BIG }, 'page'],
      ['admin', Paths.listrole, { tenantId, sortField: '__proto__' }, 'sortField'],
      ['admin', Paths.listrole, { tenantId, sortField: 'constructor' }, 'sortField'],
      ['admin', Paths.listrole, { tenantId, roleStatus: 'on' }, 'roleStatus'],
      ['admin', Paths.listroleuser, { tenantId, roleId: 'r', sortField: 'orgName' }, 'sortField'],
      ['admin', Paths.listroleuser, { tenantId, roleId: 'r', pageSize: BIG }, 'pageSize'],
      ['admin', Paths.addrole, { tenantId, roleNo: long(201), roleName: 'Name' }, 'roleNo'],
      ['admin', Paths.addroleuser, { tenantId, roleId: 'r', userIds: many(1001) }, 'userIds'],
      ['admin', Paths.deleterole, { tenantId, roleIds: [{}] }, 'roleIds.0'],
      ['admin', `${Paths.listorgpurview}?tenantId=${tenantId}&roleId=r&orgCategory=${BIG_TEXT}`, undefined, 'orgCategory'],
      ['admin', `${Paths.listorgpurview}?tenantId=${tenantId}&roleId=r&orgCategory=-1`, undefined, 'orgCategory'],
      ['admin', `${Paths.listmenupurviewtree}?tenantId=${tenantId}&roleId=${long(65)}`, undefined, 'roleId'],
      ['admin', Paths.savemenupurview, { tenantId, roleId: 'r', dataPurview: [{ dpDataid: 'm', dpPurview: -1 }] }, 'dataPurview.0.dpPurview'],
      ['admin', Paths.saveorgpurview, { tenantId, roleId: 'r', orgCategory: BIG, dataPurview: [] }, 'orgCategory'],
    ];
  },
  tenants: () => {
    const tenant = { code: 'BadInput', name: 'Bad input', abbreviation: 'BI', logo: 'f', address: 'Somewhere 1', status: 1 };
    return [
      ['admin', Paths.listtenant, { page: BIG }, 'page'],
      ['admin', Paths.listtenant, { sortField: '__proto__' }, 'sortField'],
      ['admin', Paths.listtenant, { sortField: 'creator' }, 'sortField'],
      ['admin', Paths.listtenant, { status: 2 }, 'status'],
      ['admin', Paths.exporttenant, { sortField: 'constructor' }, 'sortField'],
      ['admin', Paths.addtenant, { ...tenant, name: long(201) }, 'name'],
      ['admin', Paths.statustenant, { ids: ['x'], status: { on: true } }, 'status'],
      ['admin', Paths.listtenantproduct, { tenantId: acme.tenantId, page: BIG }, 'page'],
      ['admin', Paths.savetenantproduct, { tenantId: acme.tenantId, products: [{ productId: PRODUCT, version: long(101) }] }, 'products.0.version'],
      ['admin', Paths.listtenantadmincandidate, { page: BIG }, 'page'],
      ['admin', Paths.savetenantadmin, { tenantId: acme.tenantId, userIds: many(101) }, 'userIds'],
    ];
  },
  products: () => [
    ['admin', Paths.listproduct, { pageSize: BIG }, 'pageSize'],
    ['admin', Paths.listproduct, { sortField: '__proto__' }, 'sortField'],
    ['admin', Paths.listproduct, { sortField: 'abbreviation' }, 'sortField'],
    ['admin', Paths.exportproduct, { sortField: 'constructor' }, 'sortField'],
    ['admin', Paths.listproductadmincandidate, { page: BIG }, 'page'],
    ['admin', Paths.listproductadmincandidate, { page: -1 }, 'page'],
    ['admin', Paths.statusproduct, { ids: ['x'], status: -1 }, 'status'],
    ['admin', Paths.getproduct, { id: { x: 1 } }, 'id'],
  ],
  clients: () => [
    ['admin', Paths.listclient, { productId: PRODUCT, page: BIG }, 'page'],
    ['admin', Paths.listclient, { productId: PRODUCT, sortField: '__proto__' }, 'sortField'],
    ['admin', Paths.listclient, { productId: PRODUCT, sortField: 'constructor' }, 'sortField'],
    ['admin', Paths.addclient, { productId: PRODUCT, name: 'Web', redirectUris: [long(2001)], grantTypes: ['authorization_code'] }, 'redirectUris.0'],
    ['admin', Paths.statusclient, { productId: PRODUCT, ids: ['c'], status: 3 }, 'status'],
    ['admin', Paths.deleteclient, { productId: long(65), ids: ['c'] }, 'productId'],
    ['admin', Paths.listmyapp, { page: BIG }, 'page'],
  ],
  licence: () => [
    ['admin', Paths.listlicence, { page: BIG }, 'page'],
    ['admin', Paths.listlicence, { sortField: '__proto__' }, 'sortField'],
    ['admin', Paths.listlicence, { sortField: 'serial' }, 'sortField'],
    ['admin', Paths.activatelicence, { code: { x: 1 } }, 'code'],
    ['admin', Paths.getlicence, [], ''],
  ],
  audit: () => [
    ['admin', Paths.listauditlog, { ...range, page: BIG }, 'page'],
    ['admin', Paths.listauditlog, { ...range, sortField: '__proto__' }, 'sortField'],
    ['admin', Paths.listauditlog, { ...range, sortField: 'constructor' }, 'sortField'],
    ['admin', Paths.listauditlog, { ...range, username: long(101) }, 'username'],
  ],
  sysconfig: () => [
    ['admin', `${Paths.querymailconfiglist}?page=${BIG_TEXT}`, undefined, 'page'],
    ['admin', `${Paths.querymailconfiglist}?sortField=__proto__`, undefined, 'sortField'],
    ['admin', `${Paths.queryldapconfiglist}?sortField=constructor`, undefined, 'sortField'],
    ['admin', `${Paths.querywxconfiglist}?type=4`, undefined, 'type'],
    ['admin', Paths.savemailconfiglist, Array.from({ length: 101 }, () => ({})), ''],
    ['admin', Paths.savecodetablelist, [{ codeType: BIG, codeKey: 'k', codeVal: 'v' }], '0.codeType'],
    ['admin', Paths.saveorgcateconfig, { tenantId: acme.tenantId, codeKey: BIG, codeVal: 'Partners' }, 'codeKey'],
    ['admin', Paths.saveorgcateconfig, { tenantId: acme.tenantId, codeKey: -1, codeVal: 'Partners' }, 'codeKey'],
    ['admin', Paths.delorgcateconfig, { tenantId: acme.tenantId, codeKey: 'one' }, 'codeKey'],
    ['admin', Paths.saveloginconfig, { systemName: long(201) }, 'systemName'],
    ['admin', Paths.saveloginconfig, { verifyCodeType: '3' }, 'verifyCodeType'],
    ['admin', Paths.sendtestmail, { id: 'x', to: long(201) }, 'to'],
    ['admin', Paths.testldapconnection, { id: long(65) }, 'id'],
  ],
  codetable: () => [
    ['admin', Paths.querycodetablelist, [BIG], '0'],
    ['admin', Paths.querycodetablelist, [2], '0'],
    ['admin', Paths.querycodetablelist, [-1], '0'],
    ['admin', Paths.querycodetablelist, [], ''],
    ['admin', Paths.querycodetablelist, Array.from({ length: 51 }, () => 1), ''],
  ],
  organisations: () => [
    ['admin', `${Paths.listorgtree}?tenantId=${acme.tenantId}&category=${BIG_TEXT}`, undefined, 'category'],
    ['admin', `${Paths.listorgtree}?tenantId=${acme.tenantId}&category=-1`, undefined, 'category'],
    ['admin', `${Paths.listorgtree}?tenantId=${long(65)}`, undefined, 'tenantId'],
  ],
  stations: () => [
    ['admin', Paths.liststation, { tenantId: acme.tenantId, page: BIG }, 'page'],
    ['admin', Paths.liststation, { tenantId: acme.tenantId, keyword: long(51) }, 'keyword'],
  ],
  tenancy: () => [
    ['tenant', Paths.listmytenant, { page: BIG }, 'page'],
    ['tenant', Paths.listmytenant, { pageSize: -1 }, 'pageSize'],
  ],
  apptenants: () => [
    ['tenant', Paths.listapptenant, { page: BIG }, 'page'],
    ['tenant', Paths.listapptenant, { sortField: '__proto__' }, 'sortField'],
    ['tenant', Paths.listapptenant, { sortField: 'creator' }, 'sortField'],
    ['tenant', Paths.editapptenant, { productId: PRODUCT, name: long(201), code: 'crm' }, 'name'],
    ['tenant', Paths.statusapptenant, { productIds: [PRODUCT], status: 5 }, 'status'],
  ],
  jobs: () => [['tenant', `${Paths.getjob}?id=${long(65)}`, undefined, 'id']],
  files: () => [['anonymous', `${Paths.getfile}/${long(65)}?code=x`, undefined, 'id']],
  'sign-in and recovery': () => [
    ['anonymous', Paths.signin, { username: long(101), password: 'x' }, 'username'],
    ['anonymous', Paths.signin, { username: 'admin', password: 'x', slider: { x: 1, durationMs: 500, track: [[0, BIG]] } }, 'slider.track.0.1'],
    ['anonymous', Paths.validcode, [], ''],
    ['anonymous', Paths.signinbycode, { loginType: 'fax', address: 'a@example.com', dynamicCode: '123456' }, 'loginType'],
    ['anonymous', `${Paths.sendemailcode}/${long(101)}`, {}, 'email'],
    ['anonymous', `${Paths.mfasend}/fax/bob?ticket=t`, {}, 'type', 'POST'],
    ['anonymous', `${Paths.loginconfirm}?ticket=t&type=email&code=${long(17)}`, undefined, 'code'],
    ['anonymous', `${Paths.findpwd}?username=${long(101)}`, {}, 'username', 'POST'],
    ['anonymous', `${Paths.checkresetpwd}?username=bob&pwdflag=${long(129)}`, {}, 'pwdflag', 'POST'],
    ['anonymous', `${Paths.resetpwd}?username=bob&pwdflag=f&pwd=${long(1025)}`, {}, 'pwd', 'POST'],
    ['admin', Paths.modifyPassword, { oldPassword: long(1025), newPassword: 'x', confirmPassword: 'x' }, 'oldPassword'],
    ['admin', Paths.tokenlogin, { token: long(257) }, 'token'],
    ['admin', Paths.ssoticket, [], ''],
  ],
};

/** Per module: list calls with their closed sort sets and the other fields each needs (functions: ids exist only after set-up). */
type Sorted = [caller: keyof typeof who, path: string, fields: readonly string[], body: Record<string, unknown>];
const SORTED: Record<string, () => Sorted[]> = {
  users: () => [
    ['admin', Paths.listuser, USER_SORT_FIELDS, {}],
    ['admin', Paths.exportuser, USER_SORT_FIELDS, {}],
  ],
  sessions: () => [['admin', Paths.listsession, SESSION_SORT_FIELDS, {}]],
  roles: () => [
    ['admin', Paths.listrole, ROLE_SORT_FIELDS, { tenantId: acme.tenantId }],
    ['admin', Paths.listroleuser, ROLE_USER_SORT_FIELDS, { tenantId: acme.tenantId, roleId: 'r' }],
  ],
  tenants: () => [['admin', Paths.listtenant, TENANT_SORT_FIELDS, {}]],
  products: () => [['admin', Paths.listproduct, PRODUCT_SORT_FIELDS, {}]],
  clients: () => [['admin', Paths.listclient, CLIENT_SORT_FIELDS, { productId: PRODUCT }]],
  licence: () => [['admin', Paths.listlicence, LICENCE_SORT_FIELDS, {}]],
  audit: () => [['admin', Paths.listauditlog, AUDIT_LOG_SORT_FIELDS, range]],
  sysconfig: () => [['admin', Paths.querymailconfiglist, CONFIG_SORT_FIELDS, {}]],
  apptenants: () => [['tenant', Paths.listapptenant, APP_TENANT_SORT_FIELDS, {}]],
};

/** Sends a case: GET for a `?query` path (unless it says POST), else POST. */
function sendCase([caller, path, body, , method]: Case) {
  if (method === 'POST') return who[caller].send('POST', path, body);
  return sendBad(who[caller], path, body);
}

beforeAll(async () => {
  t = await testApp();
  const admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  admin.language = 'EN_US';
  acme = await createTenantWithOrgs(t.app, 'acme');
  const east = await createTenantRow(t.app, 'east');
  const nina = await createUserRow(t.app, { tenantId: east, username: 'nina', password: PASSWORD });
  expect((await admin.post(Paths.savetenantadmin, { tenantId: east, userIds: [nina] })).body.result).toBe('1');
  await createProductRow(t.app, PRODUCT, 'crm', 'Customer care');
  await authoriseProduct(t.app, east, PRODUCT);
  const tenant = await t.client();
  await tenant.signIn('nina', PASSWORD);
  tenant.tenantId = east;
  tenant.language = 'EN_US';
  const anonymous = await t.client();
  anonymous.language = 'EN_US';
  who = { admin, tenant, anonymous };
});
afterAll(async () => {
  await t.close();
});

describe('platform routes refuse bad input with HTTP 400, the envelope, the field and nothing written', () => {
  for (const [module, cases] of Object.entries(BAD)) {
    it(`${module}: out-of-range integers, over-long strings, unknown sort fields and wrong types`, async () => {
      const before = await tableDigest(t.app, TABLES);
      for (const c of cases()) {
        const r = await sendCase(c);
        const what = `${c[0]} ${c[1].slice(0, 100)} ${JSON.stringify(c[2] ?? null).slice(0, 100)}`;
        expect(r.status, what).toBe(400);
        expect(r.body, what).toMatchObject({ result: '0', scode: Codes.BODY_INVALID });
        expect(r.body.msg, what).toMatch(/^Invalid request parameters/);
        expect(
          (r.body.data.errors as { field: string }[]).map((e) => e.field),
          what,
        ).toContain(c[3]);
      }
      expect(await tableDigest(t.app, TABLES)).toEqual(before);
    });
  }

  it("answers the refusal in the caller's language", async () => {
    const zh = await t.client();
    await zh.signIn('admin', ADMIN_PASSWORD);
    zh.language = 'ZH_CN';
    const r = await zh.post(Paths.listuser, { sortField: '__proto__' });
    expect(r.status).toBe(400);
    expect(r.body.scode).toBe(Codes.BODY_INVALID);
    expect(r.body.msg).not.toMatch(/^Invalid request parameters/);
  });
});

describe("every field of a platform list's sort set sorts", () => {
  for (const [module, lists] of Object.entries(SORTED)) {
    it(module, async () => {
      for (const [caller, path, fields, body] of lists()) {
        for (const sortField of fields) {
          for (const sortOrder of ['ascend', 'descend']) {
            const q = { ...body, sortField, sortOrder };
            const r =
              path === Paths.querymailconfiglist
                ? await who[caller].get(`${path}?${new URLSearchParams(q as Record<string, string>).toString()}`)
                : await who[caller].post(path, q);
            expect(r.status, `${path} ${sortField} ${sortOrder}: ${r.body?.scode} ${r.body?.msg}`).toBe(200);
          }
        }
      }
    });
  }
});
