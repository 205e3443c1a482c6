import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountCodes, Codes, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, userAccounts } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { seedMembersFixture, signedIn, type TestApp } from '../orgmembers/members.fixtures.js';

let t: TestApp;
let ids: Record<string, string>;
let nina: GatewayClient;
const APIS = [
  Paths.listaccount,
  Paths.listaccountusercandidate,
  Paths.addaccount,
  Paths.editaccount,
  Paths.deleteaccount,
  Paths.bindaccount,
  Paths.unbindaccount,
];

const state = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    accounts: (await tx.select().from(userAccounts))
      .map((a) => `${a.tenantId}|${a.accountType}|${a.account}|${a.nickname}|${a.status}|${a.userId ?? ''}`)
      .sort(),
    audit: (await tx.select().from(auditLog).where(eq(auditLog.entity, 'account'))).length,
  }));
const add = async (c: GatewayClient, b: Record<string, unknown>) => (await c.post(Paths.addaccount, { accountType: 1, ...b })).body;
const accounts = (r: { body: { data: { rows: { account: string }[] } } }) => r.body.data.rows.map((x) => x.account);

beforeAll(async () => {
  t = await testApp();
  ids = await seedMembersFixture(t, APIS);
  nina = await signedIn(t, 'nina', ids.east!);
});
afterAll(async () => {
  await t.close();
});

describe('accounts (SPEC §2 accountManagement, §3 WeChat type)', () => {
  it('adds, lists, filters, searches, sorts and pages accounts', async () => {
    for (const [accountType, account, nickname] of [
      [1, 'wx-alice', 'Ali'],
      [2, 'oa_bob', 'Bobby'],
      [3, 'open.carol@x', 'Caro'],
      [1, 'wx-dave', ''],
    ] as const) {
      const r = await add(nina, { accountType, account, nickname });
      expect(r.result, account).toBe('1');
      ids[account] = r.data.id;
    }
    const all = await nina.post(Paths.listaccount, { sortField: 'account', sortOrder: 'ascend' });
    expect(accounts(all)).toEqual(['oa_bob', 'open.carol@x', 'wx-alice', 'wx-dave']);
    expect(all.body.data.rows[2]).toMatchObject({ accountType: 1, nickname: 'Ali', status: 1, userId: '', username: '', boundAt: '', creator: 'nina' });
    expect(accounts(await nina.post(Paths.listaccount, { accountType: 1, sortField: 'account' }))).toEqual(['wx-alice', 'wx-dave']);
    expect(accounts(await nina.post(Paths.listaccount, { keyword: 'BOB' }))).toEqual(['oa_bob']);
    expect(accounts(await nina.post(Paths.listaccount, { keyword: 'wx', sortField: 'account', sortOrder: 'descend' }))).toEqual(['wx-dave', 'wx-alice']);
    const p2 = await nina.post(Paths.listaccount, { page: 2, pageSize: 3, sortField: 'account' });
    expect(p2.body.data).toMatchObject({ page: 2, records: 4, lastPage: true });
    expect(accounts(p2)).toEqual(['wx-dave']);
  });

  it('associates a user, filters by association, refuses a second account of a type, and unbinds', async () => {
    const bind = await nina.post(Paths.bindaccount, { id: ids['wx-alice'], userId: ids.alice });
    expect(bind.body.result).toBe('1');
    const bound = await nina.post(Paths.listaccount, { bound: 1 });
    expect(accounts(bound)).toEqual(['wx-alice']);
    expect(bound.body.data.rows[0]).toMatchObject({ userId: ids.alice, username: 'alice', employeeName: 'Alice Emp' });
    expect(bound.body.data.rows[0].boundAt).not.toBe('');
    expect((await nina.post(Paths.listaccount, { bound: 0 })).body.data.records).toBe(3);
    const before = await state();
    expect((await nina.post(Paths.bindaccount, { id: ids['wx-dave'], userId: ids.alice })).body).toMatchObject({
      scode: AccountCodes.USER_HAS_TYPE,
      msg: 'The user already has an account of this type ("wx-alice")',
    });
    expect((await nina.post(Paths.bindaccount, { id: ids['wx-alice'], userId: ids.bob })).body).toMatchObject({
      scode: AccountCodes.ALREADY_BOUND,
      msg: 'The account is associated with the user "alice"; unbind wechat first',
    });
    expect((await nina.post(Paths.bindaccount, { id: ids['wx-alice'], userId: ids.wendy })).body.scode).toBe(AccountCodes.USER_NOT_FOUND);
    expect((await nina.post(Paths.unbindaccount, { id: ids['wx-dave'] })).body.scode).toBe(AccountCodes.NOT_BOUND);
    // a type change of an associated account that would give alice two of type 2
    expect((await nina.post(Paths.bindaccount, { id: ids.oa_bob, userId: ids.bob })).body.result).toBe('1');
    await nina.post(Paths.unbindaccount, { id: ids.oa_bob });
    expect(await state()).toEqual({ ...before, audit: before.audit + 2 });
    expect((await nina.post(Paths.unbindaccount, { id: ids['wx-alice'] })).body.result).toBe('1');
    expect((await nina.post(Paths.listaccount, { bound: 1 })).body.data.records).toBe(0);
    const audit = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'account.unbind')));
    expect(audit.at(-1)).toMatchObject({ tenantId: ids.east, entityId: ids['wx-alice'], before: expect.objectContaining({ username: 'alice' }) });
  });

  it('edits and deletes accounts (all or nothing)', async () => {
    const r = await nina.post(Paths.editaccount, { id: ids['wx-dave'], accountType: 1, account: 'wx-dave2', nickname: 'Dave', status: 0 });
    expect(r.body.result).toBe('1');
    expect((await nina.post(Paths.listaccount, { status: 0 })).body.data.rows[0]).toMatchObject({ account: 'wx-dave2', nickname: 'Dave' });
    const before = await state();
    expect((await nina.post(Paths.deleteaccount, { ids: [ids['wx-dave'], 'ghost'] })).body.scode).toBe(AccountCodes.NOT_FOUND);
    expect(await state()).toEqual(before);
    expect((await nina.post(Paths.deleteaccount, { ids: [ids['wx-dave']] })).body).toMatchObject({ result: '1', data: { count: 1 } });
    expect((await nina.post(Paths.listaccount, {})).body.data.records).toBe(3);
  });

  it('refuses each rule of the form with a localised message, changing nothing', async () => {
    const before = await state();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ account: ' ' }, Codes.REQUIRED, 'Please enter Account'],
      [{ account: 'x'.repeat(101) }, Codes.TOO_LONG],
      [{ account: 'has space' }, AccountCodes.ACCOUNT_PATTERN, 'The account may contain only letters, digits and _ - . @'],
      [{ account: 'ok', nickname: 'n'.repeat(51) }, Codes.TOO_LONG],
      [{ account: 'ok', nickname: '<script>x' }, Codes.SCRIPT_TAG],
      [{ account: 'ok', accountType: 4 }, AccountCodes.TYPE_INVALID],
      [{ account: 'WX-ALICE' }, AccountCodes.ACCOUNT_IN_USE, 'An account "WX-ALICE" of this type already exists'],
    ];
    for (const [body, code, msg] of cases) {
      const r = await add(nina, body);
      expect(r.scode, JSON.stringify(body)).toBe(code);
      if (msg) expect(r.msg).toBe(msg);
    }
    expect((await nina.post(Paths.editaccount, { id: ids['wx-alice'], accountType: 2, account: 'oa_bob' })).body.scode).toBe(AccountCodes.ACCOUNT_IN_USE);
    expect((await nina.post(Paths.editaccount, { id: 'ghost', accountType: 1, account: 'x' })).body.scode).toBe(AccountCodes.NOT_FOUND);
    expect(await state()).toEqual(before);
    // the same id of another type is another account
    expect((await add(nina, { accountType: 2, account: 'wx-alice' })).result).toBe('1');
  });

  it('limits a role holder to accounts of users in their scope and refuses calls without an API grant', async () => {
    expect((await nina.post(Paths.bindaccount, { id: ids['open.carol@x'], userId: ids.carol })).body.result).toBe('1');
    expect((await nina.post(Paths.bindaccount, { id: ids['wx-alice'], userId: ids.bob })).body.result).toBe('1');
    const holder = await signedIn(t, 'holder', ids.east!);
    const seen = accounts(await holder.post(Paths.listaccount, { sortField: 'account' }));
    expect(seen).not.toContain('open.carol@x');
    expect(seen).toContain('wx-alice');
    const cands = (await holder.post(Paths.listaccountusercandidate, {})).body.data.rows.map((r: { username: string }) => r.username);
    expect(cands).toEqual(['alice', 'bob', 'holder']);
    const before = await state();
    for (const [path, body] of [
      [Paths.editaccount, { id: ids['open.carol@x'], accountType: 3, account: 'changed' }],
      [Paths.deleteaccount, { ids: [ids['open.carol@x']] }],
      [Paths.unbindaccount, { id: ids['open.carol@x'] }],
      [Paths.bindaccount, { id: ids['open.carol@x'], userId: ids.alice }],
    ] as const)
      expect((await holder.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
    // a user outside the scope is refused by the route's declared rule (modules/tenancy/acting-on.ts)
    expect((await holder.post(Paths.bindaccount, { id: ids.oa_bob, userId: ids.carol })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await state()).toEqual(before);
    expect((await holder.post(Paths.bindaccount, { id: ids.oa_bob, userId: ids.holder })).body.result).toBe('1');
    const idle = await signedIn(t, 'idle', ids.east!);
    for (const path of APIS)
      expect((await idle.post(path, { id: ids.oa_bob, ids: [ids.oa_bob], accountType: 1, account: 'x', userId: ids.alice })).body.scode, path).toBe(
        Codes.NO_PERMISSION,
      );
  });

  it("gives another tenant's administrator nothing of east's, whatever ids they send", async () => {
    const walt = await signedIn(t, 'walt', ids.west!);
    const before = await state();
    expect((await walt.post(Paths.listaccount, {})).body.data.records).toBe(0);
    expect((await walt.post(Paths.editaccount, { id: ids.oa_bob, accountType: 2, account: 'stolen' })).body.scode).toBe(AccountCodes.NOT_FOUND);
    expect((await walt.post(Paths.deleteaccount, { ids: [ids.oa_bob] })).body.scode).toBe(AccountCodes.NOT_FOUND);
    expect((await walt.post(Paths.bindaccount, { id: ids.oa_bob, userId: ids.wendy })).body.scode).toBe(AccountCodes.NOT_FOUND);
    expect((await walt.post(Paths.unbindaccount, { id: ids.oa_bob })).body.scode).toBe(AccountCodes.NOT_FOUND);
    const own = await add(walt, { account: 'wx-alice' });
    expect(own.result).toBe('1');
    expect((await walt.post(Paths.bindaccount, { id: own.data.id, userId: ids.alice })).body.scode).toBe(AccountCodes.USER_NOT_FOUND);
    expect((await walt.post(Paths.listaccountusercandidate, {})).body.data.rows.map((r: { username: string }) => r.username)).toEqual(['walt', 'wendy']);
    const after = await state();
    expect(after.accounts.filter((a) => a.startsWith(ids.east!))).toEqual(before.accounts.filter((a) => a.startsWith(ids.east!)));
  });
});
