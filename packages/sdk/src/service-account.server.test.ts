/**
 * `signInWithServiceAccount` against the REAL gateway over HTTP (in-process server on PGlite, 127.0.0.1;
 * docs/service-accounts.md): a tenant administrator creates a service account, a script signs in with its key
 * id and secret and lists the tenant's users within its role's grants, asks for a new token instead of
 * renewing, and is refused once the account is disabled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths, ServiceAccountCodes, ServiceAccountPaths, type Paged, type UserRow } from '@mp/protocol';
import { addInTenant, saWorld, type SaWorld } from '../../server/src/modules/serviceaccounts/serviceaccounts.fixtures.js';
import { MpApiError, MpClient } from './index.js';

let s: SaWorld;
let baseUrl: string;
beforeAll(async () => {
  s = await saWorld('sdk');
  await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(s.t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await s?.t.close();
});

describe('MpClient.signInWithServiceAccount', () => {
  it("signs in with the key id and secret, calls within the role's grants, asks again instead of renewing, and stops when disabled", async () => {
    const { row, secret } = await addInTenant(s.nora, { name: 'SDK script', roleIds: [s.eastRole] });
    const calls: string[] = [];
    const mp = new MpClient({
      baseUrl,
      language: 'EN_US',
      tenantId: s.w.acme.tenantId,
      fetch: (url, init) => {
        calls.push(new URL(String(url)).pathname);
        return fetch(url, init);
      },
    });
    const token = await mp.signInWithServiceAccount({ keyId: row.keyId, secret });
    expect(token.userId).toBe(row.id);
    expect(mp.token).toMatch(/^[0-9a-f]{64}$/);
    const users = await mp.post<Paged<UserRow>>(Paths.listtenantuser, { pageSize: 50 });
    expect(users.rows.map((u) => u.username).sort()).toEqual(['rita', 'u-east', 'u-esales']);
    await expect(mp.post(Paths.deletetenantuser, { ids: [row.id] })).rejects.toMatchObject({ scode: Codes.NO_PERMISSION });

    // near its end the client asks for a new token (renewaltoken refuses service sessions)
    const first = mp.token;
    mp.expiresAt = Date.now() + 1000;
    calls.length = 0;
    await mp.post(Paths.listtenantuser, { pageSize: 1 });
    expect(calls).toEqual([ServiceAccountPaths.serviceaccounttoken, Paths.listtenantuser]);
    expect(mp.token).not.toBe(first);
    await expect(mp.post(Paths.renewaltoken, { token: mp.token }, {}, false)).rejects.toMatchObject({ scode: ServiceAccountCodes.NO_RENEWAL });

    expect((await s.nora.post(ServiceAccountPaths.statustenantserviceaccount, { id: row.id, status: 0 })).body.result).toBe('1');
    const err = await mp.post(Paths.listtenantuser, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MpApiError);
    expect(err).toMatchObject({ scode: Codes.TOKEN_INVALID });
    await expect(mp.signInWithServiceAccount({ keyId: row.keyId, secret })).rejects.toMatchObject({
      scode: ServiceAccountCodes.DISABLED,
      message: expect.stringContaining('The service account is disabled'),
    });
    await expect(new MpClient({ baseUrl }).signInWithServiceAccount({ keyId: row.keyId, secret: 'f'.repeat(64) })).rejects.toMatchObject({
      scode: ServiceAccountCodes.CREDENTIAL_INVALID,
    });
  });
});
