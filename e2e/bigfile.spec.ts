/**
 * Big files end to end in Chromium (issue 18; docs/bigfile.md): a 200 MB file generated in a temporary
 * folder is chosen with the keyboard on `/bigfile`, uploaded with tus in 8 MB chunks, interrupted by a
 * page reload midway, continued after choosing the same file again (the first PATCH after the reload
 * starts where the server stood, not at 0), paused and resumed with the keyboard, cut off again by going
 * offline, and finished; the SHA-256 the
 * server recorded equals the file's, and the browser's own SHA-256 agrees on the page. A file of a type
 * the configuration does not allow is refused before sending. The application area's `/app/bigfile` (same
 * page, from the application administrator's menu) uploads a small file and lists it. Screenshots in three
 * languages go to e2e/artifacts/bigfile-*.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { BigFilePaths, type BigFileRow } from '@mp/protocol';
import { addCrmApp, enterCrmAsAppAdmin } from './app-area.js';
import { adminClient } from './seed-api.js';
import { chooseLanguage, launchBrowser, shot, startServer, type RunningServer } from './support.js';
import { startDemoServer, type DemoServer } from './tenant-session.js';

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const zh = resources['zh-CN'].bigfile;
const en = resources['en-US'];

let server: RunningServer;
let browser: Browser;
let dir: string;
let bigPath: string;
let bigSha: string;

/** Writes `SIZE` bytes of random 1 MB blocks (each different) and answers their SHA-256. */
function writeBigFile(path: string): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'w');
  for (let i = 0; i < SIZE / MB; i++) {
    const block = randomBytes(MB);
    hash.update(block);
    writeSync(fd, block);
  }
  closeSync(fd);
  return hash.digest('hex');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mp-bigfile-e2e-'));
  bigPath = join(dir, 'demo-200mb.bin');
  bigSha = writeBigFile(bigPath);
  writeFileSync(join(dir, 'page.html'), '<h1>not allowed</h1>');
  server = await startServer({ MP_BIGFILE_TYPES: '.bin,.zip,video/*' });
  // its own Chromium: the 200 MB file would otherwise be streamed to the shared one (launchBrowser)
  browser = await launchBrowser({ own: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Throttles the page's uploads to `bytesPerSecond` (Chromium's network emulation), so "midway" is a while. */
async function throttle(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/**
 * Opens the file chooser from the drop zone with the keyboard (focus, Enter) and picks `path`. The page
 * must listen for file choosers from its start (`interceptChoosers`): Playwright turns the interception
 * on asynchronously, and a chooser opened before that is a native dialog no test sees.
 */
async function chooseByKeyboard(page: Page, path: string, hint = zh.dropHint): Promise<void> {
  const zone = page.getByRole('button', { name: new RegExp(hint) });
  await zone.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles(path);
}

/** Makes Playwright intercept the page's file choosers from now on. */
function interceptChoosers(page: Page): void {
  page.on('filechooser', () => undefined);
}

/** Resolves with the `Upload-Offset` of the next PATCH the page sends. */
function nextPatchOffset(page: Page): Promise<number> {
  return page
    .waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(BigFilePaths.tus), { timeout: 30_000 })
    .then((r) => Number(r.headers()['upload-offset']));
}

describe('big files in Chromium', () => {
  it("uploads 200 MB, survives a reload and going offline, and the SHA-256 on the server is the file's", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    interceptChoosers(page);
    await page.goto(`${server.url}/bigfile`);
    await page.getByTestId('bigfile-limits').waitFor();
    await throttle(page, 40 * MB);

    const firstOffset = nextPatchOffset(page);
    await chooseByKeyboard(page, bigPath);
    expect(await firstOffset).toBe(0);
    // midway: once two chunks are stored, reload the page (the request in flight is cut off)
    await page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 204);
    await page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 204);
    await page.reload();
    await page.getByTestId('bigfile-pending').waitFor();
    expect(await page.getByTestId('bigfile-pending').textContent()).toContain('demo-200mb.bin');
    await shot(page, 'bigfile-pending-zh-CN');

    await throttle(page, 40 * MB);
    const resumedOffset = nextPatchOffset(page);
    await chooseByKeyboard(page, bigPath);
    const offset = await resumedOffset;
    expect(offset).toBeGreaterThanOrEqual(16 * MB);
    expect(offset).toBeLessThan(SIZE);
    await page.getByTestId('bigfile-resumed').waitFor();

    // pause and resume from the keyboard
    await page.getByTestId('bigfile-pause').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('bigfile-phase').textContent()).toBe(zh.state.paused);
    const pausedAt = await page.getByTestId('bigfile-bytes').textContent();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('bigfile-bytes').textContent()).toBe(pausedAt);
    await shot(page, 'bigfile-paused-zh-CN');
    const afterPause = nextPatchOffset(page);
    await page.getByTestId('bigfile-resume').focus();
    await page.keyboard.press('Enter');
    expect(await afterPause).toBeGreaterThan(offset);

    // a dropped connection: offline for a moment, then the retries (or Resume) carry on
    await page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 204);
    await context.setOffline(true);
    await page.waitForTimeout(1500);
    await shot(page, 'bigfile-offline-zh-CN');
    await context.setOffline(false);
    const resume = page.getByTestId('bigfile-resume');
    if (await resume.isVisible()) await resume.click();

    await page.getByTestId('bigfile-checksum').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('bigfile-checksum').textContent()).toBe(zh.checksum.match);
    expect(await page.getByTestId('bigfile-client-sha').textContent()).toBe(bigSha);
    expect(await page.getByTestId('bigfile-server-sha').textContent()).toBe(bigSha);

    // the server's record, and the stored bytes through the download link
    const list = (await (await fetch(`${server.url}${BigFilePaths.list}`)).json()) as { data: { rows: BigFileRow[] } };
    const row = list.data.rows.find((r) => r.name === 'demo-200mb.bin')!;
    expect(row).toMatchObject({ size: SIZE, sha256: bigSha });
    const download = await fetch(`${server.url}${BigFilePaths.download}/${row.id}`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="?demo-200mb\.bin"?$/);
    const hash = createHash('sha256');
    const reader = download.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) hash.update(r.value);
    expect(hash.digest('hex')).toBe(bigSha);
    await page.getByTestId('bigfile-list').getByText('demo-200mb.bin').waitFor();
    await shot(page, 'bigfile-done-zh-CN');
    await context.close();
  });

  it('refuses a type the configuration does not allow, in three languages', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    interceptChoosers(page);
    await page.goto(`${server.url}/bigfile`);
    await page.getByTestId('bigfile-limits').waitFor();
    for (const [locale, name] of [
      ['zh-CN', ''],
      ['en-US', 'English'],
      ['ja-JP', '日本語'],
    ] as const) {
      if (name) await chooseLanguage(page, name);
      const texts = resources[locale].bigfile;
      await page.getByText(texts.title, { exact: true }).first().waitFor();
      await chooseByKeyboard(page, join(dir, 'page.html'), texts.dropHint);
      await expect.poll(() => page.getByTestId('bigfile-refused').textContent()).toBe(texts.error.type.replace('{{accept}}', '.bin, .zip, video/*'));
      await page.getByTestId('bigfile-list').getByText('demo-200mb.bin').waitFor();
      await shot(page, `bigfile-${locale}`);
    }
    await page.close();
  });
});

describe("big files in the application area's menu", () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer('bigfile-app');
    await addCrmApp(await adminClient(demo.url));
  }, 120_000);
  afterAll(async () => {
    await demo?.stop();
  });

  it('uploads a small file on /app/bigfile, reached from the menu, and lists it', async () => {
    const small = join(dir, 'app-notes.bin');
    const bytes = randomBytes(300 * 1024);
    writeFileSync(small, bytes);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    interceptChoosers(page);
    await enterCrmAsAppAdmin(page, demo.url);
    await page.getByRole('menuitem', { name: en.layout.route.bigfile }).click();
    await page.waitForURL(/\/app\/bigfile(\?|$)/);
    await page.getByTestId('bigfile-limits').waitFor();
    await chooseByKeyboard(page, small, en.bigfile.dropHint);
    await page.getByTestId('bigfile-checksum').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('bigfile-checksum').textContent()).toBe(en.bigfile.checksum.match);
    expect(await page.getByTestId('bigfile-server-sha').textContent()).toBe(createHash('sha256').update(bytes).digest('hex'));
    await page.getByTestId('bigfile-list').getByText('app-notes.bin').waitFor();
    await shot(page, 'bigfile-app-area-en-US');
    await page.close();
  }, 90_000);
});
