import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, CodeTypes, DEFAULT_PASSWORD_RULE, LOGIN_CONFIG_DEFAULTS, Paths, SysconfigCodes } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, organisations } from '../../db/schema/index.js';
import { publicLoginConfig } from '../settings/settings.service.js';

let t: Awaited<ReturnType<typeof testApp>>;
let admin: GatewayClient;
let plain: GatewayClient;

const rule = (codeVal: string, extra: object[] = []) => [{ codeType: 1, codeKey: 'passwordReg', codeVal, description: 'rule' }, ...extra];

beforeAll(async () => {
  t = await testApp();
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await createUserRow(t.app, { username: 'plain', password: 'Passw0rd!x', identities: [1] });
  plain = await t.client();
  await plain.signIn('plain', 'Passw0rd!x');
});
afterAll(async () => {
  await t.close();
});

async function auditCount(action: string) {
  const rows = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, action)));
  return rows.length;
}

describe('code table (savecodetablelist, querycodetablelist)', () => {
  it('saves the password rule, verification and system-setting entries; modify-password applies the new rule at once', async () => {
    const body = rule('^\\d{6,}$', [
      { codeType: 5, codeKey: 'mobile', codeVal: '^1\\d{10}$', description: 'mobile' },
      { codeType: 4, codeKey: 'copyright', codeVal: '© ACME', sort: 3 },
    ]);
    const r = await admin.post(Paths.savecodetablelist, body);
    expect(r.body.result).toBe('1');
    expect(r.body.data.rows).toEqual([
      { codeType: 1, codeKey: 'passwordReg', codeVal: '^\\d{6,}$', sort: 0, description: 'rule' },
      { codeType: 4, codeKey: 'copyright', codeVal: '© ACME', sort: 3, description: '' },
      { codeType: 5, codeKey: 'mobile', codeVal: '^1\\d{10}$', sort: 1, description: 'mobile' },
    ]);
    const q = await plain.post(Paths.querycodetablelist, [1]);
    expect(q.body.data.row[0]).toMatchObject({ codeType: 1, codeVal: '^\\d{6,}$' });
    await expect((await t.client()).init().then((c) => c.config.rows.passwordReg)).resolves.toBe('^\\d{6,}$');
    // The new rule refuses letters and accepts six digits (SPEC §5 Password strength).
    const weak = await plain.post(Paths.modifyPassword, {
      oldPassword: plain.encrypt('Passw0rd!x'),
      newPassword: plain.encrypt('Passw0rd!y'),
      confirmPassword: plain.encrypt('Passw0rd!y'),
    });
    expect(weak.body.scode).toBe(Codes.PASSWORD_WEAK);
    const good = await plain.post(Paths.modifyPassword, {
      oldPassword: plain.encrypt('Passw0rd!x'),
      newPassword: plain.encrypt('123456'),
      confirmPassword: plain.encrypt('123456'),
    });
    expect(good.body.result).toBe('1');
    expect(await auditCount('sysconfig.codetable.save')).toBe(1);
  });

  it('removes entries left out of the list, but never the organisation types', async () => {
    const r = await admin.post(Paths.savecodetablelist, rule(DEFAULT_PASSWORD_RULE));
    expect(r.body.data.rows).toHaveLength(1);
    const types = await admin.get(Paths.queryorgtypeconfiglist);
    expect(types.body.data.rows).toHaveLength(7);
  });

  it('refuses a broken regular expression, a duplicate key, a foreign type, a missing rule and bad keys, changing nothing', async () => {
    admin.language = 'EN_US';
    const cases: [unknown, string, string?][] = [
      [rule('([a-z'), SysconfigCodes.REGEX_INVALID, 'The value of "passwordReg" is not a valid regular expression'],
      [rule('^x$', [{ codeType: 5, codeKey: 'v', codeVal: '(' }]), SysconfigCodes.REGEX_INVALID],
      [
        rule('^x$', [
          { codeType: 4, codeKey: 'a', codeVal: '1' },
          { codeType: 4, codeKey: 'a', codeVal: '2' },
        ]),
        SysconfigCodes.CODE_KEY_DUPLICATE,
      ],
      [rule('^x$', [{ codeType: CodeTypes.ORG_TYPE, codeKey: '7', codeVal: 'x' }]), SysconfigCodes.CODE_TYPE_NOT_EDITABLE],
      [[{ codeType: 4, codeKey: 'a', codeVal: '1' }], SysconfigCodes.PASSWORD_RULE_REQUIRED, 'The code table must keep the password rule (type 1)'],
      [rule('^x$', [{ codeType: 4, codeKey: 'bad key!', codeVal: '1' }]), Codes.PATTERN, 'key is not in a valid format'],
      [rule('   '), Codes.REQUIRED, 'Please enter value'],
      [rule('x'.repeat(201)), Codes.TOO_LONG],
      [rule('^x$', [{ codeType: 4, codeKey: 'a', codeVal: '<script>alert(1)</script>' }]), Codes.SCRIPT_TAG],
    ];
    for (const [body, scode, msg] of cases) {
      const r = await admin.post(Paths.savecodetablelist, body);
      expect(r.body.scode, JSON.stringify(body)).toBe(scode);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await admin.post(Paths.savecodetablelist, [])).status).toBe(400);
    admin.language = 'ZH_CN';
    const q = await admin.post(Paths.querycodetablelist, [1, 4, 5]);
    expect(q.body.data.row.map((e: { codeVal: string }) => e.codeVal)).toEqual([DEFAULT_PASSWORD_RULE]);
  });
});

describe('login configuration (getloginconfig, saveloginconfig, startup configuration)', () => {
  it('answers the layers: code defaults, public config (the environment), system config', async () => {
    const r = await admin.get(Paths.getloginconfig);
    expect(r.body.data.layers.defaults).toEqual(LOGIN_CONFIG_DEFAULTS);
    expect(r.body.data.layers.public).toEqual({ verifyCodeType: '0' });
    expect(r.body.data.layers.system).toEqual({});
    expect(r.body.data.row).toMatchObject({ verifyCodeType: '0', loginFormPosition: 'right', multiLanguage: true });
    expect(r.body.data.sources).toMatchObject({ verifyCodeType: 'public', loginFormPosition: 'default' });
  });

  it('saves the system layer; the startup configuration shows it at once and sign-in asks for the captcha', async () => {
    const body = {
      verifyCodeType: '1',
      loginFormPosition: 'center',
      forcePasswordChange: true,
      showTenantName: true,
      mourningMode: true,
      progressBar: false,
      noticeManagement: true,
      bambooCloud: true,
      menuCollapsed: true,
      multiLanguage: false,
      systemName: '  ACME IAM ',
    };
    const r = await admin.post(Paths.saveloginconfig, body);
    expect(r.body.result).toBe('1');
    expect(r.body.data.layers.system).toMatchObject({ ...body, systemName: 'ACME IAM' });
    expect(r.body.data.sources.verifyCodeType).toBe('system');
    const fresh = await t.client();
    expect(fresh.config.rows).toMatchObject({ ...body, systemName: 'ACME IAM', passwordReg: DEFAULT_PASSWORD_RULE });
    await createUserRow(t.app, { username: 'captcha', password: 'Passw0rd!x' });
    await expect(fresh.signIn('captcha', 'Passw0rd!x')).rejects.toThrow(Codes.CAPTCHA_REQUIRED);
    // An empty body restores every inherited value.
    const reset = await admin.post(Paths.saveloginconfig, {});
    expect(reset.body.data.row).toMatchObject({ verifyCodeType: '0', loginFormPosition: 'right', systemName: 'MP3.0' });
    expect((await t.client()).config.rows.verifyCodeType).toBe('0');
    expect(await auditCount('sysconfig.login.save')).toBe(2);
  });

  it('refuses bad values with nothing changed', async () => {
    expect((await admin.post(Paths.saveloginconfig, { verifyCodeType: '3' })).status).toBe(400);
    expect((await admin.post(Paths.saveloginconfig, { loginFormPosition: 'top' })).status).toBe(400);
    expect((await admin.post(Paths.saveloginconfig, { systemName: ' ' })).body.scode).toBe(Codes.REQUIRED);
    expect((await admin.post(Paths.saveloginconfig, { systemName: 'x'.repeat(51) })).body.scode).toBe(Codes.TOO_LONG);
    expect((await admin.get(Paths.getloginconfig)).body.data.layers.system).toEqual({});
  });

  it('reads the public layer from MP_LOGIN_CONFIG, ignoring unknown keys and wrong types', () => {
    const ignored: string[] = [];
    const layer = publicLoginConfig(
      '2',
      '{"systemName":"Corp","mourningMode":true,"passwordReg":"x","nope":1,"progressBar":"yes","loginFormPosition":"top"}',
      (k) => ignored.push(k),
    );
    expect(layer).toEqual({ verifyCodeType: '2', systemName: 'Corp', mourningMode: true });
    expect(ignored).toEqual(['passwordReg', 'nope', 'progressBar', 'loginFormPosition']);
    expect(publicLoginConfig('1', 'not json', (k) => ignored.push(k))).toEqual({ verifyCodeType: '1' });
  });
});

describe('organisation types and categories', () => {
  it('answers the seven organisation types in the request language', async () => {
    admin.language = 'EN_US';
    const r = await admin.get(Paths.queryorgtypeconfiglist);
    admin.language = 'ZH_CN';
    expect(r.body.data.rows).toEqual([
      { codeKey: 0, codeVal: 'None' },
      { codeKey: 1, codeVal: 'Group' },
      { codeKey: 2, codeVal: 'Company' },
      { codeKey: 3, codeVal: 'Department' },
      { codeKey: 4, codeVal: 'Sub-department' },
      { codeKey: 5, codeVal: 'Field' },
      { codeKey: 6, codeVal: 'Franchise store' },
    ]);
  });

  it('adds, renames, lists per tenant and deletes categories', async () => {
    const tenantId = await createTenantRow(t.app, 'cat01');
    const other = await createTenantRow(t.app, 'cat02');
    const add = await admin.post(Paths.saveorgcateconfig, { tenantId, codeKey: 2, codeVal: 'Franchise network' });
    expect(add.body.data.rows.map((r: { codeKey: number }) => r.codeKey)).toEqual([0, 2]);
    await admin.post(Paths.saveorgcateconfig, { tenantId, codeKey: 1, codeVal: 'Administrative' });
    await admin.post(Paths.saveorgcateconfig, { tenantId, codeKey: 2, codeVal: 'Partners' });
    await admin.post(Paths.saveorgcateconfig, { tenantId: other, codeKey: 1, codeVal: 'Other tenant' });
    const list = await admin.get(`${Paths.queryorgcateconfiglist}?tenantId=${tenantId}`);
    expect(list.body.data.rows).toEqual([
      { codeKey: 0, codeVal: '主组织树', builtIn: true },
      { codeKey: 1, codeVal: 'Administrative' },
      { codeKey: 2, codeVal: 'Partners' },
    ]);
    const del = await admin.post(Paths.delorgcateconfig, { tenantId, codeKey: 2 });
    expect(del.body.data.rows.map((r: { codeKey: number }) => r.codeKey)).toEqual([0, 1]);
    expect((await admin.get(`${Paths.queryorgcateconfiglist}?tenantId=${other}`)).body.data.rows).toHaveLength(2);
  });

  it('refuses the main tree, out-of-range keys, duplicate names, unknown tenants and categories in use', async () => {
    const tenantId = await createTenantRow(t.app, 'cat03');
    await admin.post(Paths.saveorgcateconfig, { tenantId, codeKey: 1, codeVal: 'Sales' });
    admin.language = 'EN_US';
    const cases: [string, unknown, string, string?][] = [
      [Paths.saveorgcateconfig, { tenantId, codeKey: 0, codeVal: 'Main' }, SysconfigCodes.ORG_CATEGORY_MAIN],
      [Paths.delorgcateconfig, { tenantId, codeKey: 0 }, SysconfigCodes.ORG_CATEGORY_MAIN],
      [Paths.saveorgcateconfig, { tenantId, codeKey: 10000, codeVal: 'Big' }, Codes.BODY_INVALID, 'Invalid request parameters: codeKey must be <= 9999'],
      [Paths.saveorgcateconfig, { tenantId, codeKey: 2, codeVal: 'sales' }, SysconfigCodes.ORG_CATEGORY_NAME_IN_USE],
      [Paths.saveorgcateconfig, { tenantId, codeKey: 2, codeVal: '' }, Codes.REQUIRED, 'Please enter category name'],
      [Paths.saveorgcateconfig, { tenantId: 'nope', codeKey: 2, codeVal: 'X' }, Codes.TENANT_NOT_FOUND],
      [Paths.delorgcateconfig, { tenantId, codeKey: 5 }, SysconfigCodes.ORG_CATEGORY_NOT_FOUND],
      [Paths.delorgcateconfig, { tenantId, codeKey: 1, codeVal: 'Not its name' }, SysconfigCodes.ORG_CATEGORY_NOT_FOUND],
    ];
    for (const [path, body, scode, msg] of cases) {
      const r = await admin.post(path, body);
      expect(r.body.scode, JSON.stringify(body)).toBe(scode);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.insert(organisations).values({ id: 'org-cat-1', tenantId, code: 'S1', name: 'Sales 1', category: 1 }),
    );
    const inUse = await admin.post(Paths.delorgcateconfig, { tenantId, codeKey: 1, codeVal: 'Sales' });
    expect(inUse.body).toMatchObject({ scode: SysconfigCodes.ORG_CATEGORY_IN_USE, msg: '1 organisations still belong to this category; it cannot be deleted' });
    admin.language = 'ZH_CN';
    const list = await admin.get(`${Paths.queryorgcateconfiglist}?tenantId=${tenantId}`);
    expect(list.body.data.rows).toEqual([
      { codeKey: 0, codeVal: '主组织树', builtIn: true },
      { codeKey: 1, codeVal: 'Sales' },
    ]);
  });
});

describe('access', () => {
  it('refuses every configuration call to a user who is not a platform administrator (10009029001)', async () => {
    const posts: [string, unknown][] = [
      [Paths.savecodetablelist, rule('^x$')],
      [Paths.saveloginconfig, {}],
      [Paths.saveorgcateconfig, { codeKey: 1, codeVal: 'x' }],
      [Paths.delorgcateconfig, { codeKey: 1 }],
      [Paths.savemailconfiglist, []],
      [Paths.saveldapconfiglist, []],
      [Paths.savesmsconfiglist, []],
      [Paths.savewxconfiglist, []],
      [Paths.sendtestmail, { id: 'x', to: 'a@b.cn' }],
      [Paths.testldapconnection, { id: 'x' }],
    ];
    for (const [path, body] of posts) expect((await plain.post(path, body)).body.scode, path).toBe(Codes.NO_PERMISSION);
    for (const path of [
      Paths.queryorgtypeconfiglist,
      Paths.queryorgcateconfiglist,
      Paths.querymailconfiglist,
      Paths.queryldapconfiglist,
      Paths.querysmsconfiglist,
      Paths.querywxconfiglist,
    ]) {
      expect((await plain.get(path)).body.scode, path).toBe(Codes.NO_PERMISSION);
    }
    // The login configuration itself is public, as the startup configuration is.
    expect((await plain.get(Paths.getloginconfig)).body.result).toBe('1');
  });
});
