/**
 * Platform configuration end to end in Chromium (issue 3 "Platform configuration"): the login check
 * type changes what the login page shows; the code table's password rule is what modify-password
 * applies; a mail configuration pointing at a local SMTP server (smtp-server, started here) is created,
 * searched, edited with its password kept, sends a real test mail that the server receives, and is
 * deleted; an LDAP configuration passes "test connection" against a small LDAP responder, then fails it
 * with a wrong password; an organisation category is added and removed. Texts come from @mp/i18n.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { ADMIN_PASSWORD, launchBrowser, shot, signInOnPage, startServer, type RunningServer } from './support.js';
import { startLdapStub, type LdapStub } from '../packages/server/src/modules/sysconfig/ldap-stub.js';

const zh = resources['zh-CN'];
const s = zh.sysconfig;

let server: RunningServer;
let browser: Browser;
let page: Page;
let smtp: SMTPServer;
let smtpPort: number;
let ldap: LdapStub;
const mails: { to: string[]; raw: string; user?: string }[] = [];

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) of a header value. */
function decodeHeader(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return decodeHeader(
    head
      .split(/\r?\n/)
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '',
  );
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, cb) =>
      auth.username === 'mailer' && auth.password === 'Smtp-Pass-1' ? cb(null, { user: 'mailer' }) : cb(new Error('Invalid username or password')),
    onData: (stream, session, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        mails.push({
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
  ldap = await startLdapStub({ bindDn: 'cn=admin,dc=example,dc=org', password: 'Ldap-Pass-1', baseDn: 'dc=example,dc=org' });
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
afterEach(async (ctx) => {
  // A failed step leaves a picture of what the user saw.
  if (ctx.task.result?.state === 'fail') await shot(page, `sysconfig-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await ldap?.close();
});

/** Opens the login page in a fresh browser context and says whether it shows the image captcha. */
async function loginShowsCaptcha(): Promise<boolean> {
  const ctx = await browser.newContext();
  const p = await ctx.newPage();
  await p.goto(`${server.url}/login`);
  await p.getByPlaceholder(zh.login.username, { exact: true }).waitFor();
  await p.waitForTimeout(300);
  const shown = (await p.getByPlaceholder(zh.login.verifyCode, { exact: true }).count()) > 0;
  await ctx.close();
  return shown;
}

/** antd puts a space between two Chinese characters of a button: match the name with or without it. */
function named(text: string): RegExp {
  return new RegExp(`(?:^|\\s)${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);
}

async function openTab(name: string) {
  await page.getByRole('tab', { name }).click();
}

describe('platform configuration in the console', () => {
  it('signs in and opens the platform configuration', async () => {
    await page.goto(`${server.url}/login`);
    await signInOnPage(page, 'admin', ADMIN_PASSWORD, 'zh-CN', true);
    await page.waitForURL(/\/platformAdmin\/dashboard/, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: zh.layout.route.platformSysconfig }).click();
    await page.waitForURL(/\/platformAdmin\/sysconfig/);
    await page.getByTestId('login-config-save').waitFor();
  });

  it('changes the login check: image shows the captcha on the login page, none hides it', async () => {
    expect(await loginShowsCaptcha()).toBe(false);
    await page.getByText(s.login.verifyImage, { exact: true }).click();
    await page.getByTestId('login-config-save').click();
    await page.getByText(s.login.saved).waitFor();
    await expect.poll(() => page.getByTestId('source-verifyCodeType').textContent()).toBe(s.source.system);
    expect(await loginShowsCaptcha()).toBe(true);
    await page.getByText(s.login.verifyNone, { exact: true }).click();
    await page.getByTestId('login-config-save').click();
    // 'None' is what the deployment's public config says: the system layer no longer overrides it.
    await expect.poll(() => page.getByTestId('source-verifyCodeType').textContent()).toBe(s.source.public);
    expect(await loginShowsCaptcha()).toBe(false);
    await shot(page, 'sysconfig-login-zh');
  });

  it('edits the password rule in the code table and modify-password applies it', async () => {
    await openTab(s.tabs.codeTable);
    const row = page.getByRole('row', { name: /passwordReg/ });
    await row.getByRole('button', { name: named(zh.common.edit) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.codeTable.codeVal).fill('^([a-z');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.getByText(s.codeTable.regexInvalid).waitFor();
    await dialog.getByLabel(s.codeTable.codeVal).fill('^\\d{6}$');
    await dialog.getByLabel(s.codeTable.tryPassword).fill('123456');
    await dialog.getByText(s.codeTable.tryMatch).waitFor();
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /\^\\d\{6\}\$/ }).waitFor();

    // A system setting: create, search, delete.
    await page.getByRole('button', { name: named(s.codeTable.add) }).click();
    await dialog.getByLabel(s.codeTable.codeKey).fill('helpUrl');
    await dialog.getByLabel(s.codeTable.codeVal).fill('https://help.example.org');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel(s.codeTable.keyword).fill('help');
    await page.getByLabel(s.codeTable.keyword).press('Enter');
    await expect.poll(() => page.getByRole('row', { name: /passwordReg/ }).count()).toBe(0);
    await page
      .getByRole('row', { name: /helpUrl/ })
      .getByRole('button', { name: named(zh.common.delete) })
      .click();
    await page
      .getByRole('button', { name: named(zh.common.ok) })
      .last()
      .click();
    await page.getByRole('row', { name: /helpUrl/ }).waitFor({ state: 'detached' });
    await shot(page, 'sysconfig-codetable-zh');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: zh.layout.header.modifyPassword }).click();
    const pwd = page.getByRole('dialog', { name: zh.login.changePassword.title });
    await pwd.getByLabel(zh.login.changePassword.original, { exact: true }).fill(ADMIN_PASSWORD);
    await pwd.getByLabel(zh.login.changePassword.newPassword, { exact: true }).fill('Abcdefgh1');
    await pwd.getByLabel(zh.login.changePassword.confirmPassword, { exact: true }).fill('Abcdefgh1');
    await pwd.getByRole('button', { name: named(zh.common.ok) }).click();
    await pwd.getByText(zh.login.changePassword.strengthFailed).waitFor();
    await pwd.getByLabel(zh.login.changePassword.newPassword, { exact: true }).fill('246810');
    await pwd.getByLabel(zh.login.changePassword.confirmPassword, { exact: true }).fill('246810');
    await pwd.getByRole('button', { name: named(zh.common.ok) }).click();
    await page.getByText(zh.login.changePassword.success).waitFor();
  });

  it('creates a mail configuration, keeps its password on edit, sends a real test mail and deletes it', async () => {
    await openTab(s.tabs.mail);
    await page.getByRole('button', { name: named(s.list.add) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.list.name, { exact: true }).fill('Local relay');
    await dialog.getByLabel(s.mail.host).fill('127.0.0.1');
    await dialog.getByText(s.mail.tls_none, { exact: true }).click();
    await dialog.getByLabel(s.mail.port).fill(String(smtpPort));
    await dialog.getByLabel(s.mail.username).fill('mailer');
    await dialog.getByLabel(s.mail.password, { exact: true }).fill('Smtp-Pass-1');
    await dialog.getByLabel(s.mail.fromAddress).fill('not-an-address');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.getByText(zh.common.validation.pattern.replace('{{field}}', s.mail.fromAddress)).waitFor();
    await dialog.getByLabel(s.mail.fromAddress).fill('noreply@example.org');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Local relay/ });
    await row.getByText(s.list.secretSet).waitFor();

    await page.getByRole('search').getByLabel(s.list.keyword).fill('nothing');
    await page.getByRole('button', { name: named(zh.common.search) }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('search').getByLabel(s.list.keyword).fill('relay');
    await page.getByRole('button', { name: named(zh.common.search) }).click();
    await row.waitFor();

    await row.getByRole('button', { name: named(zh.common.edit) }).click();
    await dialog.getByLabel(s.mail.password, { exact: true }).waitFor();
    expect(await dialog.getByLabel(s.mail.password, { exact: true }).inputValue()).toBe('');
    await dialog.getByLabel(s.mail.fromName).fill('MP3.0 Console');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(s.list.secretSet).waitFor();

    await row.getByRole('button', { name: named(s.mail.sendTest) }).click();
    const send = page.getByRole('dialog', { name: s.mail.testTitle });
    await send.getByLabel(s.mail.recipient).fill('ops@example.org');
    await send.getByRole('button', { name: named(s.mail.send) }).click();
    await page.getByText(s.mail.sent.replace('{{to}}', 'ops@example.org')).waitFor({ timeout: 15_000 });
    await shot(page, 'sysconfig-mail-zh');
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(['ops@example.org']);
    expect(mail.user).toBe('mailer');
    expect(headerOf(mail.raw, 'Subject')).toBe('MP3.0 测试邮件（Local relay）');
    expect(headerOf(mail.raw, 'From')).toBe('"MP3.0 Console" <noreply@example.org>');

    await row.getByRole('button', { name: named(zh.common.delete) }).click();
    await page
      .getByRole('button', { name: named(zh.common.ok) })
      .last()
      .click();
    await row.waitFor({ state: 'detached' });
  });

  it('tests an LDAP connection: success with the saved bind password, a clear message with a wrong one', async () => {
    await openTab(s.tabs.ldap);
    await page.getByRole('button', { name: named(s.list.add) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.list.name, { exact: true }).fill('Head office');
    await dialog.getByLabel(s.ldap.url).fill(ldap.url);
    await dialog.getByLabel(s.ldap.baseDn).fill('dc=example,dc=org');
    await dialog.getByLabel(s.ldap.bindDn).fill('cn=admin,dc=example,dc=org');
    await dialog.getByLabel(s.ldap.bindPassword, { exact: true }).fill('Ldap-Pass-1');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Head office/ });
    await row.getByRole('button', { name: named(s.ldap.test) }).click();
    await page.getByText(s.ldap.testOk).waitFor();
    expect(ldap.binds.at(-1)).toEqual({ dn: 'cn=admin,dc=example,dc=org', password: 'Ldap-Pass-1' });

    await row.getByRole('button', { name: named(zh.common.edit) }).click();
    await dialog.getByLabel(s.ldap.bindPassword, { exact: true }).fill('wrong');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: named(s.ldap.test) }).click();
    await page.getByText(zh.errors.sysconfig.ldap_bind_failed).waitFor();
    await shot(page, 'sysconfig-ldap-zh');
  });

  it('adds and removes an organisation category of the platform tenant', async () => {
    await openTab(s.tabs.org);
    await page.getByRole('button', { name: named(s.org.add) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(s.org.codeVal).fill('Partners');
    await dialog.getByRole('button', { name: named(zh.common.save) }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Partners/ });
    await row.waitFor();
    await shot(page, 'sysconfig-org-zh');
    await row.getByRole('button', { name: named(zh.common.delete) }).click();
    await page
      .getByRole('button', { name: named(zh.common.ok) })
      .last()
      .click();
    await row.waitFor({ state: 'detached' });
  });
});
