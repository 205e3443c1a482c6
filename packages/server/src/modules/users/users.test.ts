import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Codes, Paths, UserCodes } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { auditLog, files, stations, users } from '../../db/schema/index.js';
import { createTenantWithOrgs, uploadImage, validUser } from './users.testing.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let acme: { tenantId: string; deptId: string };
let beta: { tenantId: string; deptId: string };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'Passw0rd!x';

const add = (body: Record<string, unknown>, password = PASSWORD) => c.post(Paths.adduser, { ...body, password: password ? c.encrypt(password) : '' });

async function signedIn(username: string, password = PASSWORD): Promise<GatewayClient> {
  const u = await t.client();
  await u.signIn(username, password);
  return u;
}

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  acme = await createTenantWithOrgs(t.app, 'acme');
  beta = await createTenantWithOrgs(t.app, 'beta');
});
afterAll(async () => {
  await t.close();
});

describe('user management API', () => {
  it('refuses every call to a caller who is not a platform administrator (10009029001)', async () => {
    await createUserRow(t.app, { username: 'plain', password: PASSWORD, identities: [1] });
    const plain = await signedIn('plain');
    for (const [path, body] of [
      [Paths.listuser, {}],
      [Paths.getuser, { id: 'x' }],
      [Paths.adduser, validUser(acme.tenantId, acme.deptId, 'x')],
      [Paths.edituser, { id: 'x' }],
      [Paths.deleteuser, { ids: ['x'] }],
      [Paths.statususer, { ids: ['x'], status: 0 }],
      [Paths.lockuser, { ids: ['x'], locked: true }],
      [Paths.resetuserpassword, { id: 'x', password: 'x' }],
      [Paths.exportuser, {}],
      [Paths.templateuser, {}],
      [Paths.importuser, {}],
    ] as const) {
      const r = await plain.post(path, body);
      expect(r.body.scode, path).toBe(Codes.NO_PERMISSION);
    }
  });

  it('creates, reads and edits a user; answers never carry a password hash', async () => {
    const r = await add(validUser(acme.tenantId, acme.deptId, 'alice'));
    expect(r.body.result).toBe('1');
    const row = r.body.data.row;
    expect(row).toMatchObject({
      username: 'alice',
      tenantCode: 'acme',
      orgName: 'Department',
      gender: 'M',
      status: 1,
      locked: false,
      creator: 'admin',
      effectiveDate: '2026-01-01',
    });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|passwordHash/);
    const got = await c.post(Paths.getuser, { id: row.id });
    expect(got.body.data.row.email).toBe('alice@example.com');
    const edit = await c.post(Paths.edituser, {
      ...validUser(acme.tenantId, acme.deptId, 'alice'),
      id: row.id,
      employeeName: 'Alice',
      defaultOrgId: acme.tenantId,
      tenantId: undefined,
    });
    expect(edit.body.data.row).toMatchObject({ employeeName: 'Alice', defaultOrgName: 'Tenant acme', tenantId: acme.tenantId });
    // No password on edit keeps the old one.
    await signedIn('alice');
    const list = await c.post(Paths.listuser, { tenantId: acme.tenantId });
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|passwordHash/);
  });

  it('checks every rule of SPEC §5 User with a localised message and writes nothing', async () => {
    const before = (await c.post(Paths.listuser, {})).body.data.records;
    c.language = 'EN_US';
    const base = validUser(acme.tenantId, acme.deptId, 'bob');
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ username: ' ' }, Codes.REQUIRED, 'Please enter User name'],
      [{ username: 'a'.repeat(31) }, Codes.TOO_LONG],
      [{ username: 'bob smith' }, UserCodes.USERNAME_PATTERN, 'The user name may contain only letters, digits, hyphens and underscores'],
      [{ username: 'ALICE' }, UserCodes.USERNAME_IN_USE],
      [{ employeeName: '张'.repeat(31) }, Codes.TOO_LONG],
      [{ employeeName: 'Bob!' }, UserCodes.EMPLOYEE_NAME_PATTERN],
      [{ employeeCode: 'E-1' }, UserCodes.EMPLOYEE_CODE_PATTERN],
      [{ orgId: '' }, Codes.REQUIRED, 'Please enter Affiliated organisation'],
      [{ orgId: beta.deptId }, UserCodes.ORG_NOT_FOUND],
      [{ defaultOrgId: 'nope' }, UserCodes.ORG_NOT_FOUND],
      [{ effectiveDate: '' }, Codes.REQUIRED],
      [{ expiryDate: '2030-02-30' }, UserCodes.DATE_INVALID],
      [{ effectiveDate: '2031-01-01' }, UserCodes.DATE_ORDER, 'The effective date cannot be later than the expiry date'],
      [{ mobile: '1380013800' }, UserCodes.MOBILE_PATTERN],
      [{ email: 'bob@' }, UserCodes.EMAIL_PATTERN],
      [{ email: 'ALICE@example.com' }, UserCodes.EMAIL_IN_USE],
      [{ officePhone: 'abc' }, UserCodes.PHONE_PATTERN, 'Please enter a valid office number'],
      [{ homePhone: '12' }, UserCodes.PHONE_PATTERN, 'Please enter a valid home number'],
      [{ idCard: '110105194912310021' }, UserCodes.ID_CARD_PATTERN],
      [{ gender: 'X' }, Codes.PATTERN],
      [{ description: '<script>x</script>' }, Codes.SCRIPT_TAG],
      [{ tenantId: 'nope' }, Codes.TENANT_NOT_FOUND],
    ];
    for (const [patch, code, msg] of cases) {
      const r = await add({ ...base, ...patch });
      expect(r.body.scode, JSON.stringify(patch)).toBe(code);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await add(base, '')).body.msg).toBe('Please enter Password');
    expect((await add(base, 'short')).body.scode).toBe(Codes.PASSWORD_WEAK);
    c.language = 'ZH_CN';
    expect((await c.post(Paths.listuser, {})).body.data.records).toBe(before);
  });

  it('accepts an avatar image of at most 500K and refuses a larger one', async () => {
    const small = await uploadImage(t.app, c, 'a.png', PNG);
    const big = await uploadImage(t.app, c, 'b.png', Buffer.concat([PNG, Buffer.alloc(501 * 1024)]));
    expect((await add({ ...validUser(acme.tenantId, acme.deptId, 'avatar1'), avatar: small })).body.data.row.avatarUrl).toMatch(
      new RegExp(`^${Paths.getfile}/[0-9a-f-]{36}$`),
    );
    expect((await add({ ...validUser(acme.tenantId, acme.deptId, 'avatar2'), avatar: big })).body.scode).toBe(UserCodes.AVATAR_TOO_LARGE);
  });

  it("keeps a face photo, and copies images uploaded in another tenant into the user's tenant", async () => {
    const photo = await uploadImage(t.app, c, 'face.png', PNG);
    const big = await uploadImage(t.app, c, 'face-big.png', Buffer.concat([PNG, Buffer.alloc(501 * 1024)]));
    expect((await add({ ...validUser(acme.tenantId, acme.deptId, 'face2'), facePhoto: big })).body.scode).toBe(UserCodes.FACE_PHOTO_TOO_LARGE);
    const r = await add({ ...validUser(acme.tenantId, acme.deptId, 'face1'), avatar: photo, facePhoto: photo });
    expect(r.body.result).toBe('1');
    const row = r.body.data.row;
    // uploaded by the platform administrator (tenant 'sys'): the user keeps copies in its own tenant
    expect(row.facePhoto).not.toBe(photo);
    expect(row.facePhotoUrl).toBe(`${Paths.getfile}/${row.facePhoto}`);
    const stored = await t.app.database.db
      .select()
      .from(files)
      .where(inArray(files.id, [row.avatar, row.facePhoto, photo]));
    expect(Object.fromEntries(stored.map((f) => [f.id, f.tenantId]))).toEqual({ [row.avatar]: acme.tenantId, [row.facePhoto]: acme.tenantId, [photo]: 'sys' });
    // editing without changing the images keeps them as they are
    const again = await c.post(Paths.edituser, { id: row.id, ...validUser(acme.tenantId, acme.deptId, 'face1'), avatar: row.avatar, facePhoto: row.facePhoto });
    expect(again.body.data.row).toMatchObject({ avatar: row.avatar, facePhoto: row.facePhoto });
  });

  it("sets a station of the user's tenant, shows its name, and refuses another tenant's station", async () => {
    await t.app.database.db.insert(stations).values([
      { id: 'st-acme', tenantId: acme.tenantId, name: 'Engineer', level: 'P5' },
      { id: 'st-beta', tenantId: beta.tenantId, name: 'Buyer', level: 'P3' },
    ]);
    const ok = await add({ ...validUser(acme.tenantId, acme.deptId, 'station1'), stationId: 'st-acme' });
    expect(ok.body.data.row).toMatchObject({ stationId: 'st-acme', stationName: 'Engineer' });
    const before = (await c.post(Paths.listuser, {})).body.data.records;
    c.language = 'EN_US';
    const bad = await add({ ...validUser(acme.tenantId, acme.deptId, 'station2'), stationId: 'st-beta' });
    expect(bad.body).toMatchObject({ result: '0', scode: UserCodes.STATION_NOT_FOUND, msg: "The station does not exist in the user's tenant" });
    c.language = 'ZH_CN';
    expect((await c.post(Paths.listuser, {})).body.data.records).toBe(before);
    const list = await c.post(Paths.liststation, { tenantId: acme.tenantId, keyword: 'Eng' });
    expect(list.body.data).toMatchObject({ records: 1, rows: [{ id: 'st-acme', name: 'Engineer', level: 'P5' }] });
    expect((await c.post(Paths.liststation, { tenantId: acme.tenantId, keyword: 'Buy' })).body.data.records).toBe(0);
    await createUserRow(t.app, { username: 'stationplain', password: PASSWORD, identities: [1] });
    const plain = await signedIn('stationplain');
    expect((await plain.post(Paths.liststation, { tenantId: acme.tenantId })).body.scode).toBe(Codes.NO_PERMISSION);
  });

  it('pages, filters and sorts in SQL, across tenants or inside one', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await add({
        ...validUser(beta.tenantId, beta.deptId, `page${String(i).padStart(2, '0')}`),
        employeeName: `Name${i}`,
        employeeCode: `C${i}`,
        mobile: `1390000${String(i).padStart(4, '0')}`,
        status: i % 2 ? 0 : 1,
      });
      expect(r.body.result).toBe('1');
    }
    const p1 = await c.post(Paths.listuser, { tenantId: beta.tenantId, page: 1, pageSize: 5, sortField: 'username', sortOrder: 'ascend' });
    expect(p1.body.data).toMatchObject({ page: 1, total: 3, records: 12, lastPage: false });
    expect(p1.body.data.rows.map((r: { username: string }) => r.username)).toEqual(['page00', 'page01', 'page02', 'page03', 'page04']);
    const count = async (q: Record<string, unknown>) => (await c.post(Paths.listuser, { pageSize: 50, ...q })).body.data.records;
    expect(await count({ keyword: 'PAGE1' })).toBe(2);
    expect(await count({ username: 'page0' })).toBe(10);
    expect(await count({ employeeName: 'Name1' })).toBe(3);
    expect(await count({ employeeCode: 'C11' })).toBe(1);
    expect(await count({ mobile: '13900000003' })).toBe(1);
    expect(await count({ tenantId: beta.tenantId, status: 0 })).toBe(6);
    expect(await count({ orgId: beta.deptId })).toBe(12);
    expect(await count({ tenantId: acme.tenantId, username: 'page' })).toBe(0);
    expect(await count({ keyword: '%' })).toBe(0);
    expect(await count({ locked: true })).toBe(0);
    const all = await c.post(Paths.listuser, { pageSize: 100, sortField: 'tenantName', sortOrder: 'descend' });
    const names = all.body.data.rows.map((r: { tenantName: string }) => r.tenantName);
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(all.body.data.rows.map((r: { tenantCode: string }) => r.tenantCode))).toEqual(new Set(['sys', 'acme', 'beta']));
  });

  it('disabling, locking or deleting a user ends their sessions at once', async () => {
    for (const [name, action] of [
      ['gone1', 'status'],
      ['gone2', 'lock'],
      ['gone3', 'delete'],
    ] as const) {
      const id = (await add(validUser(acme.tenantId, acme.deptId, name))).body.data.row.id;
      const u = await signedIn(name);
      expect((await u.post(Paths.renewaltoken, { token: u.token })).body.result).toBe('1');
      const r =
        action === 'status'
          ? await c.post(Paths.statususer, { ids: [id], status: 0 })
          : action === 'lock'
            ? await c.post(Paths.lockuser, { ids: [id], locked: true })
            : await c.post(Paths.deleteuser, { ids: [id] });
      expect(r.body.data.count).toBe(1);
      expect((await u.post(Paths.renewaltoken, { token: u.token })).body.scode).toBe(Codes.TOKEN_INVALID);
      if (action === 'lock') {
        expect((await c.post(Paths.lockuser, { ids: [id], locked: false })).body.result).toBe('1');
        await signedIn(name);
      }
    }
    const [row] = await t.app.database.db.select().from(users).where(eq(users.username, 'gone3'));
    expect(row).toBeUndefined();
  });

  it('never disables, locks or deletes the super manager or the caller, and says why', async () => {
    await createUserRow(t.app, { username: 'admin2', password: PASSWORD, identities: [4] });
    const other = await signedIn('admin2');
    const sm = (await c.post(Paths.listuser, { username: 'admin' })).body.data.rows.find((r: { username: string }) => r.username === 'admin');
    expect(sm.superManager).toBe(true);
    other.language = 'EN_US';
    const victim = (await add(validUser(acme.tenantId, acme.deptId, 'victim'))).body.data.row.id;
    for (const r of [
      await other.post(Paths.statususer, { ids: [victim, sm.id], status: 0 }),
      await other.post(Paths.lockuser, { ids: [sm.id], locked: true }),
      await other.post(Paths.deleteuser, { ids: [victim, sm.id] }),
    ])
      expect(r.body).toMatchObject({ scode: UserCodes.SUPER_MANAGER, msg: 'The super manager "admin" cannot be disabled, locked or deleted' });
    expect((await c.post(Paths.getuser, { id: victim })).body.data.row.status).toBe(1);
    const pw = await other.post(Paths.resetuserpassword, { id: sm.id, password: other.encrypt('N3wPassw0rd') });
    expect(pw.body.scode).toBe(UserCodes.SUPER_MANAGER_PASSWORD);
    const self = await other.post(Paths.lockuser, { ids: [other.userId], locked: true });
    expect(self.body.scode).toBe(UserCodes.SELF);
  });

  it('resets a password (checked against the password rule) so the user signs in with it', async () => {
    const id = (await add(validUser(acme.tenantId, acme.deptId, 'resetme'))).body.data.row.id;
    expect((await c.post(Paths.resetuserpassword, { id, password: c.encrypt('weak') })).body.scode).toBe(Codes.PASSWORD_WEAK);
    expect((await c.post(Paths.resetuserpassword, { id, password: c.encrypt('N3wPassw0rd') })).body.result).toBe('1');
    await signedIn('resetme', 'N3wPassw0rd');
    expect((await c.post(Paths.resetuserpassword, { id: 'nope', password: c.encrypt('N3wPassw0rd') })).body.scode).toBe(UserCodes.NOT_FOUND);
  });

  it('writes audit entries with before and after, without password hashes', async () => {
    const rows = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.edit'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ username: 'admin', entity: 'user' });
    expect((rows[0]!.before as { employeeName: string }).employeeName).toBe('张三');
    expect((rows[0]!.after as { employeeName: string }).employeeName).toBe('Alice');
    const all = await t.app.database.db.select().from(auditLog);
    expect(JSON.stringify(all)).not.toContain('argon2');
  });

  it('answers the same total on every page, a page past the end included (page and total in one statement)', async () => {
    const gamma = await createTenantWithOrgs(t.app, 'gamma');
    for (const name of ['pg-a', 'pg-b', 'pg-c']) expect((await add(validUser(gamma.tenantId, gamma.deptId, name))).body.result).toBe('1');
    const page = (n: number) =>
      c.post(Paths.listuser, { tenantId: gamma.tenantId, keyword: 'pg-', page: n, pageSize: 2, sortField: 'username', sortOrder: 'ascend' });
    const [one, two, past] = [await page(1), await page(2), await page(5)];
    expect(one.body.data).toMatchObject({ records: 3, rows: [{ username: 'pg-a' }, { username: 'pg-b' }] });
    expect(two.body.data).toMatchObject({ records: 3, rows: [{ username: 'pg-c' }] });
    expect(past.body.data).toMatchObject({ records: 3, rows: [] });
    expect(Object.keys(one.body.data.rows[0])).not.toContain('total');
  });
});
