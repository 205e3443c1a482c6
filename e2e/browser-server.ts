/**
 * One Chromium for the whole e2e run (issue 17: suite time). A Vitest global setup of the `e2e` project
 * (vitest.config.ts): launches Debian's Chromium as a Playwright browser server with the arguments every spec
 * used to launch its own with, and sets `MP_E2E_BROWSER_WS` to its endpoint; `launchBrowser` (e2e/support.ts)
 * connects to it, and each spec works in its own browser contexts (closed with the spec's `browser.close()`).
 * Saves one browser start and stop per spec (about 1 s of CPU). Already set: nothing is launched;
 * `MP_E2E_SHARED_BROWSER=off`: none, every spec launches its own as before.
 */
import { chromium } from 'playwright-core';

/** The Chromium every spec runs in (Debian's, not a downloaded one): `CHROMIUM_PATH` or /usr/bin/chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's command-line switches for the e2e specs (headless, no sandbox, nothing in the background). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** The environment variable with the shared browser's WebSocket endpoint. */
export const BROWSER_WS_ENV = 'MP_E2E_BROWSER_WS';

/** The global setup: launches the shared browser; returns the teardown that closes it. */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[BROWSER_WS_ENV] || process.env.MP_E2E_SHARED_BROWSER === 'off') return undefined;
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  process.env[BROWSER_WS_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[BROWSER_WS_ENV];
    await server.close();
  };
}
