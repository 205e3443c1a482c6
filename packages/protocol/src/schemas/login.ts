/** Sign-in and session schemas and types (PROTOCOL.md "Sign-in sequence"; SPEC §3 Session user info). */
import Type, { type Static } from 'typebox';
import { DEFAULTS } from '../enums.js';
import { DEFAULT_PASSWORD_RULE } from '../rules.js';

const Hex = /* @__NO_SIDE_EFFECTS__ */ (maxLength: number) => Type.String({ minLength: 2, maxLength, pattern: '^[0-9a-f]+$' });

/**
 * An ALTCHA proof-of-work challenge (altcha-lib v2 format) as `validcode` issues it with a type '1' or
 * '2' captcha, bound to that captcha by `parameters.data.captchaId` and signed by the server (HMAC);
 * the client sends it back unchanged with its solution (docs/login.md "Proof of work").
 */
export const PowChallenge = Type.Object(
  {
    parameters: Type.Object(
      {
        algorithm: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Z0-9/-]+$' }),
        nonce: Hex(128),
        salt: Hex(128),
        cost: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
        keyLength: Type.Integer({ minimum: 1, maximum: 64 }),
        keyPrefix: Hex(128),
        keySignature: Type.Optional(Hex(128)),
        expiresAt: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e11 })),
        data: Type.Optional(
          Type.Object({ captchaId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-zA-Z-]+$' }) }, { additionalProperties: false }),
        ),
      },
      { additionalProperties: false },
    ),
    signature: Hex(128),
  },
  { additionalProperties: false },
);
export type PowChallenge = Static<typeof PowChallenge>;

/** A solved proof of work: the challenge as issued and the counter found with its derived key. */
export const PowAnswer = Type.Object(
  {
    challenge: PowChallenge,
    solution: Type.Object(
      {
        counter: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
        derivedKey: Hex(128),
        /** Milliseconds the solver took (informative). */
        time: Type.Optional(Type.Number({ minimum: 0, maximum: 3_600_000 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PowAnswer = Static<typeof PowAnswer>;

export const SignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  verifyCode: Type.Optional(Type.String({ maxLength: 16 })),
  agree: Type.Optional(Type.Boolean()),
  /**
   * The slider answer when `verifyCodeType` is '2' (with `captchaId`): the piece's final x in the
   * background's natural pixels, the drag's duration and up to 80 [ms, x] samples (rules/signin.ts).
   */
  slider: Type.Optional(
    Type.Object(
      {
        x: Type.Number({ minimum: -1000, maximum: 10000 }),
        durationMs: Type.Number({ minimum: 0, maximum: 3_600_000 }),
        /** Samples `[ms since the drag began, x]`, bounded like `durationMs` and `x`. */
        track: Type.Array(Type.Tuple([Type.Number({ minimum: 0, maximum: 3_600_000 }), Type.Number({ minimum: -1000, maximum: 10000 })], { maxItems: 2 }), {
          maxItems: 80,
        }),
      },
      { additionalProperties: false },
    ),
  ),
  /** The solved proof of work of the captcha's `pow` challenge; required with verifyCodeType '1' and '2'. */
  pow: Type.Optional(PowAnswer),
});
export type SignInBody = Static<typeof SignInBody>;

export const TokenBody = Type.Object({
  accountName: Type.Optional(Type.String({ maxLength: 100 })),
  token: Type.String({ minLength: 1, maxLength: 256 }),
});
export type TokenBody = Static<typeof TokenBody>;

export const ModifyPasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  confirmPassword: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type ModifyPasswordBody = Static<typeof ModifyPasswordBody>;

/** Login configuration carried in the startup configuration's `rows` (SPEC §9 defaults). */
export interface LoginConfig {
  systemName: string;
  /** '0' none, '1' image digits, '2' slider. */
  verifyCodeType: '0' | '1' | '2';
  loginMode: string;
  loginFormPosition: 'left' | 'center' | 'right';
  forcePasswordChange: boolean;
  multiLanguage: boolean;
  showTenantName: boolean;
  mourningMode: boolean;
  progressBar: boolean;
  noticeManagement: boolean;
  menuCollapsed: boolean;
  bambooCloud: boolean;
  /** Password sign-in asks for a code sent by mail or SMS before the session starts (docs/codes.md). */
  mfaEnabled: boolean;
  /** The reset page counts 10 s back to login after success (SPEC §2, §9: off). */
  resetCountdown: boolean;
  /** The password rule's regular expression (code table type 1). */
  passwordReg: string;
}

/** SPEC §9 code defaults of the login configuration (the first layer of the config priority). */
export const LOGIN_CONFIG_DEFAULTS: LoginConfig = {
  systemName: 'MP3.0',
  verifyCodeType: '1',
  loginMode: DEFAULTS.loginMode,
  loginFormPosition: 'right',
  forcePasswordChange: false,
  multiLanguage: true,
  showTenantName: false,
  mourningMode: false,
  progressBar: true,
  noticeManagement: false,
  menuCollapsed: false,
  bambooCloud: false,
  mfaEnabled: false,
  resetCountdown: false,
  passwordReg: DEFAULT_PASSWORD_RULE,
};

/** `data` of `GET /gateway/auth/`. */
export interface StartupConfig {
  rows: LoginConfig;
  currentTime: number;
  mpk: string;
  cryptoType: '1' | '2';
  /** The console's request timeout in ms (SPEC §9; the server's `MP_REQUEST_TIMEOUT_MS`); absent: DEFAULTS.requestTimeoutMs. */
  requestTimeoutMs?: number;
}

export interface TenantRef {
  objID: string;
  name: string;
  code: string;
}
export interface AppRef {
  appID: string;
  name: string;
  code: string;
}

/** Session user info answered by `tokenlogin` (SPEC §3). */
export interface SessionUserInfo {
  token: string;
  accessToken: string;
  userId: string;
  userName: string;
  employeeName: string;
  tenantId: string;
  /** Identities, sorted descending (SPEC §3 Identity). */
  userType: number[];
  /** User types the identities expand into, as strings (SPEC §4 Login flow). */
  userTypes: string[];
  currentUserType: string;
  appList: AppRef[];
  tenantList: TenantRef[];
  /** Milliseconds since the epoch at which the token expires. */
  expiresAt: number;
  superManager: boolean;
  /**
   * True while the user must change their password before anything else (login configuration
   * `forcePasswordChange` and a password never changed by its owner); the server refuses every other
   * call with `signin.password_change_required` until `modifypassword` succeeds (docs/login.md).
   */
  mustChangePassword?: boolean;
}

/**
 * `validcode` answer: an image captcha (type '1': `image` a PNG data URL), or with `piece` a slider
 * puzzle (type '2'); both with the proof-of-work challenge `pow`.
 */
export interface CaptchaRow {
  captchaId: string;
  /** Image digits, or the slider's background with the gap: a PNG data URL. */
  image: string;
  /** Slider only: the piece as a PNG data URL, `pieceSize` pixels square, to be laid at `pieceY`. */
  piece?: string;
  pieceY?: number;
  pieceSize?: number;
  width?: number;
  height?: number;
  /** The proof-of-work challenge bound to this captcha; the sign-in sends it back solved (`pow`). */
  pow?: PowChallenge;
}
export interface SignInRow {
  token: string;
  userId: string;
  /** See SessionUserInfo.mustChangePassword. */
  mustChangePassword?: boolean;
}
export interface CodeTableEntry {
  codeType: number;
  codeKey: string;
  codeVal: string;
}

/** Tenant menu row from the server (SPEC §3 Tenant menu row). */
export interface TenantMenuRow {
  menuId: string;
  menuName: string;
  menuIcon: string;
  parentMenuId: string;
  menuUrl: string;
  /** Permission bits of the caller on this menu: 1 read, 2 write (its controls); absent means both. */
  purview?: number;
  children: TenantMenuRow[];
}
