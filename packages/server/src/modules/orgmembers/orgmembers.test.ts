import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, OrgMemberCodes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, orgUsers } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { seedMembersFixture, signedIn, type TestApp } from './members.fixtures.js';

let t: TestApp;
let ids: Record<string, string>;
let nina: GatewayClient;
const APIS = [Paths.listorguser, Paths.listusernotinorg, Paths.addorguser, Paths.deleteorguser];

const state = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    members: (await tx.select().from(orgUsers)).map((r) => `${r.orgId}:${r.userId}`).sort(),
    audit: (await tx.select().from(auditLog).where(eq(auditLog.entity, 'organisation'))).length,
  }));
const names = (r: { body: { data: { rows: { username: string }[] } } }) => r.body.data.rows.map((x) => x.username);

beforeAll(async () => {
  t = await testApp();
  ids = await seedMembersFixture(t, APIS);
  nina = await signedIn(t, 'nina', ids.east!);
});
afterAll(async () => {
  await t.close();
});

describe('organisation members (SPEC §2 orgEmployeeRelation)', () => {
  it('lists the affiliated users of an organisation, marked, and with sub-organisations the whole subtree', async () => {
    const r = await nina.post(Paths.listorguser, { orgId: 'e-a' });
    expect(r.body.result).toBe('1');
    expect(names(r)).toEqual(['alice', 'holder']);
    expect(r.body.data.rows[0]).toMatchObject({ key: `e-a:${ids.alice}`, orgName: 'East A', affiliated: true, employeeName: 'Alice Emp', createdAt: '' });
    expect(names(await nina.post(Paths.listorguser, { orgId: 'e-a', includeSub: true }))).toEqual(['alice', 'bob', 'holder']);
    expect(
      names(await nina.post(Paths.listorguser, { orgId: 'e-root', includeSub: true, sortField: 'username', sortOrder: 'descend', page: 2, pageSize: 2 })),
    ).toEqual(['carol', 'bob']);
  });

  it('adds members from the candidates, lists them unmarked, searches by name, and removes them', async () => {
    const cands = await nina.post(Paths.listusernotinorg, { orgId: 'e-a', keyword: 'c' });
    expect(names(cands)).toEqual(['carol']);
    expect(cands.body.data.rows[0]).toMatchObject({ orgName: 'East B' });
    const add = await nina.post(Paths.addorguser, { orgId: 'e-a', userIds: [ids.carol, ids.dave, ids.alice] });
    expect(add.body).toMatchObject({ result: '1', data: { count: 2 } });
    const list = await nina.post(Paths.listorguser, { orgId: 'e-a' });
    expect(names(list)).toEqual(['alice', 'holder', 'carol', 'dave']);
    expect(list.body.data.rows[2]).toMatchObject({ affiliated: false, orgId: 'e-a' });
    expect(list.body.data.rows[2].createdAt).not.toBe('');
    expect(names(await nina.post(Paths.listorguser, { orgId: 'e-a', keyword: 'CAR' }))).toEqual(['carol']);
    expect(names(await nina.post(Paths.listorguser, { orgId: 'e-a', keyword: 'dave e' }))).toEqual([]);
    expect(names(await nina.post(Paths.listusernotinorg, { orgId: 'e-a' }))).toEqual(['bob', 'idle', 'nina']);
    const del = await nina.post(Paths.deleteorguser, { members: [{ orgId: 'e-a', userId: ids.dave }] });
    expect(del.body).toMatchObject({ result: '1', data: { count: 1 } });
    expect((await state()).members).toEqual([`e-a:${ids.carol}`]);
    const audit = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'orgmember.delete')));
    expect(audit[0]).toMatchObject({ tenantId: ids.east, entityId: 'e-a', username: 'nina' });
  });

  it('refuses each rule with a localised message, changing nothing', async () => {
    const before = await state();
    const cases: [string, Record<string, unknown>, string, string?][] = [
      [Paths.addorguser, { orgId: 'e-a', userIds: [] }, OrgMemberCodes.USER_REQUIRED, 'Please choose at least one user'],
      [Paths.addorguser, { orgId: 'nope', userIds: [ids.dave] }, OrgMemberCodes.ORG_NOT_FOUND],
      [Paths.addorguser, { orgId: 'e-a', userIds: [ids.dave, 'ghost'] }, OrgMemberCodes.USER_NOT_FOUND],
      [Paths.deleteorguser, { members: [] }, OrgMemberCodes.MEMBER_REQUIRED, 'select at least one record'],
      [
        Paths.deleteorguser,
        {
          members: [
            { orgId: 'e-a', userId: ids.carol },
            { orgId: 'e-a', userId: ids.alice },
          ],
        },
        OrgMemberCodes.AFFILIATED,
      ],
      [Paths.listorguser, { orgId: 'nope' }, OrgMemberCodes.ORG_NOT_FOUND],
    ];
    for (const [path, body, code, msg] of cases) {
      const r = await nina.post(path, body);
      expect(r.body.scode, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await nina.post(Paths.deleteorguser, { members: [{ orgId: 'e-a', userId: ids.alice }] })).body.msg).toContain('"alice" is affiliated');
    expect(await state()).toEqual(before);
  });

  it('limits a role holder to their subtree and refuses calls without an API grant', async () => {
    const holder = await signedIn(t, 'holder', ids.east!);
    expect(names(await holder.post(Paths.listorguser, { orgId: 'e-a', includeSub: true }))).toEqual(['alice', 'bob', 'holder']);
    // carol (East B) is a member of e-a but outside the holder's scope
    expect(names(await holder.post(Paths.listorguser, { orgId: 'e-a' }))).toEqual(['alice', 'holder']);
    expect(names(await holder.post(Paths.listusernotinorg, { orgId: 'e-a1' }))).toEqual(['alice', 'holder']);
    const before = await state();
    for (const [path, body] of [
      [Paths.listorguser, { orgId: 'e-b' }],
      [Paths.listusernotinorg, { orgId: 'e-root' }],
      [Paths.addorguser, { orgId: 'e-b', userIds: [ids.alice] }],
      [Paths.deleteorguser, { members: [{ orgId: 'e-a', userId: ids.carol }] }],
    ] as const) {
      const r = await holder.post(path, body);
      // a user outside the scope is refused by the routes' declared rule (modules/tenancy/acting-on.ts)
      expect(r.body.scode, path).toBe(Codes.NO_PERMISSION);
    }
    expect((await holder.post(Paths.addorguser, { orgId: 'e-a1', userIds: [ids.carol] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await state()).toEqual(before);
    expect((await holder.post(Paths.addorguser, { orgId: 'e-a1', userIds: [ids.alice] })).body.data.count).toBe(1);
    expect((await holder.post(Paths.deleteorguser, { members: [{ orgId: 'e-a1', userId: ids.alice }] })).body.data.count).toBe(1);
    // a role holder without the API grants, and a user of the tenant without a role
    const idle = await signedIn(t, 'idle', ids.east!);
    for (const path of APIS) expect((await idle.post(path, { orgId: 'e-a', userIds: [ids.dave], members: [] })).body.scode).toBe(Codes.NO_PERMISSION);
    const dave = await signedIn(t, 'dave', ids.east!);
    expect((await dave.post(Paths.listorguser, { orgId: 'e-a' })).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it("gives another tenant's administrator nothing of east's, whatever ids they send", async () => {
    const walt = await signedIn(t, 'walt', ids.west!);
    const before = await state();
    expect((await walt.post(Paths.listorguser, { orgId: 'e-a' })).body.scode).toBe(OrgMemberCodes.ORG_NOT_FOUND);
    expect((await walt.post(Paths.listusernotinorg, { orgId: 'e-a' })).body.scode).toBe(OrgMemberCodes.ORG_NOT_FOUND);
    expect((await walt.post(Paths.addorguser, { orgId: 'e-a', userIds: [ids.dave] })).body.scode).toBe(OrgMemberCodes.ORG_NOT_FOUND);
    expect((await walt.post(Paths.addorguser, { orgId: 'w-root', userIds: [ids.dave] })).body.scode).toBe(OrgMemberCodes.USER_NOT_FOUND);
    expect((await walt.post(Paths.deleteorguser, { members: [{ orgId: 'e-a', userId: ids.carol }] })).body.scode).toBe(OrgMemberCodes.ORG_NOT_FOUND);
    expect(names(await walt.post(Paths.listusernotinorg, { orgId: 'w-root' }))).toEqual(['walt']);
    // east's administrator naming east as TENANTID from west's side is refused by the guard
    walt.tenantId = ids.east!;
    expect((await walt.post(Paths.listorguser, { orgId: 'e-a' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await state()).toEqual(before);
  });
});
