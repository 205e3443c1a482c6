/**
 * End-to-end support: starts the real server (built console + gateway) on a free loopback port with a
 * throw-away embedded database, and Debian's Chromium through playwright-core (CONVENTIONS "Tests").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { resources, type Locale } from '@mp/i18n';
import { BROWSER_WS_ENV, CHROMIUM_ARGS, CHROMIUM_PATH } from './browser-server.js';

export const ADMIN_PASSWORD = 'Admin@2026e2e';
const ROOT = new URL('..', import.meta.url).pathname;

/** A free TCP port on 127.0.0.1 (for a server a test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Folders the server bundle is built from (packages/server/build.ts), migrations included. */
const SERVER_SOURCES = ['packages/server/src', 'packages/protocol/src', 'packages/i18n/src'];

/** The newest modification time (ms) of a file under `dir`; 0 for a missing folder. */
function newestUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

let command: string[] | undefined;
/**
 * How a spec's server runs (issue 17: suite time): the production bundle `packages/server/dist/main.js`
 * when `npm run build` made it after the last change to any file it is built from (`npm run test:e2e`
 * builds first), else `packages/server/src/main.ts` through tsx, which transforms the sources at every
 * start (~2 s of CPU more per server). `MP_E2E_SERVER=tsx` or `dist` forces one. Checked once per spec file.
 */
function serverCommand(): string[] {
  if (command) return command;
  const bundle = join(ROOT, 'packages/server/dist/main.js');
  const wanted = process.env.MP_E2E_SERVER;
  const fresh = existsSync(bundle) && statSync(bundle).mtimeMs > Math.max(...SERVER_SOURCES.map((d) => newestUnder(join(ROOT, d))));
  command =
    wanted === 'dist' || (wanted !== 'tsx' && fresh)
      ? ['--enable-source-maps', 'packages/server/dist/main.js']
      : ['--import', 'tsx', 'packages/server/src/main.ts'];
  return command;
}

/**
 * Starts the server (serverCommand: the built bundle, or the sources through tsx) with its own data
 * folder; resolves once /healthz answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // MP_CONSOLE_DIR lets an engineer test a console built into a folder of their own.
  const consoleDir = process.env.MP_CONSOLE_DIR ?? join(ROOT, 'packages/console/dist');
  if (!existsSync(join(consoleDir, 'index.html'))) throw new Error(`build the console first (npm run build): ${consoleDir}`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-e2e-'));
  // A copy of the data folder migrated once per run (packages/server/src/testing/e2e-data-template.ts),
  // unless the caller brings its own folder (env.MP_DATA_DIR, e.g. the demo data of e2e/tenant-session.ts).
  const template = process.env.MP_TEST_DATA_TEMPLATE;
  if (template && template !== 'off' && !env.MP_DATA_DIR) cpSync(template, dataDir, { recursive: true });
  let out = '';
  const child: ChildProcess = spawn(process.execPath, serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MP_DATA_DIR: dataDir,
      MP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MP_LOGIN_CAPTCHA: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          child.once('exit', r);
          setTimeout(r, 5000);
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium headless (no downloaded browser): a connection to the run's shared browser
 * (e2e/browser-server.ts, `MP_E2E_BROWSER_WS`) when there is one, else a browser of its own with CHROMIUM_ARGS.
 * `options.args` (switches of its own, e.g. a fake camera) or `options.own` give the spec a browser of its own
 * even in a shared run: `own` for a spec whose files must not travel through the connection (the shared browser
 * is a remote one to Playwright: `setInputFiles` streams each file over its WebSocket, e.g. 200 MB uploads).
 * `close()` closes this spec's contexts and, on the shared browser, only disconnects.
 * On the shared browser a download's `path()` throws (a remote connection): read it with savedDownload.
 * Every context (and page) it opens tells the console to draw no Ant Design animations (localStorage
 * `mp.e2eMotion` = 'off', read by packages/console/src/theme.ts), so tests wait for no transitions;
 * `MP_E2E_MOTION=on` keeps them.
 */
export async function launchBrowser(options: { args?: string[]; own?: boolean } = {}): Promise<Browser> {
  const shared = process.env[BROWSER_WS_ENV];
  const browser =
    shared && !options.args && !options.own
      ? await chromium.connect(shared, { timeout: 30_000 })
      : await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
  if (process.env.MP_E2E_MOTION === 'on') return browser;
  // browser.newPage() opens its context through newContext too, so both get the switch
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      try {
        localStorage.setItem('mp.e2eMotion', 'off');
      } catch {
        /* a page without storage (about:blank) */
      }
    });
    return context;
  };
  return browser;
}

/**
 * The local path of a finished download: `download.path()` on a browser of the spec's own, else (the shared
 * browser, where `path()` throws) a copy saved under the system's temp folder (never removed; small files).
 * @throws when the download failed or was cancelled.
 */
export async function savedDownload(download: Download): Promise<string> {
  if (!process.env[BROWSER_WS_ENV]) {
    const path = await download.path().catch(() => undefined);
    if (path) return path;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mp-e2e-download-'));
  const path = join(dir, download.suggestedFilename() || 'download');
  await download.saveAs(path);
  return path;
}

/**
 * Collects what Chromium reports about `page` breaking the Content-Security-Policy (plugins/
 * security-headers.ts): a console error "Refused to …" names each blocked script, style, image or frame.
 * The returned list fills as the page runs; a test expects it empty.
 */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

/**
 * Waits until no Ant Design element on `page` is in an opening or closing transition (rc-motion's
 * `ant-…-enter|appear|leave[-start|-active|-prepare]` classes), e.g. before a screenshot of a dialog or
 * drawer. Immediate when the animations are off (launchBrowser); at most `timeout` ms otherwise, after
 * which it returns anyway (a screenshot is for people to look at, not compared).
 */
export async function animationsDone(page: Page, timeout = 5_000): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const motion = /^ant-[\w-]+-(enter|appear|leave)(-(start|active|prepare))?$/;
        for (const el of document.querySelectorAll('[class*="ant-"]')) for (const c of el.classList) if (motion.test(c)) return false;
        return true;
      },
      undefined,
      { timeout, polling: 'raf' },
    )
    .catch(() => undefined);
}

/** Saves a screenshot under e2e/artifacts/ (for people to look at; not compared). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(join(ROOT, 'e2e/artifacts'), { recursive: true });
  await page.screenshot({ path: join(ROOT, 'e2e/artifacts', `${name}.png`), fullPage: false });
}

/** The three console languages with the names the language menu shows (SPEC §1: ZH_CN, EN_US, JA_JP). */
export const LANGS: readonly { locale: Locale; name: string }[] = [
  { locale: 'zh-CN', name: '简体中文' },
  { locale: 'en-US', name: 'English' },
  { locale: 'ja-JP', name: '日本語' },
];

/**
 * Fills and submits the login form with texts of `locale` (the page must show that language), ticking
 * the agreement box; `agreementDialog` answers the privacy dialog a first sign-in gets (10001001920).
 */
export async function signInOnPage(page: Page, username: string, password: string, locale: Locale = 'zh-CN', agreementDialog = false): Promise<void> {
  const texts = resources[locale].login;
  await page.getByPlaceholder(texts.username, { exact: true }).fill(username);
  await page.getByPlaceholder(texts.password, { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: new RegExp(texts.agreePrefix.trim()) }).check();
  await page.getByTestId('login-submit').click();
  if (agreementDialog) await page.getByTestId('agreement-agree').click();
}

/** Picks a language in the header's (or login page's) language menu by its own name, e.g. 'English'. */
export async function chooseLanguage(page: Page, text: string): Promise<void> {
  await page.getByTestId('language-switch').first().click();
  await page.getByRole('menuitem', { name: text }).click();
  // the console switches (and stores the choice) once the language's texts are fetched: wait for `<html lang>`
  const lang = LANGUAGE_TAGS[text];
  if (lang) await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 30_000 });
}

/** The `<html lang>` the console sets for each language menu item. */
const LANGUAGE_TAGS: Record<string, string> = { English: 'en-US', 日本語: 'ja-JP', 简体中文: 'zh-CN' };

/**
 * Options for a describe block whose tests are one journey: each builds on the page and the server state the ones
 * before left, so a CI retry cannot redo a failed step (it would run on what the failure left behind and time out).
 * Pass to `describe(name, JOURNEY, fn)` and call `journey()` inside it.
 */
export const JOURNEY = { retry: 0 } as const;

/**
 * Makes the calling describe block's tests a journey: once one fails, the later ones are skipped with the failed
 * step's name, so the run reports the one cause instead of a cascade of 30-second timeouts; with `failedShot`, the
 * page of the failed step is saved as e2e/artifacts/<name>-failed.png. Call inside a describe declared with JOURNEY
 * (no retry: a skipped retry would hide the failure).
 */
export function journey(failedShot?: { name: string; page: () => Page | undefined }): void {
  let failed: string | undefined;
  beforeEach((ctx) => {
    if (failed) ctx.skip(`an earlier step of this journey failed: ${failed}`);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    failed ??= ctx.task.name;
    // what the page showed when the step failed: e2e/artifacts/<name>-failed.png
    const p = failedShot?.page();
    if (p) await shot(p, `${failedShot!.name}-failed`).catch(() => undefined);
  });
}
