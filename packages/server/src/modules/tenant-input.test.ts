/**
 * Bad input on the tenant area's routes (issue 12 §2; docs/security.md "Input"): an integer beyond
 * 2^53 or below its range, an over-long string, a sort field outside the list's closed set (`__proto__`,
 * `constructor`, another grid's column) and a value of the wrong type each answer HTTP 400 with the
 * envelope and a localised message, and write nothing. The other way round, every field of every
 * list's sort set sorts (the schema's set and the repository's sort map are the same keys).
 * Table-driven, one table per module: roles, organisations, users, stations, mappings, accounts,
 * organisation members, tenant settings, audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SORT_FIELDS,
  Codes,
  ORG_MAPPING_SORT_FIELDS,
  ORG_MEMBER_CANDIDATE_SORT_FIELDS,
  ORG_MEMBER_SORT_FIELDS,
  ORG_SORT_FIELDS,
  Paths,
  ROLE_SORT_FIELDS,
  ROLE_USER_SORT_FIELDS,
  STATION_MEMBER_SORT_FIELDS,
  STATION_SORT_FIELDS,
  TENANT_AUDIT_LOG_SORT_FIELDS,
  USER_MAPPING_SORT_FIELDS,
  USER_SORT_FIELDS,
} from '@mp/protocol';
import { BIG, BIG_TEXT, long, sendBad as send, tableDigest } from '../testing/bad-input.js';
import type { GatewayClient } from '../testing/gateway-client.js';
import { testApp } from '../testing/test-app.js';
import { seedMembersFixture, signedIn, type TestApp } from './orgmembers/members.fixtures.js';

const range = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-10T00:00:00Z' };

/** Tables a tenant-area call could write (request nonces and sessions change with every call and are left out). */
const TABLES = [
  'users',
  'roles',
  'role_users',
  'role_grants',
  'organisations',
  'org_users',
  'stations',
  'org_mappings',
  'user_mappings',
  'user_accounts',
  'tenant_settings',
  'code_table',
  'audit_log',
  'jobs',
  'files',
];

let t: TestApp;
let ids: Record<string, string>;
let nina: GatewayClient;

/** A digest of every row of TABLES (any insert, update or delete changes it). */
const dbState = () => tableDigest(t.app, TABLES);

type Case = [path: string, body: Record<string, unknown>];

/** Per module: requests that must be refused with HTTP 400 and the envelope. */
const BAD: Record<string, Case[]> = {
  roles: [
    [Paths.listtenantrole, { page: BIG }],
    [Paths.listtenantrole, { pageSize: -1 }],
    [Paths.listtenantrole, { sortField: '__proto__' }],
    [Paths.listtenantrole, { sortField: 'constructor' }],
    [Paths.listtenantrole, { roleName: long(51) }],
    [Paths.listtenantrole, { roleStatus: 'on' }],
    [Paths.listtenantroleuser, { roleId: 'r-a', sortField: '__proto__' }],
    [Paths.listusernotintenantrole, { roleId: 'r-a', page: BIG }],
    [Paths.addtenantrole, { roleNo: long(201), roleName: 'Name' }],
    [Paths.addtenantrole, { roleNo: { a: 1 }, roleName: 'Name' }],
    [Paths.addtenantroleuser, { roleId: 'r-a', userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) }],
    [`${Paths.listtenantorgpurview}?roleId=r-a&page=${BIG_TEXT}`, {}],
    [`${Paths.listtenantorgpurview}?roleId=r-a&orgCategory=-1`, {}],
    [Paths.savetenantorgpurview, { roleId: 'r-a', orgCategory: BIG, dataPurview: [] }],
    [Paths.savetenantmenupurview, { roleId: 'r-a', dataPurview: [{ dpDataid: 'm', dpPurview: -1 }] }],
  ],
  organisations: [
    [Paths.listorgchildren, { page: BIG }],
    [Paths.listorgchildren, { category: -1 }],
    [Paths.listorg, { sortField: '__proto__' }],
    [Paths.listorg, { sortField: 'path' }],
    [Paths.listorg, { type: 7 }],
    [Paths.exportorg, { sortField: 'constructor' }],
    [Paths.searchorg, { keyword: long(51) }],
    [Paths.addorg, { code: 'C1', name: long(201), type: 1 }],
    [Paths.addorg, { code: 'C1', name: 'Name', type: 1, sort: BIG }],
    [Paths.statusorg, { ids: ['e-a'], status: 2 }],
    [Paths.moveorg, { id: long(65), parentId: 'e-b' }],
  ],
  users: [
    [Paths.listtenantuser, { page: BIG }],
    [Paths.listtenantuser, { sortField: '__proto__' }],
    [Paths.listtenantuser, { sortField: 'constructor' }],
    [Paths.listtenantuser, { status: 'on' }],
    [Paths.exporttenantuser, { sortField: 'passwordHash' }],
    [Paths.listtenantuserstation, { pageSize: BIG }],
    [Paths.gettenantuser, { id: long(65) }],
    [Paths.addtenantuser, { username: long(201), orgId: '', effectiveDate: '', expiryDate: '', status: 1, password: 'x' }],
    [Paths.statustenantuser, { ids: ['x'], status: -1 }],
    [Paths.locktenantuser, { ids: ['x'], locked: { yes: true } }],
  ],
  stations: [
    [Paths.listtenantstation, { page: BIG }],
    [Paths.listtenantstation, { sortField: '__proto__' }],
    [Paths.listtenantstation, { enabled: 2 }],
    [Paths.liststationuser, { stationId: 's', sortField: 'constructor' }],
    [Paths.listusernotinstation, { stationId: 's', pageSize: -1 }],
    [Paths.addstation, { name: long(201), level: '1' }],
    [Paths.statusstation, { ids: ['s'], status: BIG }],
    [Paths.addstationuser, { stationId: 's', userIds: [{}] }],
  ],
  mappings: [
    [Paths.listorgmapping, { page: BIG }],
    [Paths.listorgmapping, { sortField: '__proto__' }],
    [Paths.listorgmapping, { sortField: 'username' }],
    [Paths.listusermapping, { sortField: 'constructor' }],
    [Paths.listusermapping, { sortField: 'orgName' }],
    [Paths.listmappinguser, { pageSize: -1 }],
    [Paths.addorgmapping, { productId: 'p', orgId: 'e-a', externalCode: long(501) }],
    [Paths.addusermapping, { productId: 'p', userId: { id: 'x' }, externalAccount: 'acc' }],
    [Paths.deleteusermapping, { ids: [long(65)] }],
  ],
  accounts: [
    [Paths.listaccount, { page: BIG }],
    [Paths.listaccount, { sortField: '__proto__' }],
    [Paths.listaccount, { accountType: BIG }],
    [Paths.listaccountusercandidate, { page: -1 }],
    [Paths.addaccount, { accountType: BIG, account: 'wx-big' }],
    [Paths.addaccount, { accountType: 1, account: long(501) }],
    [Paths.addaccount, { accountType: 'one', account: 'wx-one' }],
    [Paths.bindaccount, { id: 'a', userId: long(65) }],
  ],
  orgmembers: [
    [Paths.listorguser, { orgId: 'e-a', page: BIG }],
    [Paths.listorguser, { orgId: 'e-a', sortField: '__proto__' }],
    [Paths.listusernotinorg, { orgId: 'e-a', sortField: 'orgName' }],
    [Paths.listusernotinorg, { orgId: 'e-a', keyword: long(51) }],
    [Paths.addorguser, { orgId: 'e-a', userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) }],
    [Paths.deleteorguser, { members: [{ orgId: 'e-a', userId: { id: 1 } }] }],
  ],
  tenantsettings: [
    [Paths.savetenantsettings, { userValidityDays: BIG }],
    [Paths.savetenantsettings, { userValidityDays: '30 days' }],
    [Paths.savetenantorgcate, { codeKey: `-${BIG}`, codeVal: 'Partners' }],
    [Paths.savetenantorgcate, { codeKey: 5, codeVal: long(201) }],
    [Paths.deltenantorgcate, { codeKey: BIG }],
  ],
  audit: [
    [Paths.listtenantauditlog, { ...range, page: BIG }],
    [Paths.listtenantauditlog, { ...range, sortField: '__proto__' }],
    [Paths.listtenantauditlog, { ...range, sortField: 'tenantId' }],
    [Paths.exporttenantauditlog, { ...range, sortField: 'constructor' }],
    [Paths.listtenantauditlog, { ...range, username: long(201) }],
  ],
};

/** Per module: list calls with their closed sort sets and the other fields each needs. */
const SORTED: Record<string, [path: string, fields: readonly string[], body: Record<string, unknown>][]> = {
  roles: [
    [Paths.listtenantrole, ROLE_SORT_FIELDS, {}],
    [Paths.listtenantroleuser, ROLE_USER_SORT_FIELDS, { roleId: 'r-a' }],
    [Paths.listusernotintenantrole, ROLE_USER_SORT_FIELDS, { roleId: 'r-a' }],
  ],
  organisations: [[Paths.listorg, ORG_SORT_FIELDS, {}]],
  users: [[Paths.listtenantuser, USER_SORT_FIELDS, {}]],
  stations: [
    [Paths.listtenantstation, STATION_SORT_FIELDS, {}],
    [Paths.liststationuser, STATION_MEMBER_SORT_FIELDS, { stationId: 'station' }],
  ],
  mappings: [
    [Paths.listorgmapping, ORG_MAPPING_SORT_FIELDS, {}],
    [Paths.listusermapping, USER_MAPPING_SORT_FIELDS, {}],
  ],
  accounts: [[Paths.listaccount, ACCOUNT_SORT_FIELDS, {}]],
  orgmembers: [
    [Paths.listorguser, ORG_MEMBER_SORT_FIELDS, { orgId: 'e-a', includeSub: true }],
    [Paths.listusernotinorg, ORG_MEMBER_CANDIDATE_SORT_FIELDS, { orgId: 'e-a' }],
  ],
  audit: [[Paths.listtenantauditlog, TENANT_AUDIT_LOG_SORT_FIELDS, range]],
};

beforeAll(async () => {
  t = await testApp();
  ids = await seedMembersFixture(t, []);
  nina = await signedIn(t, 'nina', ids.east!);
  const station = await nina.post(Paths.addstation, { name: 'Clerk', level: '1', type: 'Staff' });
  expect(station.body.result).toBe('1');
  ids.station = station.body.data.id;
});
afterAll(async () => {
  await t.close();
});

describe('tenant-area routes refuse bad input with HTTP 400, the envelope and nothing written', () => {
  for (const [module, cases] of Object.entries(BAD)) {
    it(`${module}: out-of-range integers, over-long strings, unknown sort fields and wrong types`, async () => {
      const before = await dbState();
      for (const [path, body] of cases) {
        const r = await send(nina, path, body);
        const what = `${path} ${JSON.stringify(body).slice(0, 120)}`;
        expect(r.status, what).toBe(400);
        expect(r.body, what).toMatchObject({ result: '0', scode: Codes.BODY_INVALID });
        expect(r.body.msg, what).toMatch(/\S/);
      }
      expect(await dbState()).toEqual(before);
    });
  }

  it("answers the refusal in the caller's language", async () => {
    const en = await send(nina, Paths.listaccount, { sortField: '__proto__' });
    nina.language = 'ZH_CN';
    try {
      const zh = await send(nina, Paths.listaccount, { sortField: '__proto__' });
      expect(zh.body.scode).toBe(Codes.BODY_INVALID);
      expect(zh.body.msg).not.toBe(en.body.msg);
    } finally {
      nina.language = 'EN_US';
    }
  });
});

describe("every field of a list's sort set sorts", () => {
  for (const [module, lists] of Object.entries(SORTED)) {
    it(module, async () => {
      for (const [path, fields, body] of lists) {
        for (const sortField of fields) {
          for (const sortOrder of ['ascend', 'descend']) {
            const r = await send(nina, path, { ...body, ...(body.stationId ? { stationId: ids.station } : {}), sortField, sortOrder });
            expect(r.body.result, `${path} ${sortField} ${sortOrder}: ${r.body.scode} ${r.body.msg}`).toBe('1');
          }
        }
      }
    });
  }
});
