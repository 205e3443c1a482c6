import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Codes, Paths, ProfileCodes, ProfilePaths, UserCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { createTenantRow, testApp } from '../../testing/test-app.js';
import { PNG } from '../appmenus/appmenus.fixtures.js';
import { uploadImage } from '../users/users.testing.js';
import { clientWithToken, otherDevice, signedInUser } from './profile.fixtures.js';

let t: Awaited<ReturnType<typeof testApp>>;
let acme: string;
beforeAll(async () => {
  t = await testApp();
  acme = await createTenantRow(t.app, `pf${Date.now() % 100000}`);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.database.db;
const userRow = (id: string) => inScope(db(), PLATFORM_SCOPE, async (tx) => (await tx.select().from(users).where(eq(users.id, id)))[0]!);

describe('POST /auth/user/load', () => {
  it("answers the caller's own profile without secrets, whatever the caller sends", async () => {
    const a = await signedInUser(t);
    const r = await a.c.post(ProfilePaths.userload);
    expect(r.body.result).toBe('1');
    const row = r.body.data.row;
    expect(row).toMatchObject({
      userId: a.id,
      userName: a.username,
      email: a.email,
      mobile: a.mobile,
      tenantId: 'sys',
      identities: [1],
      userTypes: ['7'],
      editable: ['avatar', 'signature', 'mobile', 'email'],
    });
    expect(JSON.stringify(row)).not.toMatch(/passwordHash|argon2|idCard|failedCount/);
    // a body naming another user changes nothing: the session decides
    const b = await signedInUser(t, acme);
    expect((await a.c.post(ProfilePaths.userload, { userId: b.id, id: b.id })).body.data.row.userId).toBe(a.id);
    expect((await b.c.post(ProfilePaths.userload)).body.data.row).toMatchObject({ userId: b.id, tenantId: acme });
  });

  it('ignores query parameters (none are read) and refuses callers without a session', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const r = await a.c.post(`${ProfilePaths.userload}?userId=${b.id}&tenantId=${acme}`);
    expect(r.body.data.row).toMatchObject({ userId: a.id, tenantId: 'sys' });
    const anon = await t.client();
    expect((await anon.post(ProfilePaths.userload)).body.scode).not.toBe('');
  });
});

describe('saveprofile (avatar ≤ 500K, work signature)', () => {
  it('saves avatar and signature, audited; refuses too large, not an image, too long, script; nothing partial', async () => {
    const a = await signedInUser(t);
    const small = await uploadImage(t.app, a.c, 'a.png', PNG);
    const big = await uploadImage(t.app, a.c, 'b.png', Buffer.concat([PNG, Buffer.alloc(501 * 1024)]));
    const ok = await a.c.post(ProfilePaths.saveprofile, { avatar: small, signature: '  Alice — Sales  ' });
    expect(ok.body.data.row).toMatchObject({ avatar: small, avatarUrl: `${Paths.getfile}/${small}`, signature: 'Alice — Sales' });
    const tooBig = await a.c.post(ProfilePaths.saveprofile, { avatar: big, signature: 'changed' });
    expect(tooBig.body.scode).toBe(UserCodes.AVATAR_TOO_LARGE);
    expect((await a.c.post(ProfilePaths.saveprofile, { signature: 'x'.repeat(201) })).body.scode).toBe(Codes.TOO_LONG);
    expect((await a.c.post(ProfilePaths.saveprofile, { signature: '<script>alert(1)</script>' })).body.scode).toBe(Codes.SCRIPT_TAG);
    expect((await a.c.post(ProfilePaths.saveprofile, { avatar: 'no-such-file' })).body.scode).toBe(Codes.FILE_NOT_FOUND);
    expect((await a.c.post(ProfilePaths.saveprofile, { signature: 'x'.repeat(500) })).status).toBe(400);
    const stored = await userRow(a.id);
    expect(stored).toMatchObject({ avatar: small, signature: 'Alice — Sales' });
    const audit = await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, a.id), eq(auditLog.action, 'profile.save'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ avatar: small, signature: 'Alice — Sales' });
    // removing the avatar
    expect((await a.c.post(ProfilePaths.saveprofile, { avatar: '' })).body.data.row.avatar).toBe('');
  });

  it("cannot use another tenant's file as avatar and never changes administrators' fields", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t, acme);
    const theirs = await uploadImage(t.app, b.c, 'b.png', PNG);
    expect((await a.c.post(ProfilePaths.saveprofile, { avatar: theirs })).body.scode).toBe(Codes.FILE_NOT_FOUND);
    const before = await userRow(a.id);
    const r = await a.c.post(ProfilePaths.saveprofile, { signature: 's', employeeName: 'Boss', status: 0, orgId: 'x', userId: b.id });
    expect(r.body.result).toBe('1');
    const after = await userRow(a.id);
    expect(after).toMatchObject({ employeeName: before.employeeName, status: before.status, orgId: before.orgId, signature: 's' });
    expect((await userRow(b.id)).signature).toBe('');
  });
});

describe('sign-in history and my sessions', () => {
  it("lists my sign-ins (and failures) newest first, never anyone else's", async () => {
    const a = await signedInUser(t);
    const wrong = await t.client();
    await wrong.post(Paths.signin, { username: a.username, password: wrong.encrypt('Wrong-pass1'), agree: true });
    const other = await signedInUser(t);
    const r = await a.c.post(ProfilePaths.signinhistory, { page: 1, pageSize: 10 });
    expect(r.body.data.records).toBe(2);
    expect(r.body.data.rows.map((x: { action: string }) => x.action)).toEqual(['signin.failed', 'signin']);
    expect(r.body.data.rows[1]).toMatchObject({ method: 'password' });
    const theirs = await other.c.post(ProfilePaths.signinhistory, {});
    expect(theirs.body.data.records).toBe(1);
    expect((await a.c.post(ProfilePaths.signinhistory, { pageSize: 1000 })).status).toBe(400);
  });

  it('lists my sessions with the current one marked; ends one other, or all others, never the current one', async () => {
    const a = await signedInUser(t);
    const d1 = await otherDevice(t.app, a);
    const d2 = await otherDevice(t.app, a, 'sys', '10.0.0.2');
    const b = await signedInUser(t);
    const bDevice = await otherDevice(t.app, b);
    const list = await a.c.post(ProfilePaths.mysessions);
    const rows = list.body.data.rows as { id: string; current: boolean; state: string; userAgent: string }[];
    expect(rows).toHaveLength(3);
    expect(rows.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(d1.token);
    const current = rows.find((s) => s.current)!.id;

    expect((await a.c.post(ProfilePaths.endmysession, { id: current })).body.scode).toBe(ProfileCodes.OWN_SESSION);
    expect((await a.c.post(ProfilePaths.endmysession, { id: bDevice.id })).body.scode).toBe(ProfileCodes.SESSION_NOT_FOUND);
    const bClient = await clientWithToken(t, b.id, bDevice.token);
    expect((await bClient.post(ProfilePaths.userload)).body.result).toBe('1'); // b's device still works

    expect((await a.c.post(ProfilePaths.endmysession, { id: d1.id })).body.data).toEqual({ count: 1 });
    const d1Client = await clientWithToken(t, a.id, d1.token);
    expect((await d1Client.post(ProfilePaths.userload)).body.scode).toBe(Codes.TOKEN_INVALID);
    expect((await a.c.post(ProfilePaths.endmysession, { id: d1.id })).body.scode).toBe(ProfileCodes.SESSION_NOT_FOUND);

    expect((await a.c.post(ProfilePaths.endothersessions)).body.data).toEqual({ count: 1 });
    expect((await (await clientWithToken(t, a.id, d2.token)).post(ProfilePaths.userload)).body.scode).toBe(Codes.TOKEN_INVALID);
    expect((await a.c.post(ProfilePaths.userload)).body.result).toBe('1'); // the current one lives
    expect((await bClient.post(ProfilePaths.userload)).body.result).toBe('1');
    const states = await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx.select({ id: sessions.id, state: sessions.state }).from(sessions).where(eq(sessions.userId, a.id)),
    );
    expect(states.filter((s) => s.state === 'active').map((s) => s.id)).toEqual([current]);
    const audit = await inScope(db(), PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`select entity_id from audit_log where action = 'session.end' and user_id = ${a.id}`),
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(2);
  });
});
