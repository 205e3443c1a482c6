/**
 * How a My apps tile opens its application (docs/users.md "Opening an application"): the address is the
 * application's login initiation URI with `iss` (OpenID Connect Core §4) — never a token. The open type
 * (SPEC §3 Menu open type) decides where: 1 in a frame inside the console's layout (this window), 2 a new
 * window showing that framed page, 3 a new window of the application alone.
 */
import type { UserAppRow } from '@mp/protocol';

/** The console path of the framed view of application `code` (open types 1 and 2). */
export function framePath(code: string): string {
  return `/userAdmin/app?open=${encodeURIComponent(code)}`;
}

/**
 * Opens `url` in a new window that cannot reach back into the console (no `opener`: no reverse
 * tabnabbing); null when the browser blocked it.
 */
export function openDetached(url: string): Window | null {
  const w = window.open('', '_blank');
  if (!w) return null;
  w.opener = null;
  w.location.href = url;
  return w;
}

export type OpenOutcome = 'navigated' | 'window' | 'no-address' | 'blocked';

/**
 * Opens `app`: `navigate` for the framed view in this window, `openWindow` (window.open) for new windows.
 * Answers what happened ('no-address' when the app has no usable address, 'blocked' when the browser
 * refused the new window).
 */
export function openApp(app: Pick<UserAppRow, 'code' | 'loginUrl' | 'openType'>, navigate: (to: string) => void, openWindow: (url: string) => Window | null = openDetached): OpenOutcome {
  if (!app.loginUrl) return 'no-address';
  if (app.openType === 1) { navigate(framePath(app.code)); return 'navigated'; }
  const w = openWindow(app.openType === 2 ? framePath(app.code) : app.loginUrl);
  return w ? 'window' : 'blocked';
}
