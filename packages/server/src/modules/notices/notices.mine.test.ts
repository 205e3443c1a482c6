/**
 * A user's notices (issue 16 "Notices"; docs/notices.md "Which notices a user sees", "Audience"): every
 * audience kind, evaluated at read time (people who move see the change), scheduled / expired / withdrawn
 * notices hidden, the unread count and latest, the read recorded once under a race, and the notice image
 * (SPEC §7 `code`) shown only to those who may see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NoticeCodes, NoticePaths as P, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { appRoles, appRoleUsers, noticeReads, roles, roleUsers, tenantProducts, users } from '../../db/schema/index.js';
import { uploadInApp } from '../appapis/appapis.fixtures.js';
import { codeOf, inApp, noticesWorld, PNG, validNotice, type NoticesWorld } from './notices.fixtures.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

let w: NoticesWorld;
const crm = () => inApp(w.appA.code);
/** Adds and publishes a crm notice; answers its id. */
const publish = async (targets: { kind: string; id: string }[], patch: Record<string, unknown> = {}, by = () => w.a, app = crm) => {
  const r = await by().post(P.addnotice, validNotice(targets, patch), app());
  if (r.body.result !== '1') throw new Error(r.body.scode);
  const id = r.body.data.row.id as string;
  const s = await by().post(P.statusnotice, { id, status: 1 }, app());
  if (s.body.result !== '1') throw new Error(s.body.scode);
  return id;
};
const mine = async (c: GatewayClient) => (await c.post(P.listmynotice, {})).body.data.rows.map((r: { id: string }) => r.id) as string[];
const db = () => w.t.app.database.db;

beforeAll(async () => {
  w = await noticesWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('who sees a notice', () => {
  it('reaches exactly the audience of each kind', async () => {
    const tenant = await publish([{ kind: 'tenant', id: w.t2 }]);
    const org = await publish([{ kind: 'org', id: w.org.east }]);
    const tree = await publish([{ kind: 'orgtree', id: w.org.east }]);
    const user = await publish([{ kind: 'user', id: w.u.west }]);
    const roleId = 'nr-role';
    const appRoleId = 'nr-approle';
    await inScope(db(), PLATFORM_SCOPE, async (tx) => {
      await tx.insert(roles).values({ id: roleId, tenantId: w.t1, code: 'NR', name: 'Notice readers' });
      await tx.insert(roleUsers).values({ tenantId: w.t1, roleId, userId: w.u.eastSub });
      await tx.insert(appRoles).values({ id: appRoleId, productId: w.appA.id, code: 'NAR', name: 'App readers' });
      await tx.insert(appRoleUsers).values({ roleId: appRoleId, productId: w.appA.id, tenantId: w.t2, userId: w.u.t2 });
    });
    const role = await publish([{ kind: 'role', id: roleId }]);
    const appRole = await publish([{ kind: 'approle', id: appRoleId }]);
    expect((await mine(w.users.east)).sort()).toEqual([org, tree].sort());
    expect((await mine(w.users.eastSub)).sort()).toEqual([tree, role].sort());
    expect(await mine(w.users.west)).toEqual([user]);
    expect((await mine(w.users.t2)).sort()).toEqual([tenant, appRole].sort());
    expect(await mine(w.users.t3)).toEqual([]);
    // a disabled role no longer reaches its members
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(roles).set({ status: 0 }).where(eq(roles.id, roleId)));
    expect(await mine(w.users.eastSub)).toEqual([tree]);
    // another user cannot open a notice that is not theirs
    expect((await w.users.west.post(P.getmynotice, { id: tree })).body.scode).toBe(NoticeCodes.NOT_FOUND);
  });

  it('follows people at read time: a move, and a tenant that stops using the application', async () => {
    const id = await publish([{ kind: 'orgtree', id: w.org.west }]);
    expect(await mine(w.users.west)).toContain(id);
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId: w.org.east }).where(eq(users.id, w.u.west)));
    expect(await mine(w.users.west)).not.toContain(id);
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(users).set({ orgId: w.org.west }).where(eq(users.id, w.u.west)));
    const t2 = await publish([{ kind: 'tenant', id: w.t2 }]);
    expect(await mine(w.users.t2)).toContain(t2);
    await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx
        .update(tenantProducts)
        .set({ status: 0 })
        .where(and(eq(tenantProducts.tenantId, w.t2), eq(tenantProducts.productId, w.appA.id))),
    );
    expect(await mine(w.users.t2)).toEqual([]);
    await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx
        .update(tenantProducts)
        .set({ status: 1 })
        .where(and(eq(tenantProducts.tenantId, w.t2), eq(tenantProducts.productId, w.appA.id))),
    );
  });

  it('hides drafts, scheduled, expired and withdrawn notices', async () => {
    const t = [{ kind: 'user', id: w.u.eastSub }];
    const before = await mine(w.users.eastSub);
    await w.a.post(P.addnotice, validNotice(t), crm());
    await publish(t, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const expiring = await publish(t, { expireAt: new Date(Date.now() + 1500).toISOString() });
    const withdrawn = await publish(t);
    expect(await mine(w.users.eastSub)).toEqual(expect.arrayContaining([expiring, withdrawn]));
    await w.a.post(P.statusnotice, { id: withdrawn, status: 2 }, crm());
    await new Promise((r) => setTimeout(r, 1600));
    expect(await mine(w.users.eastSub)).toEqual(before);
  });
});

describe('reading', () => {
  it('counts unread, lists pinned first then newest, records the read once under a race', async () => {
    const t = [{ kind: 'user', id: w.u.t3 }];
    const erp = () => inApp(w.appB.code);
    const first = await publish(t, { title: 'First' }, () => w.b, erp);
    const pinned = await publish(t, { title: 'Pinned', pinned: true }, () => w.b, erp);
    const latest = await publish(t, { title: 'Latest' }, () => w.b, erp);
    const unread = async () => (await w.users.t3.post(P.getmynoticeunread, null)).body.data;
    expect(await unread()).toMatchObject({ unread: 3 });
    expect((await unread()).latest.map((r: { id: string }) => r.id)).toEqual([pinned, latest, first]);
    const opens = await Promise.all(Array.from({ length: 6 }, () => w.users.t3.post(P.getmynotice, { id: latest })));
    for (const o of opens)
      expect(o.body.data.row).toMatchObject({ id: latest, read: true, productName: 'ERP', body: '<p>The system is <strong>down</strong> from 22:00.</p>' });
    expect(await db().select().from(noticeReads).where(eq(noticeReads.noticeId, latest))).toHaveLength(1);
    expect(await unread()).toMatchObject({ unread: 2 });
    const list = (await w.users.t3.post(P.listmynotice, { unread: true })).body.data;
    expect(list.rows.map((r: { id: string }) => r.id)).toEqual([pinned, first]);
    expect(list.records).toBe(2);
    const paged = (await w.users.t3.post(P.listmynotice, { pageSize: 1, page: 3 })).body.data;
    expect(paged).toMatchObject({ records: 3, lastPage: true });
    expect(paged.rows.map((r: { id: string }) => r.id)).toEqual([first]);
  });
});

describe('notice images (SPEC §7)', () => {
  it('stores the image without code and shows it to the audience only', async () => {
    const up = await uploadInApp(w.t.app, w.a, Paths.uploadfile, w.appA.code, 'pic.png', PNG, 'image/png');
    const fileId = up.data.row.fileId as string;
    const id = await publish([{ kind: 'org', id: w.org.eastSub }], { body: `<p><img src="${P.getnoticefile}/${fileId}?code=${codeOf(w.a)}"></p>` });
    const body = (await w.a.post(P.getnotice, { id }, crm())).body.data.row.body as string;
    expect(body).toBe(`<p><img src="${P.getnoticefile}/${fileId}" /></p>`);
    const fetchAs = (c: GatewayClient) => w.t.app.inject({ method: 'GET', url: `${P.getnoticefile}/${fileId}?code=${codeOf(c)}` });
    const ok = await fetchAs(w.users.eastSub);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect((await fetchAs(w.a)).statusCode).toBe(200);
    for (const c of [w.users.west, w.users.t2, w.users.t3]) expect((await fetchAs(c)).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: `${P.getnoticefile}/${fileId}` })).statusCode).toBe(401);
    // the file service itself does not cross tenants
    expect((await w.t.app.inject({ method: 'GET', url: `${Paths.getfile}/${fileId}?code=${codeOf(w.users.eastSub)}` })).statusCode).toBe(404);
    // another administrator cannot reuse crm's image in erp
    expect(
      (await w.b.post(P.addnotice, validNotice([{ kind: 'user', id: w.u.t3 }], { body: `<img src="${P.getnoticefile}/${fileId}">` }), inApp(w.appB.code))).body
        .scode,
    ).toBe(NoticeCodes.IMAGE_UNKNOWN);
  });
});
