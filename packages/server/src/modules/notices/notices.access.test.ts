/**
 * Who may manage an application's notices (issue 16 "Notices"; docs/notices.md "Access"): only the APPID
 * application's administrators (and platform administrators); another application's notice ids are not
 * found; refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, NoticeCodes, NoticePaths as P } from '@mp/protocol';
import { notices, noticeTargets } from '../../db/schema/index.js';
import { inApp, noticesWorld, validNotice, type NoticesWorld } from './notices.fixtures.js';

let w: NoticesWorld;
let id: string;
const snapshot = async () => [await w.t.app.database.db.select().from(notices), await w.t.app.database.db.select().from(noticeTargets)];

beforeAll(async () => {
  w = await noticesWorld();
  id = (await w.a.post(P.addnotice, validNotice([{ kind: 'tenant', id: w.t1 }]), inApp(w.appA.code))).body.data.row.id;
});
afterAll(async () => {
  await w.t.close();
});

const everyCall = (): [string, unknown][] => [
  [P.listnotice, {}],
  [P.getnotice, { id }],
  [P.addnotice, validNotice([{ kind: 'tenant', id: w.t1 }], { title: 'Intruder' })],
  [P.editnotice, { id, ...validNotice([{ kind: 'tenant', id: w.t1 }], { title: 'Hijacked' }) }],
  [P.deletenotice, { id }],
  [P.statusnotice, { id, status: 1 }],
  [P.listnoticereceipt, { id }],
  [P.listnoticetarget, { kind: 'user' }],
];

describe('notice management access', () => {
  it("refuses an ordinary user, an administrator of no application and another application's administrator, changing nothing", async () => {
    const before = await snapshot();
    for (const caller of [w.plain, w.loner, w.b, w.users.east]) {
      for (const [path, body] of everyCall()) {
        expect((await caller.post(path, body, inApp(w.appA.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
        expect((await caller.post(path, body, inApp(w.appA.id))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    }
    expect((await w.a.post(P.listnotice, {}, { headers: { appid: 'no-such-app' } })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toEqual(before);
  });

  it("answers another application's notice ids as not found, for every call naming one", async () => {
    const before = await snapshot();
    const erp = inApp(w.appB.code);
    for (const [path, body] of everyCall().filter(([p]) => ![P.listnotice, P.addnotice, P.listnoticetarget].includes(p as never))) {
      expect((await w.b.post(path, body, erp)).body.scode, path).toBe(NoticeCodes.NOT_FOUND);
    }
    expect((await w.b.post(P.listnotice, {}, erp)).body.data.rows).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses cross-tenant and cross-application audience ids', async () => {
    // erp is used by t3 only: crm's tenants, organisations and users are unknown to it
    for (const t of [
      { kind: 'tenant', id: w.t1 },
      { kind: 'org', id: w.org.east },
      { kind: 'orgtree', id: w.org.west },
      { kind: 'user', id: w.u.east },
    ]) {
      expect((await w.b.post(P.addnotice, validNotice([t]), inApp(w.appB.code))).body.scode, t.kind).toBe(NoticeCodes.TARGET_UNKNOWN);
    }
    expect(
      (await w.b.post(P.listnoticetarget, { kind: 'user', keyword: 'u_' }, inApp(w.appB.code))).body.data.rows.map((r: { hint: string }) => r.hint),
    ).toEqual(['u_t3']);
  });

  it("lets the platform administrator manage any application's notices", async () => {
    expect((await w.admin.post(P.getnotice, { id }, inApp(w.appA.code))).body.data.row.id).toBe(id);
    expect((await w.admin.post(P.getnotice, { id }, inApp(w.appB.code))).body.scode).toBe(NoticeCodes.NOT_FOUND);
  });
});
