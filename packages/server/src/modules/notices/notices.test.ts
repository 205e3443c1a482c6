/**
 * The application administrator's notices (issue 16 "Notices"; docs/notices.md): add/edit drafts, every
 * validation, the status moves, delete, read receipts, audit — on real PGlite through the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NoticeCodes, NoticePaths as P, Paths } from '@mp/protocol';
import { auditLog, notices, noticeTargets } from '../../db/schema/index.js';
import { inApp, noticesWorld, validNotice, type NoticesWorld } from './notices.fixtures.js';

let w: NoticesWorld;
const crm = () => inApp(w.appA.code);
const add = async (body: Record<string, unknown>) => (await w.a.post(P.addnotice, body, crm())).body;
const east = () => [{ kind: 'orgtree', id: w.org.east }];

beforeAll(async () => {
  w = await noticesWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('drafts', () => {
  it('adds a draft with a sanitised body and a named audience, audited', async () => {
    const r = await add(
      validNotice([...east(), { kind: 'tenant', id: w.t2 }, { kind: 'user', id: w.u.west }], {
        body: '<p onclick="x()">Hi<iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)"></p>',
        pinned: true,
      }),
    );
    expect(r.result).toBe('1');
    const row = r.data.row;
    expect(row).toMatchObject({ status: 0, state: 'draft', pinned: true, body: '<p>Hi</p>', authorName: 'appadmin_a', readCount: 0 });
    expect(row.targets.map((t: { kind: string; name: string }) => `${t.kind}:${t.name}`).sort()).toEqual(
      ['orgtree:East', 'tenant:Tenant pt2', 'user:u_west'].sort(),
    );
    const [entry] = await w.t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notice.add'), eq(auditLog.entityId, row.id)));
    expect(entry?.entity).toBe('notice');
  });

  it('checks every field with a localised message and writes nothing on failure', async () => {
    const count = async () => (await w.t.app.database.db.select().from(notices)).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [validNotice(east(), { title: '   ' }), NoticeCodes.TITLE_REQUIRED],
      [validNotice(east(), { title: 'x'.repeat(101) }), NoticeCodes.TITLE_TOO_LONG],
      [validNotice([{ kind: 'tenant', id: w.t3 }]), NoticeCodes.TARGET_UNKNOWN], // t3 does not use crm
      [validNotice([{ kind: 'tenant', id: w.t4 }]), NoticeCodes.TARGET_UNKNOWN], // t4's use is disabled
      [validNotice([{ kind: 'org', id: w.t3dept }]), NoticeCodes.TARGET_UNKNOWN],
      [validNotice([{ kind: 'user', id: w.u.t3 }]), NoticeCodes.TARGET_UNKNOWN],
      [validNotice([{ kind: 'approle', id: 'nope' }]), NoticeCodes.TARGET_UNKNOWN],
      [validNotice([{ kind: 'role', id: 'nope' }]), NoticeCodes.TARGET_UNKNOWN],
      [validNotice(east(), { publishAt: '2030-01-02T00:00:00Z', expireAt: '2030-01-01T00:00:00Z' }), NoticeCodes.EXPIRE_BEFORE_PUBLISH],
      [validNotice(east(), { body: `<img src="${Paths.getfile}/no-such-file">` }), NoticeCodes.IMAGE_UNKNOWN],
      [validNotice(east(), { publishAt: '0001-01-01T00:00:00Z' }), NoticeCodes.TIME_INVALID],
    ];
    for (const [body, code] of cases) {
      const r = await w.a.post(P.addnotice, body, crm());
      expect(r.body.scode, code).toBe(code);
      expect(r.body.msg, code).not.toBe(code);
    }
    const en = await w.a.post(P.addnotice, validNotice([{ kind: 'user', id: w.u.t3 }]), { ...crm(), headers: { ...crm().headers, 'x-language': 'EN_US' } });
    expect(en.body.msg).toContain('is not a tenant, organisation, role or user of this application');
    expect(await count()).toBe(before);
    expect(await w.t.app.database.db.select().from(noticeTargets).where(eq(noticeTargets.targetId, w.u.t3))).toEqual([]);
  });

  it('answers HTTP 400 for malformed input', async () => {
    for (const body of [
      {},
      { ...validNotice(east()), title: 5 },
      { ...validNotice(east()), targets: [{ kind: 'planet', id: 'x' }] },
      { ...validNotice(east()), publishAt: 'tomorrow' },
      { ...validNotice(east()), body: '<p>x<script>alert(1)</script></p>' },
      { ...validNotice(east()), body: 'x'.repeat(400_001) },
    ]) {
      expect((await w.a.post(P.addnotice, body, crm())).status).toBe(400);
    }
    expect((await w.a.post(P.statusnotice, { id: 'x', status: 0 }, crm())).status).toBe(400);
    // a leap second passes the schema's date-time but is no JavaScript time: refused, never a 500
    const leap = await w.a.post(P.addnotice, { ...validNotice(east()), expireAt: '2030-06-30T23:59:60Z' }, crm());
    expect(leap.status === 400 || leap.body.scode === NoticeCodes.TIME_INVALID, leap.body.scode).toBe(true);
    expect((await w.a.post(P.listnotice, { sortField: '__proto__' }, crm())).status).toBe(400);
  });
});

describe('status moves', () => {
  it('publishes, refuses edit/delete while published, withdraws, republishes, deletes', async () => {
    const id = (await add(validNotice(east()))).data.row.id;
    const status = (s: 1 | 2) => w.a.post(P.statusnotice, { id, status: s }, crm());
    expect((await status(2)).body.scode).toBe(NoticeCodes.STATE); // a draft cannot be withdrawn
    const pub = await status(1);
    expect(pub.body.data.row).toMatchObject({ status: 1, state: 'published' });
    expect(pub.body.data.row.publishAt).toBeTruthy();
    expect((await status(1)).body.scode).toBe(NoticeCodes.STATE);
    expect((await w.a.post(P.editnotice, { id, ...validNotice(east()) }, crm())).body.scode).toBe(NoticeCodes.STATE);
    expect((await w.a.post(P.deletenotice, { id }, crm())).body.scode).toBe(NoticeCodes.STATE);
    expect((await status(2)).body.data.row).toMatchObject({ status: 2, state: 'withdrawn' });
    expect((await w.a.post(P.editnotice, { id, ...validNotice(east(), { title: 'Changed' }) }, crm())).body.data.row.title).toBe('Changed');
    expect((await status(1)).body.data.row.state).toBe('published');
    await status(2);
    expect((await w.a.post(P.deletenotice, { id }, crm())).body.result).toBe('1');
    expect((await w.a.post(P.getnotice, { id }, crm())).body.scode).toBe(NoticeCodes.NOT_FOUND);
    const actions = (await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((e) => e.action).sort();
    expect(actions).toEqual(['notice.add', 'notice.delete', 'notice.edit', 'notice.publish', 'notice.publish', 'notice.withdraw', 'notice.withdraw'].sort());
  });

  it('refuses to publish without audience, with a blank body, or past its expiry', async () => {
    const none = (await add(validNotice([]))).data.row.id;
    expect((await w.a.post(P.statusnotice, { id: none, status: 1 }, crm())).body.scode).toBe(NoticeCodes.AUDIENCE_REQUIRED);
    const blank = (await add(validNotice(east(), { body: '<p> </p>' }))).data.row.id;
    expect((await w.a.post(P.statusnotice, { id: blank, status: 1 }, crm())).body.scode).toBe(NoticeCodes.BODY_REQUIRED);
    const old = (await add(validNotice(east(), { expireAt: '2020-01-01T00:00:00Z' }))).data.row.id;
    expect((await w.a.post(P.statusnotice, { id: old, status: 1 }, crm())).body.scode).toBe(NoticeCodes.EXPIRED);
    const [row] = await w.t.app.database.db.select().from(notices).where(eq(notices.id, old));
    expect(row?.status).toBe(0);
  });

  it('shows a notice published for later as scheduled', async () => {
    const id = (await add(validNotice(east(), { publishAt: new Date(Date.now() + 3_600_000).toISOString() }))).data.row.id;
    expect((await w.a.post(P.statusnotice, { id, status: 1 }, crm())).body.data.row.state).toBe('scheduled');
  });
});

describe('grid and receipts', () => {
  it('searches by title, filters by status, sorts and pages in SQL', async () => {
    await add(validNotice(east(), { title: 'Zeta 100% off_sale' }));
    const list = (b: Record<string, unknown>) => w.a.post(P.listnotice, b, crm()).then((r) => r.body.data);
    expect((await list({ title: '100%' })).rows.map((r: { title: string }) => r.title)).toEqual(['Zeta 100% off_sale']);
    expect((await list({ title: '%' })).records).toBe(1); // wildcards are literal
    const drafts = await list({ status: 0, pageSize: 2, sortField: 'title', sortOrder: 'descend' });
    expect(drafts.rows).toHaveLength(2);
    expect(drafts.rows[0].title).toBe('Zeta 100% off_sale');
    expect(drafts.records).toBeGreaterThan(2);
    expect((await list({ status: 0, pageSize: 2, page: 2 })).rows).toHaveLength(2);
  });

  it('lists who read and who has not, with counts, filters and paging', async () => {
    const id = (
      await add(
        validNotice([
          { kind: 'org', id: w.org.east },
          { kind: 'user', id: w.u.west },
        ]),
      )
    ).data.row.id;
    await w.a.post(P.statusnotice, { id, status: 1 }, crm());
    // audience: east's users (u_east, ta_t1, sm_t1) and u_west
    await w.users.east.post(P.getmynotice, { id });
    const page = (b: Record<string, unknown>) => w.a.post(P.listnoticereceipt, { id, ...b }, crm()).then((r) => r.body.data);
    const all = await page({});
    expect(all).toMatchObject({ audience: 4, readCount: 1, unreadCount: 3, records: 4 });
    expect(all.rows[0]).toMatchObject({ username: 'u_east', orgName: 'East', tenantName: 'Tenant pt1' });
    expect(all.rows[0].readAt).toBeTruthy();
    expect((await page({ read: false })).rows.map((r: { username: string }) => r.username).sort()).toEqual(['sm_t1', 'ta_t1', 'u_west']);
    expect((await page({ read: true })).records).toBe(1);
    expect((await page({ keyword: 'U_W' })).rows.map((r: { username: string }) => r.username)).toEqual(['u_west']);
    expect((await page({ pageSize: 1, page: 2 })).rows).toHaveLength(1);
    expect((await w.a.post(P.getnotice, { id }, crm())).body.data.row.readCount).toBe(1);
  });

  it('lists audience candidates of the application only', async () => {
    const names = async (b: Record<string, unknown>) => (await w.a.post(P.listnoticetarget, b, crm())).body.data.rows.map((r: { name: string }) => r.name);
    expect((await names({ kind: 'tenant' })).sort()).toEqual(['Tenant pt1', 'Tenant pt2']);
    expect(await names({ kind: 'user', keyword: 'u_t3' })).toEqual([]);
    expect(await names({ kind: 'user', keyword: 'u_ea' })).toEqual(['u_east', 'u_eastsub']);
    expect(await names({ kind: 'org', keyword: 'east', tenantId: w.t1 })).toEqual(['East', 'East sub']);
    expect(await names({ kind: 'org', tenantId: w.t3 })).toEqual([]);
  });
});
