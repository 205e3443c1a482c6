/**
 * Service-account management on the real gateway (app.inject on PGlite; docs/service-accounts.md): create,
 * list, edit, rotate, disable/enable and delete in the tenant area and the platform area; every validation
 * rule with nothing written by a refusal; refusal by user type and scope; another tenant's accounts are
 * neither seen nor changed; the secret is answered once and only its SHA-256 is stored; audited; a service
 * account can neither sign in interactively nor be given an identity.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, Paths, ServiceAccountCodes as C, ServiceAccountPaths as P } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, serviceAccounts, userIdentities } from '../../db/schema/index.js';
import { tableDigest } from '../../testing/bad-input.js';
import { addInTenant, saWorld, type SaWorld } from './serviceaccounts.fixtures.js';

let s: SaWorld;
const sha256 = (x: string) => createHash('sha256').update(x).digest('hex');
const TABLES = ['users', 'service_accounts', 'role_users', 'audit_log', 'user_identities'];
const digest = () => tableDigest(s.t.app, TABLES);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await saWorld('m');
});
afterAll(async () => {
  await s?.t.close();
});

describe('service accounts: management', () => {
  it('a tenant administrator creates, lists, edits, rotates, disables, enables and deletes one; the secret is answered once, stored as its hash, audited', async () => {
    const { row, secret } = await addInTenant(s.nora, { name: '  Nightly sync ', description: 'HR import', roleIds: [s.eastRole], expiresAt: tomorrow() });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(row).toMatchObject({
      name: 'Nightly sync',
      description: 'HR import',
      status: 1,
      expiresAt: tomorrow(),
      expired: false,
      lastUsedAt: null,
      roles: [{ id: s.eastRole, name: 'East' }],
      createdBy: 'mnora',
    });
    expect(row.keyId).toMatch(/^sa-[0-9a-f]{24}$/);
    const [stored] = await s.t.app.database.db.select().from(serviceAccounts).where(eq(serviceAccounts.userId, row.id));
    expect(stored!.secretHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toMatch(/secretHash|secret_hash/);

    const list = await s.nora.post(P.listtenantserviceaccount, { page: 1, pageSize: 10, keyword: 'NIGHT', sortField: 'name', sortOrder: 'ascend' });
    expect(list.body.data).toMatchObject({ records: 1, rows: [{ id: row.id, keyId: row.keyId }] });
    expect((await s.nora.post(P.listtenantserviceaccount, { keyword: row.keyId.slice(3, 12) })).body.data.records).toBe(1);
    expect((await s.nora.post(P.listtenantserviceaccount, { status: 0 })).body.data.records).toBe(0);

    const edit = await s.nora.post(P.edittenantserviceaccount, { id: row.id, name: 'Sync', description: '', roleIds: [s.eastRole], expiresAt: null });
    expect(edit.body.data.row).toMatchObject({ name: 'Sync', description: '', expiresAt: null, keyId: row.keyId });

    const rotated = await s.nora.post(P.rotatetenantserviceaccount, { id: row.id });
    const fresh: string = rotated.body.data.secret;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(secret);
    const [after] = await s.t.app.database.db.select().from(serviceAccounts).where(eq(serviceAccounts.userId, row.id));
    expect(after!.secretHash).toBe(sha256(fresh));

    expect((await s.nora.post(P.statustenantserviceaccount, { id: row.id, status: 0 })).body.data.row.status).toBe(0);
    expect((await s.nora.post(P.statustenantserviceaccount, { id: row.id, status: 1 })).body.data.row.status).toBe(1);
    const answers = [list, edit, await s.nora.post(P.listtenantserviceaccount, {})].map((r) => r.raw.toString()).join('');
    for (const x of [secret, fresh]) {
      expect(answers).not.toContain(x);
      expect(answers).not.toContain(sha256(x));
    }

    expect((await s.nora.post(P.deletetenantserviceaccount, { id: row.id })).body.data.count).toBe(1);
    expect((await s.nora.post(P.listtenantserviceaccount, {})).body.data.records).toBe(0);
    expect((await s.nora.post(P.deletetenantserviceaccount, { id: row.id })).body.scode).toBe(C.NOT_FOUND);

    const audit = await s.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit.map((e) => e.action).sort()).toEqual([
      'serviceaccount.add',
      'serviceaccount.delete',
      'serviceaccount.disable',
      'serviceaccount.edit',
      'serviceaccount.enable',
      'serviceaccount.rotate',
    ]);
    const auditText = JSON.stringify(audit);
    for (const x of [secret, fresh]) {
      expect(auditText).not.toContain(x);
      expect(auditText).not.toContain(sha256(x));
    }
  });

  it('refuses each invalid field with its localised message and writes nothing', async () => {
    const before = await digest();
    const base = { name: 'Bot', roleIds: [s.eastRole] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, name: '   ' }, C.NAME_REQUIRED, 'Please enter the service account name'],
      [{ ...base, name: 'x'.repeat(65) }, C.NAME_TOO_LONG, '64'],
      [{ ...base, description: 'x'.repeat(201) }, C.DESCRIPTION_TOO_LONG, '200'],
      [{ ...base, roleIds: [] }, C.ROLE_REQUIRED, 'at least one role'],
      [{ ...base, roleIds: Array.from({ length: 21 }, (_, i) => `r${i}`) }, C.ROLE_TOO_MANY, '20'],
      [{ ...base, roleIds: ['no-such-role'] }, C.ROLE_UNKNOWN, 'no-such-role'],
      [{ ...base, roleIds: [s.sysRole] }, C.ROLE_UNKNOWN, s.sysRole],
      [{ ...base, expiresAt: '2020-01-01' }, C.EXPIRY_INVALID, 'expiry'],
      [{ ...base, expiresAt: '2030-02-30' }, C.EXPIRY_INVALID, 'expiry'],
    ];
    s.nora.language = 'EN_US';
    for (const [body, code, text] of cases) {
      const r = await s.nora.post(P.addtenantserviceaccount, body);
      expect([r.status, r.body.scode], JSON.stringify(body)).toEqual([200, code]);
      expect(r.body.msg).toContain(text);
    }
    for (const body of [
      { ...base, expiresAt: '1/1/2030' },
      { ...base, name: 5 },
      { roleIds: [s.eastRole] },
      { ...base, roleIds: 'x' },
      { ...base, extra: 1, name: 'x'.repeat(201) },
    ]) {
      expect((await s.nora.post(P.addtenantserviceaccount, body)).status, JSON.stringify(body)).toBe(400);
    }
    s.nora.language = 'JA_JP';
    expect((await s.nora.post(P.addtenantserviceaccount, { ...base, name: '' })).body.msg).toBe('サービスアカウント名を入力してください');
    s.nora.language = 'ZH_CN';
    expect((await s.nora.post(P.addtenantserviceaccount, { ...base, name: '' })).body.msg).toBe('请输入服务账号名称');
    const { row } = await addInTenant(s.nora, base);
    const mid = await digest();
    expect((await s.nora.post(P.edittenantserviceaccount, { id: row.id, ...base, roleIds: ['no-such-role'] })).body.scode).toBe(C.ROLE_UNKNOWN);
    expect((await s.nora.post(P.edittenantserviceaccount, { id: row.id, ...base, name: '' })).body.scode).toBe(C.NAME_REQUIRED);
    expect(await digest()).toEqual(mid);
    await s.nora.post(P.deletetenantserviceaccount, { id: row.id });
    expect(Object.keys(before)).toEqual(TABLES);
  });

  it("refuses callers by user type, grant and tenant; another tenant's accounts are neither seen nor changed", async () => {
    const { row } = await addInTenant(s.nora, { name: 'Acme bot', roleIds: [s.eastRole] });
    const before = await digest();
    // a role holder of acme (even with user-management grants), an ordinary user and the other tenant's administrator
    for (const c of [s.rita]) {
      for (const [path, body] of [
        [P.listtenantserviceaccount, {}],
        [P.addtenantserviceaccount, { name: 'x', roleIds: [s.eastRole] }],
        [P.rotatetenantserviceaccount, { id: row.id }],
        [P.deletetenantserviceaccount, { id: row.id }],
      ] as const) {
        expect((await c.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    }
    for (const c of [s.nora, s.rita, s.sam]) {
      expect((await c.post(P.listserviceaccount, {})).body.scode).toBe(Codes.NO_PERMISSION);
      expect((await c.post(P.addserviceaccount, { name: 'x', roleIds: [s.sysRole] })).body.scode).toBe(Codes.NO_PERMISSION);
    }
    s.sam.tenantId = s.w.acme.tenantId; // beta's administrator naming acme
    expect((await s.sam.post(P.listtenantserviceaccount, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await s.sam.post(P.rotatetenantserviceaccount, { id: row.id })).body.scode).toBe(Codes.NO_PERMISSION);
    s.sam.tenantId = s.w.beta.tenantId;
    const samList = await s.sam.post(P.listtenantserviceaccount, {});
    expect(samList.body.data.records).toBe(0);
    for (const [path, body] of [
      [P.edittenantserviceaccount, { id: row.id, name: 'mine', roleIds: [s.eastRole] }],
      [P.rotatetenantserviceaccount, { id: row.id }],
      [P.statustenantserviceaccount, { id: row.id, status: 0 }],
      [P.deletetenantserviceaccount, { id: row.id }],
    ] as const) {
      const r = await s.sam.post(path, body);
      expect(r.body.scode, path).toBe(C.NOT_FOUND);
      expect(r.raw.toString()).not.toContain(row.keyId);
    }
    expect((await s.sam.post(P.addtenantserviceaccount, { name: 'x', roleIds: [s.eastRole] })).body.scode).toBe(C.ROLE_UNKNOWN);
    // the platform area manages only the platform tenant's accounts
    expect((await s.admin.post(P.listserviceaccount, {})).body.data.records).toBe(0);
    expect((await s.admin.post(P.rotateserviceaccount, { id: row.id })).body.scode).toBe(C.NOT_FOUND);
    expect((await s.admin.post(P.addserviceaccount, { name: 'x', roleIds: [s.eastRole] })).body.scode).toBe(C.ROLE_UNKNOWN);
    expect(await digest()).toEqual(before);
    await s.nora.post(P.deletetenantserviceaccount, { id: row.id });
  });

  it("a platform administrator manages the platform tenant's accounts with the platform's roles", async () => {
    const add = await s.admin.post(P.addserviceaccount, { name: 'Platform report', roleIds: [s.sysRole] });
    expect(add.body.data.row).toMatchObject({ name: 'Platform report', roles: [{ id: s.sysRole }] });
    const { id } = add.body.data.row;
    expect((await s.admin.post(P.listserviceaccount, { keyword: 'platform' })).body.data.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await s.nora.post(P.listtenantserviceaccount, {})).body.data.rows.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await s.admin.post(P.statusserviceaccount, { id, status: 0 })).body.data.row.status).toBe(0);
    expect((await s.admin.post(P.editserviceaccount, { id, name: 'Report', roleIds: [s.sysRole] })).body.data.row.name).toBe('Report');
    expect((await s.admin.post(P.rotateserviceaccount, { id })).body.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await s.admin.post(P.deleteserviceaccount, { id })).body.data.count).toBe(1);
  });

  it('a service account never signs in interactively and can never be given an identity', async () => {
    const { row } = await addInTenant(s.nora, { name: 'No login', roleIds: [s.eastRole] });
    const c = await s.t.client();
    const r = await c.post(Paths.signin, { username: row.keyId, password: c.encrypt('whatever-1A'), agree: true });
    expect(r.body.scode).toBe(C.NOT_INTERACTIVE);
    await expect(
      inScope(s.t.app.database.db, PLATFORM_SCOPE, (tx) => tx.insert(userIdentities).values({ tenantId: s.w.acme.tenantId, userId: row.id, identity: 3 })),
    ).rejects.toThrow();
    const made = await s.admin.post(Paths.savetenantadmin, { tenantId: s.w.acme.tenantId, userIds: [row.id] });
    expect([made.status, made.body.scode]).toEqual([200, C.NO_IDENTITY]);
    expect(await s.t.app.database.db.select().from(userIdentities).where(eq(userIdentities.userId, row.id))).toEqual([]);
    await s.nora.post(P.deletetenantserviceaccount, { id: row.id });
  });
});
