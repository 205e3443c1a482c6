/**
 * The SDK against the REAL gateway over HTTP (the in-process server of testing/test-app.ts on PGlite,
 * listening on 127.0.0.1): sign-in, signed typed lists, a new user with an encrypted password who then
 * signs in, a body sent encrypted, renewal and sign-out, refusals as MpApiError (a wrong signature, a
 * call without permission, a schema failure), and the same with SHA-512/AES (cryptoType '1'). Its
 * crypto, done with Node's OpenSSL, agrees with the protocol package's portable one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, computeSignature, encryptValue as protocolEncrypt, Paths, type Paged, type UserRow } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../server/src/testing/test-app.js';
import { createTenantWithOrgs, validUser } from '../../server/src/modules/users/users.testing.js';
import { settings } from '../../server/src/db/schema/index.js';
import { encryptValue, MpApiError, MpClient, protocolHash } from './index.js';

let t: Awaited<ReturnType<typeof testApp>>;
let baseUrl: string;
beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
});

const client = (o: Partial<ConstructorParameters<typeof MpClient>[0]> = {}) => new MpClient({ baseUrl, language: 'EN_US', ...o });

describe('crypto', () => {
  it('agrees with the protocol package for both crypto types', () => {
    const mpk = '0123456789abcdef0123456789abcdef';
    for (const type of ['1', '2'] as const) {
      const input = {
        clientId: 'mp-sdk',
        timestamp: '1700000000000',
        token: 'tok',
        nonce: 'n'.repeat(32),
        signRange: '2' as const,
        userId: 'u',
        body: '{"名":"值"}',
      };
      expect(protocolHash(input.clientId + input.timestamp + input.token + input.nonce + input.signRange + input.userId + input.body, type)).toBe(
        computeSignature(input, type),
      );
      expect(encryptValue('Pässword-1', mpk, type)).toBe(protocolEncrypt('Pässword-1', mpk, type));
    }
  });
});

describe('MpClient against the gateway', () => {
  let admin: MpClient;
  beforeAll(() => {
    admin = client();
  });

  it('signs in and lists with typed, signed calls', async () => {
    const info = await admin.signIn({ username: 'admin', password: ADMIN_PASSWORD });
    expect(info.userName).toBe('admin');
    expect(admin.token).toMatch(/^[0-9a-f]{64}$/);
    expect(admin.expiresAt).toBeGreaterThan(Date.now());
    const tenants = await admin.tenants.list({ pageSize: 5 });
    expect(tenants.rows.map((r) => r.code)).toContain('sys');
    expect((await admin.products.list()).records).toBeGreaterThanOrEqual(0);
    expect((await admin.roles.list({ tenantId: 'sys' })).rows).toBeInstanceOf(Array);
    const users = await admin.users.list({ keyword: 'admin' });
    expect(users.rows.map((u) => u.username)).toContain('admin');
  });

  it('adds and edits a user with the password encrypted; the user signs in with it', async () => {
    const acme = await createTenantWithOrgs(t.app, 'sdkco');
    const added = await admin.users.add({ ...validUser(acme.tenantId, acme.deptId, 'sdkuser'), password: 'Sdk@2026xy' });
    expect(added.username).toBe('sdkuser');
    const edited = await admin.users.edit({ ...validUser(acme.tenantId, acme.deptId, 'sdkuser'), id: added.id, employeeName: 'SDK', password: 'Sdk@2027xy' });
    expect(edited.employeeName).toBe('SDK');
    const user = client();
    await expect(user.signIn({ username: 'sdkuser', password: 'Sdk@2026xy' })).rejects.toBeInstanceOf(MpApiError);
    const info = await user.signIn({ username: 'sdkuser', password: 'Sdk@2027xy' });
    expect(info.userId).toBe(added.id);
  });

  it('sends a body encrypted (reuestParas) and the server reads it', async () => {
    const plain = await admin.users.list({ keyword: 'admin', pageSize: 1 });
    const wrapped = await admin.post<Paged<UserRow>>(Paths.listuser, { keyword: 'admin', pageSize: 1 }, { encrypt: true });
    expect(wrapped.rows.map((r) => r.id)).toEqual(plain.rows.map((r) => r.id));
    // the wire carries only the ciphertext
    let sent = '';
    const spy = client({
      fetch: (url, init) => {
        sent = String(init?.body ?? '');
        return fetch(url, init);
      },
    });
    await spy.post(Paths.signin, { username: 'nobody', password: 'x', agree: true }, { encrypt: true }).catch(() => undefined);
    expect(sent).toMatch(/^\{"reuestParas":"[A-Za-z0-9+/=]+"\}$/);
  });

  it('refuses a wrong signature with 401 protocol.signature_invalid, as MpApiError', async () => {
    const forged = client({
      fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-signature': '0'.repeat(64) } }),
    });
    const err = await forged.post(Paths.listtenant, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MpApiError);
    expect(err).toMatchObject({ status: 401, scode: Codes.SIGNATURE_INVALID });
    expect((err as MpApiError).message).toMatch(/signature/i);
  });

  it('turns business refusals and schema failures into MpApiError with scode and message', async () => {
    await createUserRow(t.app, { username: 'sdk.plain', password: 'Plain@2026x' });
    const plain = client();
    await plain.signIn({ username: 'sdk.plain', password: 'Plain@2026x' });
    await expect(plain.tenants.list()).rejects.toMatchObject({ status: 200, scode: Codes.NO_PERMISSION });
    const bad = (await admin.post(Paths.listuser, { pageSize: 'many' }).catch((e: unknown) => e)) as MpApiError;
    expect(bad).toMatchObject({ status: 400, scode: Codes.BODY_INVALID });
    expect(JSON.stringify(bad.data)).toContain('pageSize');
  });

  it('renews and signs out; the ended session is refused', async () => {
    const c = client({ renewBeforeMs: 0 });
    await c.signIn({ username: 'sdk.plain', password: 'Plain@2026x' });
    const before = c.expiresAt;
    await new Promise((r) => setTimeout(r, 5));
    expect(await c.renew()).toBeGreaterThan(before);
    const { token, userId } = c;
    await c.signOut();
    expect(c.token).toBe('');
    Object.assign(c, { token, userId }); // the old session again: the server has ended it
    await expect(c.post(Paths.renewaltoken, { token })).rejects.toMatchObject({ scode: Codes.TOKEN_INVALID });
  });

  it('takes over a live session by its token (tokenlogin signed without the user id)', async () => {
    const first = client();
    const signedIn = await first.signIn({ username: 'sdk.plain', password: 'Plain@2026x' });
    const second = client();
    const info = await second.tokenLogin('sdk.plain', first.token);
    expect(info.userId).toBe(signedIn.userId);
    expect(second.userId).toBe(signedIn.userId);
    await expect(second.post(Paths.renewaltoken, { token: first.token })).resolves.toMatchObject({ row: { token: first.token } });
    await expect(client().tokenLogin('sdk.plain', 'f'.repeat(64))).rejects.toBeInstanceOf(MpApiError);
  });

  it('renews by itself when the session is about to expire', async () => {
    const c = client({ renewBeforeMs: 10 * 60_000 });
    await c.signIn({ username: 'admin', password: ADMIN_PASSWORD });
    const calls: string[] = [];
    const watched = new MpClient({
      baseUrl,
      renewBeforeMs: 200 * 60_000,
      fetch: (url, init) => {
        calls.push(String(url));
        return fetch(url, init);
      },
    });
    Object.assign(watched, { token: c.token, userId: c.userId, expiresAt: c.expiresAt });
    await watched.tenants.list();
    expect(calls.map((u) => new URL(u).pathname)).toEqual([Paths.config, Paths.renewaltoken, Paths.listtenant]);
  });
});

describe('MpClient with SHA-512 and AES (cryptoType 1)', () => {
  it('signs, encrypts and signs in', async () => {
    await t.app.database.db.update(settings).set({ value: '1' }).where(eq(settings.key, 'cryptoType'));
    t.app.settings.invalidate();
    try {
      const c = client();
      expect((await c.config()).cryptoType).toBe('1');
      await c.signIn({ username: 'admin', password: ADMIN_PASSWORD });
      expect((await c.post<Paged<UserRow>>(Paths.listuser, { pageSize: 1 }, { encrypt: true })).rows).toHaveLength(1);
    } finally {
      await t.app.database.db.update(settings).set({ value: '2' }).where(eq(settings.key, 'cryptoType'));
      t.app.settings.invalidate();
    }
  });
});
