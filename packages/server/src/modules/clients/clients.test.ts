import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ClientCodes, Codes, Paths } from '@mp/protocol';
import { auditLog, oidcClients } from '../../db/schema/index.js';
import { clientsWorld, inApp, validClient, type ClientsWorld } from './clients.fixtures.js';

let w: ClientsWorld;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const stored = async (clientId: string) => (await w.t.app.database.db.select().from(oidcClients).where(eq(oidcClients.clientId, clientId)))[0];
const counts = async () => ({
  clients: (await w.t.app.database.db.select().from(oidcClients)).length,
  audit: (await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entity, 'client'))).length,
});

beforeAll(async () => {
  w = await clientsWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('client access API', () => {
  it('adds, reads, edits, disables, resets the secret of and deletes a client; the secret is answered once and stored only as its SHA-256', async () => {
    const { a, appA } = w;
    const add = await a.post(
      Paths.addclient,
      validClient({ clientId: 'crm-web', description: 'The CRM front end', postLogoutRedirectUris: ['https://crm.example.com/'] }),
      inApp(appA.code),
    );
    expect(add.body.result).toBe('1');
    const { row, clientSecret } = add.body.data;
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({
      clientId: 'crm-web',
      productId: appA.id,
      name: 'CRM web',
      status: 1,
      creator: 'appadmin_a',
      grantTypes: ['authorization_code', 'refresh_token'],
      redirectUris: ['https://crm.example.com/callback'],
      postLogoutRedirectUris: ['https://crm.example.com/'],
    });
    expect(JSON.stringify(row)).not.toMatch(/secret_?hash|clientSecret/i);
    expect((await stored('crm-web'))!.secretHash).toBe(sha256(clientSecret));

    const got = await a.post(Paths.getclient, { clientId: 'crm-web' }, inApp(appA.id));
    expect(got.body.data.row).toEqual(row);
    expect(got.raw.toString()).not.toContain(clientSecret);
    expect(got.raw.toString()).not.toContain(sha256(clientSecret));

    const edit = await a.post(
      Paths.editclient,
      validClient({
        clientId: 'crm-web',
        name: 'CRM',
        redirectUris: ['https://crm.example.com/cb2', 'http://localhost:3000/cb'],
        grantTypes: ['authorization_code'],
      }),
      inApp(appA.code),
    );
    expect(edit.body.data.row).toMatchObject({
      name: 'CRM',
      redirectUris: ['https://crm.example.com/cb2', 'http://localhost:3000/cb'],
      grantTypes: ['authorization_code'],
      status: 1,
      postLogoutRedirectUris: [],
    });
    expect(JSON.stringify(edit.body.data)).not.toMatch(/secret_?hash|clientSecret/i);
    expect((await stored('crm-web'))!.secretHash).toBe(sha256(clientSecret));

    expect((await a.post(Paths.statusclient, { ids: ['crm-web'], status: 0 }, inApp(appA.code))).body.data.count).toBe(1);
    expect((await stored('crm-web'))!.status).toBe(0);

    const reset = await a.post(Paths.resetclientsecret, { clientId: 'crm-web' }, inApp(appA.code));
    const fresh = reset.body.data.clientSecret;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(clientSecret);
    expect((await stored('crm-web'))!.secretHash).toBe(sha256(fresh));
    expect((await a.post(Paths.getclient, { clientId: 'crm-web' }, inApp(appA.code))).raw.toString()).not.toContain(fresh);
    const listed = await a.post(Paths.listclient, { page: 1, pageSize: 10 }, inApp(appA.code));
    expect(listed.raw.toString()).not.toContain(fresh);
    expect(listed.raw.toString()).not.toContain('secretHash');

    const audit = await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'crm-web'));
    expect(audit.map((e) => e.action).sort()).toEqual(['client.add', 'client.disable', 'client.edit', 'client.reset_secret']);
    const auditText = JSON.stringify(audit);
    for (const secret of [clientSecret, fresh]) {
      expect(auditText).not.toContain(secret);
      expect(auditText).not.toContain(sha256(secret));
    }

    expect((await a.post(Paths.deleteclient, { ids: ['crm-web'] }, inApp(appA.code))).body.data.count).toBe(1);
    expect(await stored('crm-web')).toBeUndefined();
    expect((await a.post(Paths.getclient, { clientId: 'crm-web' }, inApp(appA.code))).body.scode).toBe(ClientCodes.NOT_FOUND);
    expect((await w.t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'client.delete'))).length).toBe(1);
  });

  it('generates a client id when none is given; a given id must be letters, digits, - and _, at most 64, unused', async () => {
    const { a, b, appA, appB } = w;
    const gen = await a.post(Paths.addclient, validClient({ clientId: '  ' }), inApp(appA.code));
    expect(gen.body.data.row.clientId).toMatch(/^[0-9a-f]{32}$/);
    a.language = 'EN_US';
    for (const bad of ['has space', 'dot.ted', 'ü-nicode', 'a/b']) {
      const r = await a.post(Paths.addclient, validClient({ clientId: bad }), inApp(appA.code));
      expect(r.body, bad).toMatchObject({ scode: ClientCodes.ID_PATTERN, msg: 'The client ID must consist of letters, numbers, hyphens and underscores' });
    }
    expect((await a.post(Paths.addclient, validClient({ clientId: 'x'.repeat(65) }), inApp(appA.code))).status).toBe(400);
    expect((await a.post(Paths.addclient, validClient({ clientId: `A_${'x'.repeat(60)}-9` }), inApp(appA.code))).body.result).toBe('1');
    expect((await a.post(Paths.addclient, validClient({ clientId: 'shared-id' }), inApp(appA.code))).body.result).toBe('1');
    // Client ids are unique across apps: the provider finds a client by its id alone.
    const dup = await b.post(Paths.addclient, validClient({ clientId: 'shared-id' }), inApp(appB.code));
    expect(dup.body.scode).toBe(ClientCodes.ID_IN_USE);
    a.language = 'ZH_CN';
  });

  it('requires a name of at most 50 characters and refuses script tags, writing nothing', async () => {
    const { a, appA } = w;
    const before = await counts();
    a.language = 'EN_US';
    const r = await a.post(Paths.addclient, validClient({ name: '   ' }), inApp(appA.code));
    expect(r.body).toMatchObject({ result: '0', scode: Codes.REQUIRED, msg: 'Please enter name' });
    expect((await a.post(Paths.addclient, validClient({ name: 'n'.repeat(51) }), inApp(appA.code))).status).toBe(400);
    expect((await a.post(Paths.addclient, validClient({ description: '<script>x</script>' }), inApp(appA.code))).body.scode).toBe(Codes.SCRIPT_TAG);
    a.language = 'ZH_CN';
    expect(await counts()).toEqual(before);
    expect((await a.post(Paths.addclient, validClient({ name: 'n'.repeat(50) }), inApp(appA.code))).body.result).toBe('1');
  });

  it('accepts only absolute http(s) redirect URIs without fragment, https except on localhost, at most 10 of at most 500 characters, de-duplicated', async () => {
    const { a, appA } = w;
    const before = await counts();
    const cases: [string[], string][] = [
      [['not a url'], ClientCodes.URI_INVALID],
      [['/relative/callback'], ClientCodes.URI_INVALID],
      [['ftp://crm.example.com/cb'], ClientCodes.URI_INVALID],
      [['javascript:alert(1)'], ClientCodes.URI_INVALID],
      [['https://user:pw@crm.example.com/cb'], ClientCodes.URI_INVALID],
      [['https://crm.example.com/cb#frag'], ClientCodes.URI_FRAGMENT],
      [['http://crm.example.com/cb'], ClientCodes.URI_HTTPS_REQUIRED],
      [['http://localhost.evil.com/cb'], ClientCodes.URI_HTTPS_REQUIRED],
      [[`https://crm.example.com/${'p'.repeat(501 - 24)}`], ClientCodes.URI_TOO_LONG],
      [Array.from({ length: 11 }, (_, i) => `https://crm.example.com/cb${i}`), ClientCodes.URIS_TOO_MANY],
      [[], ClientCodes.REDIRECT_URI_REQUIRED],
    ];
    a.language = 'EN_US';
    for (const [redirectUris, scode] of cases) {
      const r = await a.post(Paths.addclient, validClient({ redirectUris }), inApp(appA.code));
      expect(r.body.scode, redirectUris.join(' ')).toBe(scode);
      if (!redirectUris.length) continue;
      const e = await a.post(Paths.addclient, validClient({ postLogoutRedirectUris: redirectUris }), inApp(appA.code));
      expect(e.body.scode, `post-logout ${redirectUris.join(' ')}`).toBe(scode);
    }
    expect((await a.post(Paths.addclient, validClient({ redirectUris: ['http://crm.example.com/cb'] }), inApp(appA.code))).body.msg).toBe(
      'The redirect URI "http://crm.example.com/cb" must use https (http is allowed only for localhost and 127.0.0.1)',
    );
    a.language = 'ZH_CN';
    expect(await counts()).toEqual(before);

    const exact500 = `https://crm.example.com/${'p'.repeat(500 - 24)}`;
    const ok = await a.post(
      Paths.addclient,
      validClient({
        redirectUris: [' https://crm.example.com/cb ', 'https://crm.example.com/cb', 'http://localhost:8080/cb', 'http://127.0.0.1/cb?x=1', exact500, ''],
      }),
      inApp(appA.code),
    );
    expect(ok.body.data.row.redirectUris).toEqual(['https://crm.example.com/cb', 'http://localhost:8080/cb', 'http://127.0.0.1/cb?x=1', exact500]);
    const ten = await a.post(
      Paths.addclient,
      validClient({ redirectUris: Array.from({ length: 12 }, (_, i) => `https://crm.example.com/cb${i % 10}`) }),
      inApp(appA.code),
    );
    expect(ten.body.data.row.redirectUris).toHaveLength(10);
  });

  it('checks grant types: at least one, those the provider serves, refresh token only with the authorization code', async () => {
    const { a, appA } = w;
    const before = await counts();
    const cases: [string[], string][] = [
      [[], ClientCodes.GRANT_TYPE_REQUIRED],
      [['password'], ClientCodes.GRANT_TYPE_INVALID],
      [['authorization_code', 'implicit'], ClientCodes.GRANT_TYPE_INVALID],
      [['implicit'], ClientCodes.GRANT_TYPE_INVALID],
      [['refresh_token'], ClientCodes.REFRESH_NEEDS_CODE],
    ];
    for (const [grantTypes, scode] of cases) {
      expect((await a.post(Paths.addclient, validClient({ grantTypes }), inApp(appA.code))).body.scode, grantTypes.join()).toBe(scode);
    }
    expect(await counts()).toEqual(before);
    const codeOnly = await a.post(Paths.addclient, validClient({ grantTypes: ['authorization_code', 'authorization_code'] }), inApp(appA.code));
    expect(codeOnly.body.data.row.grantTypes).toEqual(['authorization_code']);
    const all = await a.post(Paths.addclient, validClient({ grantTypes: ['refresh_token', 'authorization_code'] }), inApp(appA.code));
    expect(all.body.data.row.grantTypes).toEqual(['authorization_code', 'refresh_token']);
    // Edits are checked by the same rules, and a failed edit changes nothing.
    const id = all.body.data.row.clientId;
    expect((await a.post(Paths.editclient, validClient({ clientId: id, grantTypes: ['refresh_token'] }), inApp(appA.code))).body.scode).toBe(
      ClientCodes.REFRESH_NEEDS_CODE,
    );
    expect((await a.post(Paths.editclient, validClient({ clientId: id, redirectUris: ['http://x.example.com/'] }), inApp(appA.code))).body.scode).toBe(
      ClientCodes.URI_HTTPS_REQUIRED,
    );
    expect((await a.post(Paths.getclient, { clientId: id }, inApp(appA.code))).body.data.row).toEqual(all.body.data.row);
  });

  it('offers client_credentials to confidential clients only; such a client needs no redirect URI', async () => {
    const { a, appA } = w;
    const backend = await a.post(Paths.addclient, validClient({ grantTypes: ['client_credentials'], redirectUris: [] }), inApp(appA.code));
    expect(backend.body.data.row.grantTypes).toEqual(['client_credentials']);
    expect(backend.body.data.clientSecret).toEqual(expect.any(String));
    const before = await counts();
    const pub = await a.post(
      Paths.addclient,
      validClient({ tokenEndpointAuthMethod: 'none', grantTypes: ['authorization_code', 'client_credentials'] }),
      inApp(appA.code),
    );
    expect(pub.body.scode).toBe(ClientCodes.CREDENTIALS_NEED_SECRET);
    expect(await counts()).toEqual(before);
    const spa = await a.post(Paths.addclient, validClient({ tokenEndpointAuthMethod: 'none', grantTypes: ['authorization_code'] }), inApp(appA.code));
    const edit = await a.post(
      Paths.editclient,
      validClient({ clientId: spa.body.data.row.clientId, grantTypes: ['authorization_code', 'client_credentials'] }),
      inApp(appA.code),
    );
    expect(edit.body.scode).toBe(ClientCodes.CREDENTIALS_NEED_SECRET);
  });
});

describe('client types (issue 12 §3 public clients)', () => {
  it('a public client (tokenEndpointAuthMethod none) gets no secret, keeps its type on edit, and has no secret to reset', async () => {
    const { a, appA } = w;
    a.language = 'EN_US';
    const add = await a.post(Paths.addclient, validClient({ clientId: 'crm-spa', tokenEndpointAuthMethod: 'none' }), inApp(appA.code));
    expect(add.body.result).toBe('1');
    expect(add.body.data.clientSecret).toBeNull();
    expect(add.body.data.row).toMatchObject({ clientId: 'crm-spa', tokenEndpointAuthMethod: 'none' });
    expect(await stored('crm-spa')).toMatchObject({ secretHash: null, tokenEndpointAuthMethod: 'none' });

    const edit = await a.post(
      Paths.editclient,
      validClient({ clientId: 'crm-spa', name: 'CRM SPA', tokenEndpointAuthMethod: 'client_secret_basic' }),
      inApp(appA.code),
    );
    expect(edit.body.data.row).toMatchObject({ name: 'CRM SPA', tokenEndpointAuthMethod: 'none' });
    expect((await stored('crm-spa'))!.secretHash).toBeNull();

    const before = await counts();
    const reset = await a.post(Paths.resetclientsecret, { clientId: 'crm-spa' }, inApp(appA.code));
    expect(reset.body).toMatchObject({
      result: '0',
      scode: ClientCodes.PUBLIC_NO_SECRET,
      msg: 'A public client has no secret, so there is no secret to reset',
    });
    expect(await counts()).toEqual(before);
    expect((await stored('crm-spa'))!.secretHash).toBeNull();
  });

  it('a confidential client is the default and says so; an unknown client type is refused with 400 and writes nothing', async () => {
    const { a, appA } = w;
    const add = await a.post(Paths.addclient, validClient({ clientId: 'crm-server' }), inApp(appA.code));
    expect(add.body.data.row.tokenEndpointAuthMethod).toBe('client_secret_basic');
    expect(add.body.data.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const before = await counts();
    for (const bad of ['client_secret_jwt', 'private_key_jwt', 'client_secret_post', '']) {
      const r = await a.post(Paths.addclient, validClient({ clientId: `bad-${bad || 'empty'}`, tokenEndpointAuthMethod: bad }), inApp(appA.code));
      expect(r.status, bad).toBe(400);
      expect(r.body.result).toBe('0');
    }
    expect(await counts()).toEqual(before);
  });
});
