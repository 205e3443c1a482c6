/**
 * Notices end to end (issue 16 "Notices", "Tests and figures"; docs/notices.md): Northwind's application
 * administrator writes a notice in the rich-text editor with an uploaded image, to the Sales organisation and
 * its sub-organisations, and publishes it (Chromium, English); a Sales employee (Chinese) sees the bell's count,
 * opens the notice from the bell — the image is shown and loaded — and the receipt appears for the administrator;
 * an employee of People sees no count and no notice. The screens in the three languages are screenshotted:
 * e2e/artifacts/notices-*.png.
 *
 * Through the gateway (not part of the story): the platform creates the application, authorises Northwind and
 * turns on the notice-management flag; both employees agree to the privacy agreement.
 */
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NoticePaths, Paths } from '@mp/protocol';
import { resources } from '@mp/i18n';
import { DEMO_PASSWORD, DEMO_TENANTS, peopleOf } from '../packages/server/src/scripts/seed-demo-data.js';
import type { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, launchBrowser, shot, watchCsp } from './support.js';
import { demoTenantId, NORTHWIND, signInThroughConsole, startDemoServer, tenantClient, type DemoServer } from './tenant-session.js';
import { addAppOfAppAdmin, authoriseApp, enterAppAsAppAdmin } from './app-area.js';

const en = resources['en-US'];
const zh = resources['zh-CN'];
const APP = 'Bulletin';
const TITLE = 'Warehouse inventory on Friday';
const INDEX = DEMO_TENANTS.findIndex((t) => t.code === NORTHWIND.code);
const people = peopleOf(DEMO_TENANTS[INDEX]!, INDEX);
// seed-demo.ts: person n works in department n % 4 (0 Engineering, 1 Sales, 2 Operations, 3 People)
const ordinary = (dept: number) => people.find((p, i) => i > 2 && i % 4 === dept && !p.tenantAdmin && !p.appAdmin && p.status === 1)!.username;
const MEMBER = ordinary(1);
const OUTSIDER = ordinary(3);

/** A 160×90 PNG, two colours, so the screenshots show it. */
function png(): Buffer {
  const w = 160,
    h = 90;
  const crc = (b: Buffer) => {
    let c = ~0;
    for (const x of b) {
      c ^= x;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const t = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(t));
    return Buffer.concat([len, t, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set(x < w / 2 ? [114, 46, 209] : [250, 173, 20], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: DemoServer;
let browser: Browser;
let admin: Page;
let member: Page;
let outsider: Page;
let platform: GatewayClient;
let csp: string[] = [];
const imageFile = join(tmpdir(), `mp-notice-${process.pid}.png`);

beforeAll(async () => {
  server = await startDemoServer('notices');
  const tenantId = await demoTenantId(server.url);
  platform = await adminClient(server.url);
  expect((await platform.post(Paths.saveloginconfig, { noticeManagement: true })).body.result).toBe('1');
  const app = await addAppOfAppAdmin(platform, 'bulletin', APP);
  await authoriseApp(platform, tenantId, app.id);
  await tenantClient(server.url, tenantId, MEMBER);
  await tenantClient(server.url, tenantId, OUTSIDER);
  mkdirSync(tmpdir(), { recursive: true });
  writeFileSync(imageFile, png());
  browser = await launchBrowser();
  admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  csp = watchCsp(admin);
  member = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
  outsider = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  for (const [name, p] of [
    ['admin', admin],
    ['member', member],
    ['outsider', outsider],
  ] as const)
    if (p) await shot(p, `notices-failed-${name}`).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The loaded size of the first image of the rich text in `scope` (0 when it did not load). */
const imageWidth = (p: Page, selector: string) =>
  p
    .locator(selector)
    .first()
    .evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0));

describe('a notice with an image to one organisation', () => {
  it('the application administrator writes it with an uploaded image and publishes it to Sales (Chromium)', async () => {
    const T = en.notice;
    await enterAppAsAppAdmin(admin, server.url, APP);
    await admin.getByRole('menuitem', { name: en.layout.group.noticeManagement }).click();
    await admin.locator('li.ant-menu-item[data-menu-id$="-notice"]', { hasText: en.layout.route.notice }).click();
    await admin.waitForURL(/\/app\/notice/);
    await admin.getByRole('button', { name: T.newNotice }).click();
    const d = admin.getByRole('dialog', { name: T.formAdd });
    await d.getByLabel(T.titleLabel).fill(TITLE);
    const editor = d.getByRole('textbox', { name: T.body });
    await editor.click();
    await editor.pressSequentially('Stock count in all Sales offices. ');
    await d.getByRole('button', { name: T.editor.bold }).click();
    await editor.pressSequentially('Bring your scanner.');
    await d.getByTestId('rte-image-input').setInputFiles(imageFile);
    await expect.poll(() => imageWidth(admin, '.mp-rte-content img'), { timeout: 15_000 }).toBe(160);
    await d.getByTestId('audience-kind').click();
    await admin.locator('.ant-select-item-option', { hasText: T.kind.orgtree }).click();
    await d.getByTestId('audience-target').click();
    await admin.keyboard.type('Sales');
    await admin.locator('.ant-select-item-option', { hasText: 'Sales' }).first().click();
    await d.getByTestId('audience-tags').getByText(/Sales/).waitFor();
    await d.getByLabel(T.titleLabel).click();
    await shot(admin, 'notices-en-form');
    await d.getByTestId('notice-save-publish').click();
    await d.waitFor({ state: 'hidden', timeout: 15_000 });
    const row = admin.getByRole('row', { name: new RegExp(TITLE) });
    await row.getByText(T.state.published).waitFor();
    await shot(admin, 'notices-en-grid');
    // the stored body keeps no code (SPEC §7)
    const list = await platform.post(NoticePaths.listnotice, { title: 'Warehouse' }, { headers: { appid: 'bulletin' } });
    const stored = (await platform.post(NoticePaths.getnotice, { id: list.body.data.rows[0].id }, { headers: { appid: 'bulletin' } })).body.data.row
      .body as string;
    expect(stored).toMatch(new RegExp(`<img [^>]*src="${NoticePaths.getnoticefile}/[0-9a-f-]+"`));
    expect(stored).not.toContain('code=');
    expect(stored).toContain('<strong>Bring your scanner.</strong>');
  });

  it('a Sales employee sees the bell count, opens the notice and the image loads (Chromium, Chinese)', async () => {
    await signInThroughConsole(member, server.url, MEMBER, DEMO_PASSWORD, /\/userAdmin\//);
    const bell = member.getByTestId('notice-bell');
    await expect
      .poll(
        () =>
          bell
            .locator('.ant-badge-count')
            .textContent()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('1');
    await shot(member, 'notices-zh-bell');
    await bell.click();
    await member.getByTestId('notice-bell-panel').getByText(TITLE).click();
    await member.waitForURL(/\/userAdmin\/notice\//);
    const detail = member.getByTestId('my-notice-detail');
    await detail.getByText(TITLE).waitFor();
    await detail.getByText(zh.notice.my.from.replace('{{app}}', APP)).waitFor();
    await expect.poll(() => imageWidth(member, '[data-testid="rich-text"] img'), { timeout: 15_000 }).toBe(160);
    await expect.poll(() => bell.locator('.ant-badge-count').count(), { timeout: 15_000 }).toBe(0);
    await shot(member, 'notices-zh-detail');
    await member.goto(`${server.url}/userAdmin/notice`);
    await member.getByTestId('my-notice-list').getByText(TITLE).waitFor();
    await shot(member, 'notices-zh-list');
    // the personal home (bbcapp) lists it among the latest notices, read now, and opens its detail
    await member.goto(`${server.url}/userAdmin/bbcapp`);
    const home = member.getByTestId('home-notices');
    await home.getByRole('link', { name: TITLE }).waitFor();
    expect(await home.locator('.ant-badge-count').count()).toBe(0);
    await shot(member, 'notices-zh-bbcapp');
    await home.getByRole('link', { name: TITLE }).click();
    await member.waitForURL(/\/userAdmin\/notice\//);
  });

  it('the receipt appears for the administrator (Chromium)', async () => {
    const T = en.notice;
    await admin.reload();
    const row = admin.getByRole('row', { name: new RegExp(TITLE) });
    await row.getByRole('button', { name: T.receipts }).click();
    const d = admin.getByRole('dialog', { name: T.receiptTitle.replace('{{title}}', TITLE) });
    await d.getByRole('row', { name: new RegExp(MEMBER) }).waitFor();
    await expect.poll(async () => (await d.getByRole('row', { name: new RegExp(MEMBER) }).textContent()) ?? '').toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await d.getByTitle(T.readFilter.read, { exact: true }).click();
    await expect.poll(() => d.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await d.getByRole('row', { name: new RegExp(MEMBER) }).waitFor();
    await shot(admin, 'notices-en-receipts');
    await d.getByRole('button', { name: 'Close' }).click();
  });

  it('an employee of People sees no count and no notice (Chromium)', async () => {
    await signInThroughConsole(outsider, server.url, OUTSIDER, DEMO_PASSWORD, /\/userAdmin\//);
    await outsider.goto(`${server.url}/userAdmin/notice`);
    await outsider.getByTestId('my-notice-list').getByText(zh.notice.my.empty).waitFor();
    expect(await outsider.getByTestId('notice-bell').locator('.ant-badge-count').count()).toBe(0);
    expect(await outsider.getByText(TITLE).count()).toBe(0);
    // no empty notices panel on the personal home
    await outsider.goto(`${server.url}/userAdmin/bbcapp`);
    await outsider.getByRole('list', { name: zh.myapps.title }).waitFor();
    expect(await outsider.getByTestId('home-notices').count()).toBe(0);
  });

  it('shows the screens in Chinese and Japanese too', async () => {
    await chooseLanguage(admin, '简体中文');
    await admin
      .locator('.ant-dropdown-menu', { hasText: 'Русский' })
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    await admin.getByRole('button', { name: resources['zh-CN'].notice.newNotice }).waitFor();
    await shot(admin, 'notices-zh-grid');
    await chooseLanguage(admin, '日本語');
    await admin
      .locator('.ant-dropdown-menu', { hasText: 'Русский' })
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
    await admin.getByRole('button', { name: resources['ja-JP'].notice.newNotice }).waitFor();
    await shot(admin, 'notices-ja-grid');
    await admin
      .getByRole('row', { name: new RegExp(TITLE) })
      .getByRole('button', { name: resources['ja-JP'].notice.preview })
      .click();
    await expect.poll(() => imageWidth(admin, '[data-testid="notice-preview"] img'), { timeout: 15_000 }).toBe(160);
    await shot(admin, 'notices-ja-preview');
    await chooseLanguage(member, '日本語').catch(() => undefined);
    await member.getByText(resources['ja-JP'].notice.my.title).first().waitFor();
    await shot(member, 'notices-ja-list');
    expect(csp).toEqual([]);
  });
});
