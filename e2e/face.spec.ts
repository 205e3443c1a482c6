/**
 * Face registration end to end in Chromium with a fake camera (issue 18; docs/face.md "Tests"): two
 * browsers of their own, one whose camera plays a video of a face and one whose camera plays a grey
 * video (e2e/face-video.ts writes both at test time). Proves: the face is found in the view box, lost
 * when the picture loses it, the photo taken and registered to the user (checked through the API),
 * cleared, and a photo uploaded instead registered (platform user grid); a tenant administrator registers and clears
 * a member's uploaded photo from the tenant area's user grid; a grey picture gives "no face in the view box" then "detection timeout"
 * (profile); a refused camera gives "camera failed to open" and a browser without mediaDevices "browser
 * not supported"; the library's chunk refused "plug-in not installed or not enabled"; a model file answering 404 gives "SDK initialisation failure" with its code. Screenshots
 * of the dialog in the three languages under e2e/artifacts/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { resources } from '@mp/i18n';
import { Paths, ProfilePaths } from '@mp/protocol';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';
import { writeFaceVideos } from './face-video.js';
import { addTenants, adminClient } from './seed-api.js';
import { ADMIN_PASSWORD, animationsDone, chooseLanguage, launchBrowser, shot, signInOnPage, startServer, watchCsp, type RunningServer } from './support.js';

const en = resources['en-US'];
const CAMERA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
/** Model load and the first detections on the cpu backend of a shared machine. */
const DETECT_TIMEOUT = 60_000;
/** The user whose face the administrator registers; signed in through the API to read it back. */
const USER = 'faceuser';
const PW = 'Passw0rd!x';

let server: RunningServer;
let api: GatewayClient;
let faceBrowser: Browser;
let greyBrowser: Browser;
let dir: string;
let photoFile: string;
/** The contexts a test opened (closed after it, passed or failed: a camera left detecting would load the next test's CPU). */
const opened: BrowserContext[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mp-e2e-face-'));
  const videos = writeFaceVideos(dir);
  photoFile = videos.photo;
  server = await startServer();
  const admin = await adminClient(server.url); // also accepts the agreement for the browser's sign-in
  await seedTenant(admin);
  const r = await admin.post(Paths.adduser, {
    tenantId: 'sys',
    username: USER,
    employeeName: 'FaceUser',
    orgId: 'sys',
    effectiveDate: '2026-01-01',
    expiryDate: '2035-12-31',
    status: 1,
    password: admin.encrypt(PW),
  });
  expect(r.body.result, JSON.stringify(r.body)).toBe('1');
  api = await new GatewayClient(server.url).init();
  await api.signIn(USER, PW);
  faceBrowser = await launchBrowser({ args: [...CAMERA, `--use-file-for-fake-video-capture=${videos.face}`] });
  greyBrowser = await launchBrowser({ args: [...CAMERA, `--use-file-for-fake-video-capture=${videos.empty}`] });
}, 120_000);
afterEach(async () => {
  for (const c of opened.splice(0)) await c.close().catch(() => undefined);
});
afterAll(async () => {
  await faceBrowser?.close();
  await greyBrowser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Tenant Acme with its administrator and a member whose face the administrator registers in the tenant area. */
const TENANT = { admin: 'acmeadmin', member: 'acmemember' };
let acmeId: string;
async function seedTenant(admin: GatewayClient): Promise<void> {
  acmeId = (await addTenants(admin, server.url, [{ code: 'acme', name: 'Acme Trading', abbreviation: 'ACME' }])).acme!;
  const ids: string[] = [];
  for (const username of [TENANT.admin, TENANT.member]) {
    const r = await admin.post(Paths.adduser, {
      tenantId: acmeId,
      username,
      employeeName: username,
      orgId: acmeId,
      effectiveDate: '2026-01-01',
      expiryDate: '2035-12-31',
      status: 1,
      password: admin.encrypt(PW),
    });
    expect(r.body.result, JSON.stringify(r.body)).toBe('1');
    ids.push(r.body.data.row.id);
  }
  expect((await admin.post(Paths.savetenantadmin, { tenantId: acmeId, userIds: [ids[0]] })).body.result).toBe('1');
  await (await new GatewayClient(server.url).init()).signIn(TENANT.admin, PW); // agrees to the privacy agreement
}

/** A page signed in as the platform administrator, in `language` (the login page's menu name) when given. */
async function signedIn(browser: Browser, locale: 'en-US' | 'zh-CN' = 'en-US', init?: () => void): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  opened.push(context);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  if (locale === 'en-US') await chooseLanguage(page, 'English');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD, locale);
  await page.waitForURL(/\/platformAdmin\//, { timeout: 20_000 });
  return page;
}

/** Opens the face dialog from the user grid's row of `username` (the page's language is `t`). */
async function openFromGrid(page: Page, username: string, t = en): Promise<Locator> {
  await page.getByRole('menuitem', { name: t.layout.route.employeeManagement }).click();
  const row = page.getByRole('row', { name: new RegExp(username) });
  await row.getByRole('button', { name: new RegExp(`${t.user.more} ${username}`) }).click();
  await page.getByRole('menuitem', { name: t.face.action }).click();
  const dialog = page.getByRole('dialog', { name: t.face.title });
  await dialog.waitFor();
  return dialog;
}

/** Waits until the dialog's `testId` element is in `state`. */
const inState = (dialog: Locator, testId: string, state: string, timeout = DETECT_TIMEOUT) =>
  dialog.locator(`[data-testid="${testId}"][data-state="${state}"]`).waitFor({ timeout });
/** The user's face photo URL as the server has it (their own profile). */
const registeredUrl = async () => (await api.post(ProfilePaths.userload)).body.data.row.facePhotoUrl as string;

describe('face registration in the console', () => {
  it('finds the face in the view box, notices it lost, takes and registers the photo, clears it, registers an uploaded one', async () => {
    const page = await signedIn(faceBrowser);
    const csp = watchCsp(page); // the detector runs under the console's policy (docs/security.md)
    const dialog = await openFromGrid(page, USER);
    await inState(dialog, 'face-camera-state', 'closed');
    await inState(dialog, 'face-photo-state', 'notFound');
    await expect(dialog.getByRole('button', { name: en.face.takePhoto }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: en.face.register }).click();
    await dialog.getByText(en.face.photoRequired).waitFor();

    await dialog.getByRole('button', { name: en.face.openCamera }).click();
    await inState(dialog, 'face-camera-state', 'open');
    await inState(dialog, 'face-detection-state', 'success');
    await animationsDone(page);
    await shot(page, 'face-dialog-detected-en');

    // the picture loses the face (a grey canvas instead of the camera), then gets it back
    await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="face-camera"] video')!;
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const ctx = canvas.getContext('2d')!;
      const paint = () => {
        ctx.fillStyle = '#808080';
        ctx.fillRect(0, 0, 640, 480);
      };
      paint();
      const w = window as unknown as { faceCamera: MediaProvider | null; facePaint: number };
      w.faceCamera = video.srcObject;
      w.facePaint = window.setInterval(paint, 100);
      video.srcObject = canvas.captureStream(10);
      void video.play();
    });
    await dialog.locator('[data-testid="face-message"][data-key="faceLost"]', { hasText: en.face.message.faceLost }).waitFor({ timeout: DETECT_TIMEOUT });
    await expect(dialog.getByRole('button', { name: en.face.takePhoto }).isDisabled()).resolves.toBe(true);
    await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="face-camera"] video')!;
      const w = window as unknown as { faceCamera: MediaProvider | null; facePaint: number };
      window.clearInterval(w.facePaint);
      video.srcObject = w.faceCamera;
      void video.play();
    });
    await inState(dialog, 'face-detection-state', 'success');

    await dialog.getByRole('button', { name: en.face.takePhoto }).click();
    await inState(dialog, 'face-photo-state', 'pending', 10_000);
    await inState(dialog, 'face-camera-state', 'closed', 10_000);
    await dialog.getByRole('button', { name: en.face.register }).click();
    await inState(dialog, 'face-photo-state', 'registered', 15_000);
    const url = await registeredUrl();
    expect(url).toMatch(/^\/gateway\/tenant\/plat\/file\/get\/[\w-]+$/);
    await expect(dialog.getByTestId('face-photo').locator('img').getAttribute('src')).resolves.toContain(url);
    // the registered photo is the JPEG the camera gave
    const photo = await page.evaluate(
      async (src) => {
        const r = await fetch(src);
        return { type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength };
      },
      (await dialog.getByTestId('face-photo').locator('img').getAttribute('src'))!,
    );
    expect(photo.type).toBe('image/jpeg');
    expect(photo.size).toBeGreaterThan(5_000);
    await shot(page, 'face-dialog-registered-en');

    await dialog.getByRole('button', { name: en.face.clear }).click();
    await page.getByRole('tooltip').getByRole('button', { name: en.common.ok }).click();
    await inState(dialog, 'face-photo-state', 'cleared', 15_000);
    expect(await registeredUrl()).toBe('');

    // a photo uploaded instead of taken
    await dialog.locator('input[type=file]').setInputFiles(photoFile);
    await inState(dialog, 'face-photo-state', 'pending', 10_000);
    await dialog.getByRole('button', { name: en.face.register }).click();
    await inState(dialog, 'face-photo-state', 'registered', 15_000);
    expect(await registeredUrl()).not.toBe('');
    expect(csp).toEqual([]);
  });

  it('a model file that cannot be loaded is "SDK initialisation failure" with its code (Chinese and Japanese dialogs)', async () => {
    const page = await signedIn(faceBrowser, 'zh-CN');
    await page.route('**/models/human/blazeface.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
    const zh = resources['zh-CN'];
    let dialog = await openFromGrid(page, 'admin', zh);
    await dialog.getByRole('button', { name: zh.face.openCamera }).click();
    await dialog.locator('[data-testid="face-message"][data-key="sdkInitFailed"]').waitFor({ timeout: DETECT_TIMEOUT });
    await dialog.getByText(zh.face.message.sdkInitFailed.replace('{{code}}', '1002')).waitFor();
    await inState(dialog, 'face-detection-state', 'failure');
    await animationsDone(page);
    await shot(page, 'face-dialog-sdk-failure-zh');
    await page.keyboard.press('Escape'); // the dialog closes from the keyboard
    await dialog.waitFor({ state: 'hidden' });

    await chooseLanguage(page, '日本語');
    const ja = resources['ja-JP'];
    dialog = await openFromGrid(page, 'admin', ja);
    await dialog.getByRole('button', { name: ja.face.openCamera }).click();
    await dialog.getByText(ja.face.message.sdkInitFailed.replace('{{code}}', '1002')).waitFor({ timeout: DETECT_TIMEOUT });
    await animationsDone(page);
    await shot(page, 'face-dialog-sdk-failure-ja');
  });

  it('a grey picture has no face in the view box, then the detection times out (profile, 6 s timeout)', async () => {
    const page = await signedIn(greyBrowser, 'en-US', () => localStorage.setItem('mp.faceDetectionTimeoutMs', '6000'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: en.profile.menu }).click();
    await page.getByTestId('profile-face').click();
    const dialog = page.getByRole('dialog', { name: en.face.title });
    await dialog.getByRole('button', { name: en.face.openCamera }).click();
    await dialog.locator('[data-testid="face-message"][data-key="noFaceInBox"]', { hasText: en.face.message.noFaceInBox }).waitFor({ timeout: DETECT_TIMEOUT });
    await dialog.locator('[data-testid="face-detection-state"][data-state="noFace"]', { hasText: en.face.detection.noFace }).waitFor();
    await inState(dialog, 'face-detection-state', 'timeout', 20_000);
    await dialog.getByText(en.face.message.detectionTimeout).waitFor();
    await dialog.getByRole('button', { name: en.face.retry }).waitFor();
    await animationsDone(page);
    await shot(page, 'face-dialog-timeout-en');
    await dialog.getByRole('button', { name: en.face.closeCamera }).click();
    await inState(dialog, 'face-camera-state', 'closed');

    // a refused camera, then a browser without mediaDevices
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await dialog.getByRole('button', { name: en.face.openCamera }).click();
    await dialog.getByText(en.face.message.cameraFailed).waitFor();
    await inState(dialog, 'face-camera-state', 'closed');
    await shot(page, 'face-dialog-camera-failed-en');
    await page.evaluate(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
    await dialog.getByRole('button', { name: en.face.openCamera }).click();
    await dialog.getByText(en.face.message.browserUnsupported).waitFor();

    // the detector library cannot be loaded (its chunk refused): "plug-in not installed or not enabled"
    const other = await page.context().newPage(); // the same session
    await other.route('**/assets/human.esm-*.js', (route) => route.abort());
    await other.goto(`${server.url}/platformAdmin/dashboard`);
    await other.getByTestId('user-menu').click();
    await other.getByRole('menuitem', { name: en.profile.menu }).click();
    await other.getByTestId('profile-face').click();
    const second = other.getByRole('dialog', { name: en.face.title });
    await second.getByRole('button', { name: en.face.openCamera }).click();
    await second.getByText(en.face.message.pluginMissing).waitFor({ timeout: DETECT_TIMEOUT });
  });

  it("the tenant administrator registers a member's uploaded photo from the tenant area's user grid, and clears it", async () => {
    const context = await faceBrowser.newContext({ viewport: { width: 1440, height: 900 } });
    opened.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await chooseLanguage(page, 'English');
    await signInOnPage(page, TENANT.admin, PW, 'en-US');
    await page.waitForURL(/\/tenancyAdmin\//, { timeout: 20_000 });
    await page.getByRole('list', { name: en.tenant.my.title }).getByRole('button', { name: 'Acme Trading' }).click();
    await page.waitForURL(/\/tenancy\//, { timeout: 15_000 });
    await page.getByRole('menuitem', { name: en.menu.employeeManagement }).click();
    const row = page.getByRole('row', { name: new RegExp(TENANT.member) });
    await row.getByRole('button', { name: new RegExp(`${en.user.more} ${TENANT.member}`) }).click();
    await page.getByRole('menuitem', { name: en.face.action }).click();
    const dialog = page.getByRole('dialog', { name: en.face.title });
    await inState(dialog, 'face-photo-state', 'notFound');
    await dialog.locator('input[type=file]').setInputFiles(photoFile);
    await inState(dialog, 'face-photo-state', 'pending', 10_000);
    await dialog.getByRole('button', { name: en.face.register }).click();
    await inState(dialog, 'face-photo-state', 'registered', 15_000);
    // the member's own profile has it now
    const member = await new GatewayClient(server.url).init();
    await member.signIn(TENANT.member, PW);
    const photo = async () => (await member.post(ProfilePaths.userload)).body.data.row.facePhotoUrl as string;
    expect(await photo()).toMatch(/^\/gateway\/tenant\/plat\/file\/get\/[\w-]+$/);
    await animationsDone(page);
    await shot(page, 'face-dialog-tenant-registered-en');
    await dialog.getByRole('button', { name: en.face.clear }).click();
    await page.getByRole('tooltip').getByRole('button', { name: en.common.ok }).click();
    await inState(dialog, 'face-photo-state', 'cleared', 15_000);
    expect(await photo()).toBe('');
  });
});
