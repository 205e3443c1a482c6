/**
 * A service account's own calls on the real gateway (app.inject on PGlite; docs/service-accounts.md): the
 * token call (success, one refusal for unknown key and wrong secret, rate limit, audit, lifetime, no
 * renewal); its calls are limited to its roles' API grants and data scope, never another tenant's or the
 * platform's routes, and it cannot act on anyone who holds more than it; a disabled, rotated, re-dated,
 * expired or deleted credential and its sessions are refused at once; the secret never reaches a log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Codes, Paths, ServiceAccountCodes as C, ServiceAccountPaths as P } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { auditLog, roleGrants, roles, roleUsers, serviceAccounts } from '../../db/schema/index.js';
import { addInTenant, asServiceAccount, requestToken, saWorld, type SaWorld } from './serviceaccounts.fixtures.js';

let s: SaWorld;
const logs: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  s = await saWorld('k', { logLevel: 'trace', serviceTokenTtlMin: 7 }, { logStream });
  const a = s.w.acme.tenantId;
  // u-esales holds a role with a grant beyond the east role's (deleting users): the east role's holders may not act on them
  await inScope(s.t.app.database.db, { scope: 'tenant', tenantId: a }, async (tx) => {
    await tx.insert(roles).values({ id: `${a}-r-wide`, tenantId: a, orgId: `${a}-east`, code: 'wide', name: 'Wide' });
    await tx.insert(roleGrants).values([
      { tenantId: a, roleId: `${a}-r-wide`, kind: 'org', dataId: `${a}-east` },
      { tenantId: a, roleId: `${a}-r-wide`, kind: 'api', dataId: Paths.deletetenantuser },
    ]);
    await tx.insert(roleUsers).values({ tenantId: a, roleId: `${a}-r-wide`, userId: s.w.uid['u-esales']! });
  });
});
afterAll(async () => {
  await s?.t.close();
});

describe('service accounts: the token and the calls made with it', () => {
  it("answers a short session that calls the admin API within its roles' grants and data scope only", async () => {
    const { row, secret } = await addInTenant(s.nora, { name: 'East sync', roleIds: [s.eastRole] });
    const before = Date.now();
    const sa = await asServiceAccount(s.t, row.keyId, secret, s.w.acme.tenantId);
    const [session] = await s.t.app.database.db.select().from(serviceAccounts).where(eq(serviceAccounts.userId, row.id));
    expect(session!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const listed = await sa.post(Paths.listtenantuser, { page: 1, pageSize: 50 });
    expect(listed.body.result).toBe('1');
    const names = listed.body.data.rows.map((u: { username: string }) => u.username).sort();
    expect(names).toEqual(['rita', 'u-east', 'u-esales']);
    // no API grant for deleting users; no other tenant; no platform route; no service-account management; no renewal
    expect((await sa.post(Paths.deletetenantuser, { ids: [s.w.uid['u-east']!] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await sa.post(P.listtenantserviceaccount, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await sa.post(P.addtenantserviceaccount, { name: 'x', roleIds: [s.eastRole] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await sa.post(Paths.listuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await sa.post(P.listserviceaccount, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await sa.post(Paths.renewaltoken, { token: sa.token })).body.scode).toBe(C.NO_RENEWAL);
    sa.tenantId = s.w.beta.tenantId;
    expect((await sa.post(Paths.listtenantuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
    sa.tenantId = 'sys';
    expect((await sa.post(Paths.listtenantuser, {})).body.scode).toBe(Codes.NO_PERMISSION);
    sa.tenantId = s.w.acme.tenantId;
    // acting on people: outside its scope (the administrator, the super manager), holding more (u-esales), within (u-east)
    for (const u of ['boss', 'u-west'])
      expect((await sa.post(Paths.statustenantuser, { ids: [s.w.uid[u]!], status: 0 })).body.scode, u).toBe(Codes.NO_PERMISSION);
    expect((await sa.post(Paths.statustenantuser, { ids: [s.w.uid['u-esales']!], status: 0 })).body.scode).toBe('user.outranks_caller');
    expect((await sa.post(Paths.statustenantuser, { ids: [s.w.uid['u-east']!], status: 0 })).body.result).toBe('1');
    expect((await sa.post(Paths.statustenantuser, { ids: [s.w.uid['u-east']!], status: 1 })).body.result).toBe('1');
    // its actions are audited under its own name
    const mine = await s.t.app.database.db.select().from(auditLog).where(eq(auditLog.userId, row.id));
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(['serviceaccount.token', 'user.disable']));
  });

  it("lives MP_SERVICE_TOKEN_TTL_MIN minutes, never past the credential's expiry", async () => {
    const { row, secret } = await addInTenant(s.nora, { name: 'Short', roleIds: [s.eastRole] });
    const c = await s.t.client();
    const r = await requestToken(s.t, c, row.keyId, secret);
    expect(Math.abs(r.body.data.row.expiresAt - (Date.now() + 7 * 60_000))).toBeLessThan(5_000);
    const soon = new Date(Date.now() + 60_000);
    await inScope(s.t.app.database.db, { scope: 'tenant', tenantId: s.w.acme.tenantId }, (tx) =>
      tx.update(serviceAccounts).set({ expiresAt: soon }).where(eq(serviceAccounts.userId, row.id)),
    );
    expect((await requestToken(s.t, c, row.keyId, secret)).body.data.row.expiresAt).toBe(soon.getTime());
  });

  it('refuses an unknown key id and a wrong secret alike, audits the refusal and limits the rate', async () => {
    const { row, secret } = await addInTenant(s.nora, { name: 'Guarded', roleIds: [s.eastRole] });
    const c = await s.t.client();
    c.language = 'EN_US';
    const wrong = await requestToken(
      s.t,
      c,
      row.keyId,
      secret.replace(/^./, (x) => (x === 'a' ? 'b' : 'a')),
    );
    const unknown = await requestToken(s.t, c, 'sa-000000000000000000000000', secret);
    for (const r of [wrong, unknown]) expect([r.body.scode, r.body.msg]).toEqual([C.CREDENTIAL_INVALID, 'Wrong key id or secret']);
    expect((await c.post(P.serviceaccounttoken, { keyId: row.keyId, secret: 'not-encrypted' })).status).toBe(400);
    const refused = await s.t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'serviceaccount.token_refused'), eq(auditLog.entityId, row.id)));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.after).toMatchObject({ keyId: row.keyId, reason: C.CREDENTIAL_INVALID });
    process.env.MP_SIGNIN_RATE_ACCOUNT = '3';
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await requestToken(s.t, c, row.keyId, 'f'.repeat(64))).status);
      expect(codes.at(-1)).toBe(429);
    } finally {
      delete process.env.MP_SIGNIN_RATE_ACCOUNT;
    }
  });

  it('disabling, rotating, re-dating, expiring and deleting stop the credential and the sessions it opened at once', async () => {
    const { row, secret } = await addInTenant(s.nora, { name: 'Revocable', roleIds: [s.eastRole] });
    const works = async (c: Awaited<ReturnType<typeof asServiceAccount>>) => (await c.post(Paths.listtenantuser, {})).body.scode;
    const acme = s.w.acme.tenantId;

    let sa = await asServiceAccount(s.t, row.keyId, secret, acme);
    expect(await s.nora.post(P.statustenantserviceaccount, { id: row.id, status: 0 }).then((r) => r.body.result)).toBe('1');
    expect(await works(sa)).toBe(Codes.TOKEN_INVALID);
    expect((await requestToken(s.t, sa, row.keyId, secret)).body.scode).toBe(C.DISABLED);
    await s.nora.post(P.statustenantserviceaccount, { id: row.id, status: 1 });

    sa = await asServiceAccount(s.t, row.keyId, secret, acme);
    expect(await works(sa)).toBe('');
    const fresh: string = (await s.nora.post(P.rotatetenantserviceaccount, { id: row.id })).body.data.secret;
    expect(await works(sa)).toBe(Codes.TOKEN_INVALID);
    expect((await requestToken(s.t, sa, row.keyId, secret)).body.scode).toBe(C.CREDENTIAL_INVALID);

    sa = await asServiceAccount(s.t, row.keyId, fresh, acme);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await s.nora.post(P.edittenantserviceaccount, { id: row.id, name: 'Revocable', roleIds: [s.eastRole], expiresAt: tomorrow });
    expect(await works(sa)).toBe(Codes.TOKEN_INVALID);

    sa = await asServiceAccount(s.t, row.keyId, fresh, acme);
    await inScope(s.t.app.database.db, { scope: 'tenant', tenantId: acme }, (tx) =>
      tx
        .update(serviceAccounts)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(serviceAccounts.userId, row.id)),
    );
    expect((await requestToken(s.t, sa, row.keyId, fresh)).body.scode).toBe(C.EXPIRED);
    const listed = await s.nora.post(P.listtenantserviceaccount, { keyword: row.keyId });
    expect(listed.body.data.rows[0]).toMatchObject({ expired: true });
    await s.nora.post(P.edittenantserviceaccount, { id: row.id, name: 'Revocable', roleIds: [s.eastRole], expiresAt: null });

    sa = await asServiceAccount(s.t, row.keyId, fresh, acme);
    await s.nora.post(P.deletetenantserviceaccount, { id: row.id });
    expect(await works(sa)).toBe(Codes.TOKEN_INVALID);
    expect((await requestToken(s.t, sa, row.keyId, fresh)).body.scode).toBe(C.CREDENTIAL_INVALID);

    const text = logs.join('');
    expect(text.length).toBeGreaterThan(1000);
    for (const x of [secret, fresh]) expect(text).not.toContain(x);
  });
  it("locked or disabled from the tenant's user grid: its sessions end and it gets no token until unlocked", async () => {
    const { row, secret } = await addInTenant(s.nora, { name: 'Lockable', roleIds: [s.eastRole] });
    const acme = s.w.acme.tenantId;
    const works = async (c: Awaited<ReturnType<typeof asServiceAccount>>) => (await c.post(Paths.listtenantuser, {})).body.scode;

    let sa = await asServiceAccount(s.t, row.keyId, secret, acme);
    expect((await s.nora.post(Paths.locktenantuser, { ids: [row.id], locked: true })).body.result).toBe('1');
    expect(await works(sa)).toBe(Codes.TOKEN_INVALID);
    expect((await requestToken(s.t, sa, row.keyId, secret)).body.scode).toBe(C.DISABLED);
    expect((await s.nora.post(Paths.locktenantuser, { ids: [row.id], locked: false })).body.result).toBe('1');

    sa = await asServiceAccount(s.t, row.keyId, secret, acme);
    expect(await works(sa)).toBe('');
    expect((await s.nora.post(Paths.statustenantuser, { ids: [row.id], status: 0 })).body.result).toBe('1');
    expect(await works(sa)).toBe(Codes.TOKEN_INVALID);
    expect((await requestToken(s.t, sa, row.keyId, secret)).body.scode).toBe(C.DISABLED);
  });
});
