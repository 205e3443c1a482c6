/**
 * WeChat QR sign-in (SPEC §3 WeChat type 1 enterprise WeChat, 2 official account, 3 open platform; §4
 * "the WeChat login polling call is excluded" from the loading indicator; §7 no automatic error toast;
 * §8 'User association succeeded'; docs/wechat-signin.md). The login page asks for a QR ticket, shows
 * its authorize URL as a QR code and polls; the phone's WeChat opens the URL, WeChat redirects it to the
 * callback with `code` and `state`, and the next poll signs in (or asks for a password to bind first).
 */
import Type, { type Static } from 'typebox';
import type { MfaPendingRow } from './otc.js';
import type { SignInRow } from './login.js';

export const WechatPaths = {
  /** GET (public) → `{ rows: WechatOption[] }`: the enabled WeChat configurations (no secrets). */
  options: '/gateway/auth/auth/wechat/options',
  /** POST (signed) `WechatQrBody` → `{ row: WechatQrRow }`: a new QR ticket. */
  qr: '/gateway/auth/auth/wechat/qr',
  /** GET (public) `?code=&state=`: WeChat's redirect after the scan; answers a small HTML page for the phone. */
  callback: '/gateway/auth/auth/wechat/callback',
  /** POST (signed) `WechatPollBody` → `{ row: WechatPollRow }`; no loading indicator, no toast. */
  poll: '/gateway/auth/auth/wechat/poll',
  /** POST (signed) `WechatBindBody` → `{ row: WechatPollRow }` (signed in): binds the scanned identity after the password. */
  bind: '/gateway/auth/auth/wechat/bind',
} as const;

/** Limits of QR sign-in. */
export const WECHAT_RULES = {
  /** Seconds a QR code waits for its scan. */
  qrTtlSeconds: 120,
  /** Seconds a scanned ticket stays usable for the binding form. */
  bindTtlSeconds: 300,
  /** Wrong passwords allowed on one scanned ticket (the account's lockout counts them too). */
  bindAttempts: 5,
  /** The console's polling interval (ms). */
  pollMs: 2000,
} as const;

/** A ticket as the browser holds it: 43 base64url characters (32 random bytes). */
const TicketString = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `POST qr`: which configuration (an enabled one's id); absent: the first enabled by order. */
export const WechatQrBody = Type.Object({ configId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });
export type WechatQrBody = Static<typeof WechatQrBody>;

/** `POST poll`: the ticket; `agree` is the accepted privacy agreement (resent after the dialog). */
export const WechatPollBody = Type.Object({ ticket: TicketString, agree: Type.Optional(Type.Boolean()) });
export type WechatPollBody = Static<typeof WechatPollBody>;

/** `POST bind`: the ticket and the account's sign-in name and password (encrypted like signin's). */
export const WechatBindBody = Type.Object({
  ticket: TicketString,
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  agree: Type.Optional(Type.Boolean()),
});
export type WechatBindBody = Static<typeof WechatBindBody>;

/** `GET callback`: what WeChat appends to the redirect URI (`code` is absent when the user refused). */
export const WechatCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.String({ maxLength: 128 }),
  appid: Type.Optional(Type.String({ maxLength: 200 })),
});
export type WechatCallbackQuery = Static<typeof WechatCallbackQuery>;

/** An enabled WeChat configuration as the login page sees it. */
export interface WechatOption {
  id: string;
  name: string;
  /** 1 enterprise WeChat, 2 official account, 3 open platform (SPEC §3). */
  type: 1 | 2 | 3;
}

/** A new QR ticket: `ticket` is the poller's secret (never in the QR), `url` what the QR encodes. */
export interface WechatQrRow {
  ticket: string;
  url: string;
  /** ISO time the QR code expires; `expiresIn` the same in seconds from now. */
  expiresAt: string;
  expiresIn: number;
}

/** Where a ticket stands. */
export type WechatPollState = 'waiting' | 'scanned' | 'expired' | 'needsBinding' | 'signedIn';

/** `poll` / `bind` answer: `signIn` with `signedIn` — a session like signin's, or a pending MFA sign-in. */
export interface WechatPollRow {
  state: WechatPollState;
  signIn?: SignInRow | MfaPendingRow;
}
