/**
 * How a My apps tile opens its application (docs/users.md "Opening an application"): never with a token.
 * An application using OpenID Connect opens at its login initiation URI with `iss` (OpenID Connect Core §4);
 * one using the console's SSO query (`ssoMode` 2) at its callback address with a fresh single-use ticket,
 * asked for at the moment it opens. The open type (SPEC §3 Menu open type) decides where: 1 in a frame inside
 * the console's layout (this window), 2 a new window showing that framed page, 3 a new window of the
 * application alone.
 */
import { SsoMode, type UserAppRow } from '@mp/protocol';
import { ssoTicketUrl } from '../../../api/my-apps';

/** An address to open: known now, or to be asked for (a ticket address, single use). */
export type Address = string | (() => Promise<string>);

/** The console path of the framed view of application `code` (open types 1 and 2). */
export function framePath(code: string): string {
  return `/userAdmin/app?open=${encodeURIComponent(code)}`;
}

/** Where `app` opens: its `loginUrl`, or for the SSO query a function asking `ticket` for a fresh address. */
export function addressOf(app: Pick<UserAppRow, 'id' | 'loginUrl' | 'ssoMode'>, ticket: (id: string) => Promise<string> = ssoTicketUrl): Address {
  return app.ssoMode === SsoMode.SSO_QUERY ? () => ticket(app.id) : app.loginUrl;
}

/**
 * Opens `address` in a new window that cannot reach back into the console (no `opener`: no reverse
 * tabnabbing); null when the browser blocked it. The window opens at once (inside the click, so it is not
 * blocked) and goes to an asked-for address when it arrives; it closes again when asking fails.
 */
export function openDetached(address: Address): Window | null {
  const w = window.open('', '_blank');
  if (!w) return null;
  w.opener = null;
  if (typeof address === 'string') w.location.href = address;
  else
    address().then(
      (url) => {
        w.location.href = url;
      },
      () => w.close(),
    );
  return w;
}

export type OpenOutcome = 'navigated' | 'window' | 'no-address' | 'blocked';

/**
 * Opens `app`: `navigate` for the framed view in this window, `openWindow` for new windows (the framed view,
 * or the application's address). Answers what happened ('no-address' when the app has no usable address,
 * 'blocked' when the browser refused the new window).
 */
export function openApp(
  app: Pick<UserAppRow, 'id' | 'code' | 'loginUrl' | 'openType' | 'ssoMode'>,
  navigate: (to: string) => void,
  openWindow: (address: Address) => Window | null = openDetached,
  ticket?: (id: string) => Promise<string>,
): OpenOutcome {
  if (!app.loginUrl) return 'no-address';
  if (app.openType === 1) {
    navigate(framePath(app.code));
    return 'navigated';
  }
  const w = openWindow(app.openType === 2 ? framePath(app.code) : addressOf(app, ticket));
  return w ? 'window' : 'blocked';
}
