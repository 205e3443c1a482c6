import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, Paths, SessionCodes, type SessionRow } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { auditLog, sessions } from '../../db/schema/index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let admin: GatewayClient;
let t1: string;
let t2: string;
const PW = 'Passw0rd!x';

/** A client signed in as a new user (identities default: enterprise user). */
async function signedIn(username: string, o: { tenantId?: string; identities?: number[] } = {}): Promise<GatewayClient> {
  await createUserRow(t.app, { username, password: PW, ...o });
  const c = await t.client();
  await c.signIn(username, PW);
  return c;
}

async function list(c: GatewayClient, body: Record<string, unknown> = {}) {
  return (await c.post(Paths.listsession, { page: 1, pageSize: 100, ...body })).body;
}

async function sessionIdOf(c: GatewayClient, username: string): Promise<string> {
  const rows = (await list(c, { keyword: username })).data.rows as SessionRow[];
  return rows.find((r) => r.username === username)!.id;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  t1 = await createTenantRow(t.app, 'sesst1');
  t2 = await createTenantRow(t.app, 'sesst2');
});
afterAll(async () => {
  await t.close();
});

describe('online sessions: listsession', () => {
  it("shows platform administrators every tenant's online sessions with the grid columns, marking their own", async () => {
    await signedIn('online.a', { tenantId: t1 });
    await signedIn('online.b', { tenantId: t2 });
    const body = await list(admin);
    expect(body.result).toBe('1');
    const rows = body.data.rows as SessionRow[];
    const a = rows.find((r) => r.username === 'online.a')!;
    expect(a).toMatchObject({ tenantId: t1, tenantCode: 'sesst1', tenantName: 'Tenant sesst1', identities: [1], current: false });
    expect(a.id).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(a.expiresAt)).toBeGreaterThan(Date.parse(a.createdAt));
    expect(rows.find((r) => r.username === 'online.b')?.tenantId).toBe(t2);
    expect(rows.find((r) => r.username === 'admin')?.current).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/token/i);
  });

  it('searches by user or employee name and by tenant, pages, and sorts by sign-in time', async () => {
    for (let i = 0; i < 3; i++) await signedIn(`pager.${i}`, { tenantId: t1 });
    const byUser = await list(admin, { keyword: 'PAGER.' });
    expect(byUser.data.records).toBe(3);
    const byTenant = (await list(admin, { tenant: 'sesst2' })).data.rows as SessionRow[];
    expect(byTenant.every((r) => r.tenantId === t2)).toBe(true);
    expect(byTenant.length).toBeGreaterThan(0);
    const p1 = await list(admin, { keyword: 'pager.', pageSize: 2, page: 1, sortField: 'createdAt', sortOrder: 'ascend' });
    const p2 = await list(admin, { keyword: 'pager.', pageSize: 2, page: 2, sortField: 'createdAt', sortOrder: 'ascend' });
    expect(p1.data).toMatchObject({ records: 3, total: 2, page: 1 });
    expect([...p1.data.rows, ...p2.data.rows].map((r: SessionRow) => r.username)).toEqual(['pager.0', 'pager.1', 'pager.2']);
    const desc = await list(admin, { keyword: 'pager.', sortField: 'createdAt', sortOrder: 'descend' });
    expect(desc.data.rows.map((r: SessionRow) => r.username)).toEqual(['pager.2', 'pager.1', 'pager.0']);
  });

  it('leaves out ended, replaced and expired sessions', async () => {
    const gone = await signedIn('gone.user');
    await gone.post(Paths.tokenlogout, { token: gone.token });
    await signedIn('twice.user');
    const again = await t.client();
    await again.signIn('twice.user', PW); // replaces the first session
    expect((await list(admin, { keyword: 'twice.user' })).data.records).toBe(1);
    expect((await list(admin, { keyword: 'gone.user' })).data.records).toBe(0);
    const late = await signedIn('late.user');
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, late.userId));
    t.app.guardStore.forgetSessions({ userId: late.userId });
    expect((await list(admin, { keyword: 'late.user' })).data.records).toBe(0);
  });

  it('shows a tenant administrator only the sessions of their tenant, and refuses another tenant', async () => {
    const ta = await signedIn('tadmin.one', { tenantId: t1, identities: [3] });
    ta.tenantId = t1;
    const rows = (await list(ta)).data.rows as SessionRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.tenantId === t1)).toBe(true);
    // The tenant filter cannot widen it.
    expect(((await list(ta, { tenant: 'sesst2' })).data.rows as SessionRow[]).every((r) => r.tenantId === t1)).toBe(true);
    ta.tenantId = t2;
    expect((await list(ta)).scode).toBe(Codes.NO_PERMISSION);
    ta.tenantId = 'sys';
    expect((await list(ta)).scode).toBe(Codes.NO_PERMISSION);
  });

  it('refuses users who are not administrators', async () => {
    const u = await signedIn('plain.user', { tenantId: t1 });
    u.tenantId = t1;
    expect((await list(u)).scode).toBe(Codes.NO_PERMISSION);
    expect((await u.post(Paths.endsession, { ids: ['x'.repeat(64)] })).body.scode).toBe(Codes.NO_PERMISSION);
  });
});

describe('online sessions: endsession', () => {
  it('ends a session: its token answers 10009021001 at once, the row is ended and audited', async () => {
    const victim = await signedIn('victim.one', { tenantId: t2 });
    expect((await victim.post(Paths.querycodetablelist, [1])).body.result).toBe('1'); // the guard store now holds it
    const id = await sessionIdOf(admin, 'victim.one');
    const r = await admin.post(Paths.endsession, { ids: [id] });
    expect(r.body).toMatchObject({ result: '1', data: { count: 1 } });
    expect((await victim.post(Paths.querycodetablelist, [1])).body.scode).toBe(Codes.TOKEN_INVALID);
    expect((await victim.post(Paths.renewaltoken, { token: victim.token })).body.scode).toBe(Codes.TOKEN_INVALID);
    const [row] = await t.app.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row).toMatchObject({ state: 'ended' });
    expect(row!.endedAt).toBeInstanceOf(Date);
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.end'), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ tenantId: t2, username: 'admin', after: { state: 'ended' } });
    expect((audit[0]!.before as { username: string }).username).toBe('victim.one');
  });

  it("refuses the caller's own current session (use tokenlogout) and changes nothing", async () => {
    const other = await signedIn('bystander.one');
    const mine = await sessionIdOf(admin, 'admin');
    const theirs = await sessionIdOf(admin, 'bystander.one');
    const r = await admin.post(Paths.endsession, { ids: [theirs, mine] });
    expect(r.body.scode).toBe(SessionCodes.OWN_SESSION);
    expect(r.body.msg).toBeTruthy();
    expect((await other.post(Paths.querycodetablelist, [1])).body.result).toBe('1');
    expect((await admin.post(Paths.querycodetablelist, [1])).body.result).toBe('1');
  });

  it('ends all or nothing: an unknown or already ended id refuses the whole call', async () => {
    const keep = await signedIn('keep.one');
    const id = await sessionIdOf(admin, 'keep.one');
    const r = await admin.post(Paths.endsession, { ids: [id, 'f'.repeat(64)] });
    expect(r.body.scode).toBe(SessionCodes.NOT_FOUND);
    expect((await keep.post(Paths.querycodetablelist, [1])).body.result).toBe('1');
    expect((await admin.post(Paths.endsession, { ids: [] })).status).toBe(400);
  });

  it("lets a tenant administrator end their tenant's sessions but never another tenant's", async () => {
    const ta = await signedIn('tadmin.two', { tenantId: t1, identities: [3] });
    ta.tenantId = t1;
    const mate = await signedIn('mate.t1', { tenantId: t1 });
    const stranger = await signedIn('stranger.t2', { tenantId: t2 });
    const strangerId = await sessionIdOf(admin, 'stranger.t2');
    // Not visible, not endable: refused, and the stranger's token still works.
    expect((await list(ta, { keyword: 'stranger.t2' })).data.records).toBe(0);
    expect((await ta.post(Paths.endsession, { ids: [strangerId] })).body.scode).toBe(SessionCodes.NOT_FOUND);
    ta.tenantId = t2;
    expect((await ta.post(Paths.endsession, { ids: [strangerId] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await stranger.post(Paths.querycodetablelist, [1])).body.result).toBe('1');
    ta.tenantId = t1;
    const mateId = await sessionIdOf(ta, 'mate.t1');
    expect((await ta.post(Paths.endsession, { ids: [mateId] })).body.data.count).toBe(1);
    expect((await mate.post(Paths.querycodetablelist, [1])).body.scode).toBe(Codes.TOKEN_INVALID);
  });
});

describe('administrator token calls', () => {
  it('admintokenlogin answers the session user info for an administrator, signed with or without the user id', async () => {
    const info = await admin.post(Paths.admintokenlogin, { accountName: 'admin', token: admin.token });
    expect(info.body.result).toBe('1');
    expect(info.body.data.row).toMatchObject({ userName: 'admin', userType: [4, 1], userTypes: ['1', '7'], token: admin.token });
    const sso = await t.client();
    sso.token = admin.token;
    const bySso = await sso.post(Paths.admintokenlogin, { accountName: '', token: sso.token });
    expect(bySso.body.data.row.userId).toBe(admin.userId);
    const ta = await signedIn('tadmin.three', { tenantId: t1, identities: [3] });
    expect((await ta.post(Paths.admintokenlogin, { token: ta.token })).body.data.row.userTypes).toEqual(['2', '3']);
  });

  it('refuses admintokenlogin and renewaladmintoken for a session without an administrator identity', async () => {
    const u = await signedIn('plain.two');
    expect((await u.post(Paths.admintokenlogin, { token: u.token })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await u.post(Paths.renewaladmintoken, { token: u.token })).body.scode).toBe(Codes.NO_PERMISSION);
    // tokenlogin stays open to every user.
    expect((await u.post(Paths.tokenlogin, { token: u.token })).body.data.row.userTypes).toEqual(['7']);
  });

  it('refuses admintokenlogin when the administrator identity was taken away since sign-in, writing nothing', async () => {
    const { userIdentities } = await import('../../db/schema/index.js');
    const ta = await signedIn('tadmin.lost', { tenantId: t1, identities: [3] });
    await t.app.database.db.delete(userIdentities).where(eq(userIdentities.userId, ta.userId));
    expect((await ta.post(Paths.admintokenlogin, { token: ta.token })).body.scode).toBe(Codes.NO_PERMISSION);
    const [row] = await t.app.database.db.select().from(sessions).where(eq(sessions.userId, ta.userId));
    expect(row!.identities).toEqual([3]);
  });

  it('renewaladmintoken and renewaltoken extend the session and answer the new expiry', async () => {
    const c = await signedIn('renew.admin', { identities: [4] });
    const id = await sessionIdOf(admin, 'renew.admin');
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, id));
    t.app.guardStore.forgetSessions({ ids: [id] });
    const r = await c.post(Paths.renewaladmintoken, { token: c.token });
    expect(r.body.data.row.token).toBe(c.token);
    const expiresAt = r.body.data.row.expiresAt as number;
    expect(expiresAt).toBeGreaterThan(Date.now() + 60 * 60_000);
    const [row] = await t.app.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt.getTime()).toBe(expiresAt);
    const r2 = await c.post(Paths.renewaltoken, { token: c.token });
    expect(r2.body.data.row.expiresAt).toBeGreaterThanOrEqual(expiresAt);
    expect((await c.post(Paths.renewaladmintoken, { token: 'x'.repeat(64) })).body.scode).toBe(Codes.TOKEN_INVALID);
  });
});
