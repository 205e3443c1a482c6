import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { Codes, Paths, SysconfigCodes } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { integrationConfigs } from '../../db/schema/index.js';
import { decryptSecret, encryptSecret } from './secrets.js';
import { loadFirstEnabledConfig } from './integration.service.js';
import { startLdapStub, type LdapStub } from './ldap-stub.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;

/** A received mail: envelope and raw message text. */
interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
  pass?: string;
}
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
let ldap: LdapStub;

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'smtp-Secret-1') return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        received.push({
          from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
  ldap = await startLdapStub({ bindDn: 'cn=admin,dc=example,dc=org', password: 'ldap-Secret-1', baseDn: 'dc=example,dc=org' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ldap.close();
});

const mail = (o: object = {}) => ({
  name: 'Corporate SMTP',
  host: '127.0.0.1',
  port: smtpPort,
  tlsMode: 'none',
  username: 'mailer',
  secret: 'smtp-Secret-1',
  fromAddress: 'noreply@example.org',
  fromName: 'MP3.0',
  status: 1,
  ...o,
});

async function storedData(id: string) {
  const [r] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(integrationConfigs).where(eq(integrationConfigs.id, id)));
  return r!.data as Record<string, unknown>;
}

/** Decodes the quoted-printable or base64 text body of a simple nodemailer message. */
function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('mail configuration list and test mail', () => {
  let id: string;

  it('saves a mail configuration with its password encrypted at rest and never answers the password', async () => {
    const r = await c.post(Paths.savemailconfiglist, [mail()]);
    expect(r.body.result).toBe('1');
    const row = r.body.data.rows[0];
    id = row.id;
    expect(row).toMatchObject({
      name: 'Corporate SMTP',
      host: '127.0.0.1',
      port: smtpPort,
      tlsMode: 'none',
      username: 'mailer',
      hasSecret: true,
      status: 1,
      updatedBy: 'admin',
    });
    expect(JSON.stringify(r.body)).not.toContain('smtp-Secret-1');
    const stored = await storedData(id);
    expect(typeof stored.secret).toBe('string');
    expect(String(stored.secret)).not.toContain('smtp-Secret-1');
    expect(decryptSecret(await t.app.settings.secretKey(), String(stored.secret), `mail:${id}`)).toBe('smtp-Secret-1');
    const list = await c.get(Paths.querymailconfiglist);
    expect(list.body.data).toMatchObject({ records: 1, page: 1, lastPage: true });
    expect(list.body.data.rows[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(String(stored.secret).slice(3, 20));
  });

  it('keeps the stored password when saved with it empty, and removes it on clearSecret', async () => {
    const before = (await storedData(id)).secret;
    const r = await c.post(Paths.savemailconfiglist, [mail({ id, secret: '', fromName: 'Renamed' })]);
    expect(r.body.data.rows[0]).toMatchObject({ id, fromName: 'Renamed', hasSecret: true });
    expect((await storedData(id)).secret).toBe(before);
    const cleared = await c.post(Paths.savemailconfiglist, [mail({ id, secret: '', clearSecret: true, username: '' })]);
    expect(cleared.body.data.rows[0]).toMatchObject({ id, hasSecret: false });
    expect((await storedData(id)).secret).toBeUndefined();
    expect((await c.post(Paths.savemailconfiglist, [mail({ id })])).body.data.rows[0].hasSecret).toBe(true);
  });

  it('sends a real test mail over SMTP with the saved configuration', async () => {
    c.language = 'EN_US';
    const r = await c.post(Paths.sendtestmail, { id, to: 'ops@example.org' });
    c.language = 'ZH_CN';
    expect(r.body.result).toBe('1');
    expect(r.body.data.row.messageId).toBeTruthy();
    const m = received.at(-1)!;
    expect(m.to).toEqual(['ops@example.org']);
    expect(m.from).toBe('noreply@example.org');
    expect(m.user).toBe('mailer');
    expect(m.raw).toMatch(/^Subject: MP3\.0 test mail \(Corporate SMTP\)$/m);
    expect(m.raw).toMatch(/^To: ops@example\.org$/m);
    expect(bodyOf(m.raw)).toContain('This is a test mail from MP3.0.');
    expect(bodyOf(m.raw)).toContain(`Corporate SMTP (127.0.0.1:${smtpPort})`);
  });

  it('sends the test mail in Chinese when asked in Chinese', async () => {
    await c.post(Paths.sendtestmail, { id, to: 'zh@example.org' });
    expect(bodyOf(received.at(-1)!.raw)).toContain('这是一封来自 MP3.0 的测试邮件');
  });

  it('reports a refused SMTP server, wrong credentials and a bad recipient with clear messages', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createNetServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const saved = await c.post(Paths.savemailconfiglist, [
      mail({ id }),
      mail({ name: 'Dead', port: closed }),
      mail({ name: 'Wrong password', secret: 'nope' }),
    ]);
    const [, dead, wrong] = saved.body.data.rows;
    c.language = 'EN_US';
    const r1 = await c.post(Paths.sendtestmail, { id: dead.id, to: 'ops@example.org' });
    expect(r1.body.scode).toBe(SysconfigCodes.MAIL_SEND_FAILED);
    expect(r1.body.msg).toMatch(/^The test mail could not be sent: .*ECONNREFUSED/);
    const r2 = await c.post(Paths.sendtestmail, { id: wrong.id, to: 'ops@example.org' });
    expect(r2.body.msg).toMatch(/^The test mail could not be sent: .*Invalid username or password/);
    const r3 = await c.post(Paths.sendtestmail, { id, to: 'not-an-address' });
    expect(r3.body).toMatchObject({ scode: Codes.PATTERN, msg: 'recipient is not in a valid format' });
    const r4 = await c.post(Paths.sendtestmail, { id: 'missing', to: 'ops@example.org' });
    expect(r4.body.scode).toBe(SysconfigCodes.CONFIG_NOT_FOUND);
    c.language = 'ZH_CN';
  });

  it('validates every field and changes nothing on a failed save', async () => {
    const before = (await c.get(`${Paths.querymailconfiglist}?pageSize=50`)).body.data.rows;
    c.language = 'EN_US';
    const cases: [object[], string, string?][] = [
      [[mail({ host: '' })], Codes.REQUIRED, 'Please enter server address'],
      [[mail({ host: 'bad host!' })], Codes.PATTERN],
      [[mail({ port: 0 })], SysconfigCodes.NUMBER_RANGE, 'port must be a whole number from 1 to 65535'],
      [[mail({ fromAddress: 'nobody' })], Codes.PATTERN, 'sender address is not in a valid format'],
      [[mail({ name: 'x'.repeat(51) })], Codes.TOO_LONG],
      [[mail({ description: '<script>x</script>' })], Codes.SCRIPT_TAG],
      [[mail(), mail({ name: 'corporate smtp' })], SysconfigCodes.NAME_DUPLICATE],
      [[mail({ id: 'not-a-stored-id' })], SysconfigCodes.CONFIG_NOT_FOUND],
      [[mail({ name: 'Fine' }), mail({ name: 'Broken', port: 70000 })], SysconfigCodes.NUMBER_RANGE],
    ];
    for (const [body, scode, msg] of cases) {
      const r = await c.post(Paths.savemailconfiglist, body);
      expect(r.body.scode, JSON.stringify(body)).toBe(scode);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await c.post(Paths.savemailconfiglist, [mail({ tlsMode: 'ssl' })])).status).toBe(400);
    c.language = 'ZH_CN';
    expect((await c.get(`${Paths.querymailconfiglist}?pageSize=50`)).body.data.rows).toEqual(before);
  });

  it('pages, searches and sorts the list in SQL', async () => {
    const items = Array.from({ length: 12 }, (_, i) => mail({ name: `Relay ${String(i).padStart(2, '0')}`, status: i % 3 === 0 ? 0 : 1, secret: undefined }));
    expect((await c.post(Paths.savemailconfiglist, items)).body.result).toBe('1');
    const p = await c.get(`${Paths.querymailconfiglist}?page=2&pageSize=5&keyword=relay&sortField=name&sortOrder=descend`);
    expect(p.body.data).toMatchObject({ page: 2, total: 3, records: 12, lastPage: false });
    expect(p.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Relay 06', 'Relay 05', 'Relay 04', 'Relay 03', 'Relay 02']);
    expect((await c.get(`${Paths.querymailconfiglist}?status=0&pageSize=50`)).body.data.records).toBe(4);
    expect((await c.get(`${Paths.querymailconfiglist}?keyword=%25`)).body.data.records).toBe(0);
    // Saving an empty list removes them all.
    expect((await c.post(Paths.savemailconfiglist, [])).body.data.rows).toEqual([]);
  });
});

describe('LDAP, SMS and WeChat configuration lists', () => {
  const ldapItem = (o: object = {}) => ({
    name: 'Head office AD',
    url: ldap.url,
    domain: 'corp.example.org',
    baseDn: 'dc=example,dc=org',
    bindDn: 'cn=admin,dc=example,dc=org',
    secret: 'ldap-Secret-1',
    userFilter: '(uid={username})',
    timeoutSeconds: 3,
    ...o,
  });

  it('saves LDAP entries without answering the bind password and tests the connection against an LDAP responder', async () => {
    const r = await c.post(Paths.saveldapconfiglist, [
      ldapItem(),
      ldapItem({ name: 'Wrong password', secret: 'nope' }),
      ldapItem({ name: 'Wrong base', baseDn: 'dc=missing' }),
    ]);
    expect(r.body.result).toBe('1');
    expect(JSON.stringify(r.body)).not.toContain('ldap-Secret-1');
    const [good, wrong, base] = r.body.data.rows;
    expect(good).toMatchObject({ url: ldap.url, bindDn: 'cn=admin,dc=example,dc=org', startTls: false, verifyCertificate: true, hasSecret: true });
    const ok = await c.post(Paths.testldapconnection, { id: good.id });
    expect(ok.body).toMatchObject({ result: '1', data: { row: { baseDnFound: true } } });
    expect(ldap.binds.at(-1)).toEqual({ dn: 'cn=admin,dc=example,dc=org', password: 'ldap-Secret-1' });
    c.language = 'EN_US';
    expect((await c.post(Paths.testldapconnection, { id: wrong.id })).body).toMatchObject({
      scode: SysconfigCodes.LDAP_BIND_FAILED,
      msg: 'The LDAP server refused the bind DN or password',
    });
    expect((await c.post(Paths.testldapconnection, { id: base.id })).body.scode).toBe(SysconfigCodes.LDAP_SEARCH_FAILED);
    c.language = 'ZH_CN';
  });

  it('reports an LDAP server that refuses connections with a clear localised message', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createNetServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const r = await c.post(Paths.saveldapconfiglist, [ldapItem({ name: 'Down', url: `ldap://127.0.0.1:${closed}` })]);
    c.language = 'JA_JP';
    const t1 = await c.post(Paths.testldapconnection, { id: r.body.data.rows[0].id });
    c.language = 'ZH_CN';
    expect(t1.body.scode).toBe(SysconfigCodes.LDAP_UNREACHABLE);
    expect(t1.body.msg).toContain(`LDAP サーバー ldap://127.0.0.1:${closed} に接続できません`);
    expect(t1.body.msg).toContain('ECONNREFUSED');
  });

  it('validates LDAP fields', async () => {
    c.language = 'EN_US';
    expect((await c.post(Paths.saveldapconfiglist, [ldapItem({ url: 'http://x' })])).body).toMatchObject({
      scode: Codes.PATTERN,
      msg: 'LDAP address is not in a valid format',
    });
    expect((await c.post(Paths.saveldapconfiglist, [ldapItem({ userFilter: 'uid={username}' })])).body.scode).toBe(Codes.PATTERN);
    expect((await c.post(Paths.saveldapconfiglist, [ldapItem({ baseDn: '' })])).body.msg).toBe('Please enter base DN');
    expect((await c.post(Paths.saveldapconfiglist, [ldapItem({ timeoutSeconds: 61 })])).body.scode).toBe(SysconfigCodes.NUMBER_RANGE);
    c.language = 'ZH_CN';
  });

  it('saves SMS entries; a new entry needs its secret, a stored one keeps it', async () => {
    const sms = {
      name: 'Aliyun SMS',
      provider: 'aliyun',
      url: 'https://dysmsapi.aliyuncs.com',
      accessKeyId: 'LTAI5tExample',
      signName: 'ACME',
      templateCode: 'SMS_123456',
    };
    c.language = 'EN_US';
    expect((await c.post(Paths.savesmsconfiglist, [sms])).body).toMatchObject({ scode: Codes.REQUIRED, msg: 'Please enter app secret' });
    c.language = 'ZH_CN';
    const r = await c.post(Paths.savesmsconfiglist, [
      { ...sms, name: 'Off', status: 0, secret: 'other' },
      { ...sms, secret: 'sms-Secret-1' },
    ]);
    expect(r.body.data.rows[1]).toMatchObject({ provider: 'aliyun', hasSecret: true });
    const key = await t.app.settings.secretKey();
    const inUse = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => loadFirstEnabledConfig(tx, key, 'sms'));
    expect(inUse).toMatchObject({ row: { name: 'Aliyun SMS' }, secret: 'sms-Secret-1' });
    await c.post(Paths.savesmsconfiglist, [{ ...sms, id: r.body.data.rows[1].id }]);
    const again = await c.post(Paths.savesmsconfiglist, [{ ...sms, id: r.body.data.rows[1].id, signName: 'ACME Ltd' }]);
    expect(again.body.data.rows[0]).toMatchObject({ signName: 'ACME Ltd', hasSecret: true });
    expect((await c.post(Paths.savesmsconfiglist, [{ ...sms, id: r.body.data.rows[1].id, clearSecret: true }])).body.scode).toBe(Codes.REQUIRED);
    expect((await c.post(Paths.savesmsconfiglist, [{ ...sms, secret: 'x', url: 'ftp://x' }])).body.scode).toBe(Codes.PATTERN);
    expect(JSON.stringify((await c.get(Paths.querysmsconfiglist)).body)).not.toContain('sms-Secret-1');
  });

  it('saves WeChat entries of the three types with the fields each needs, filtered by type', async () => {
    const wx = [
      {
        name: 'Enterprise WeChat',
        type: 1,
        corpId: 'ww1234567890',
        agentId: '1000002',
        secret: 'wx-Secret-1',
        callbackUrl: 'https://iam.example.org/wx/callback',
      },
      { name: 'Official account', type: 2, appId: 'wx0123456789abcdef', secret: 'wx-Secret-2' },
      { name: 'Open platform', type: 3, appId: 'wxfedcba9876543210', secret: 'wx-Secret-3' },
    ];
    const r = await c.post(Paths.savewxconfiglist, wx);
    expect(r.body.data.rows.map((x: { type: number; hasSecret: boolean }) => [x.type, x.hasSecret])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(r.body.data.rows[1]).toMatchObject({ corpId: '', agentId: '', appId: 'wx0123456789abcdef' });
    expect(JSON.stringify(r.body)).not.toMatch(/wx-Secret/);
    const t2 = await c.get(`${Paths.querywxconfiglist}?type=2`);
    expect(t2.body.data.rows.map((x: { name: string }) => x.name)).toEqual(['Official account']);
    c.language = 'EN_US';
    expect((await c.post(Paths.savewxconfiglist, [{ ...wx[0], corpId: '' }])).body.msg).toBe('Please enter corp ID');
    expect((await c.post(Paths.savewxconfiglist, [{ ...wx[0], agentId: 'abc' }])).body.scode).toBe(Codes.PATTERN);
    expect((await c.post(Paths.savewxconfiglist, [{ ...wx[1], appId: '' }])).body.msg).toBe('Please enter app ID');
    expect((await c.post(Paths.savewxconfiglist, [{ ...wx[1], type: 4 }])).status).toBe(400);
    c.language = 'ZH_CN';
    expect((await c.get(Paths.querywxconfiglist)).body.data.records).toBe(3);
  });
});

describe('secrets at rest', () => {
  it('encrypts with AES-256-GCM bound to the entry: altered text or another entry does not decrypt', async () => {
    const key = await t.app.settings.secretKey();
    const stored = encryptSecret(key, 'p@ss', 'mail:a');
    expect(stored).toMatch(/^v1\./);
    expect(encryptSecret(key, 'p@ss', 'mail:a')).not.toBe(stored);
    expect(decryptSecret(key, stored, 'mail:a')).toBe('p@ss');
    expect(() => decryptSecret(key, stored, 'mail:b')).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('x').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'mail:a')).toThrow();
  });
});
