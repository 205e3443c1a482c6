/**
 * One-time codes, MFA and password recovery (SPEC §1 Login, §2 /resetpw, §5 Login / Reset form, §7 auth
 * calls, §8 Login): rules as data (the console's forms and the server check the same), bodies and
 * answer shapes. Decisions in docs/codes.md.
 */
import Type, { type Static } from 'typebox';

/** Rules and limits of one-time codes. */
export const OTC_RULES = {
  /** Dynamic sign-in and MFA codes: 6 digits. */
  code: { length: 6, pattern: /^\d{6}$/ },
  /** Mobile numbers: exactly 11 digits (SPEC §5 User, §9). */
  mobile: { max: 11, pattern: /^\d{11}$/ },
  /** E-mail addresses. */
  email: { max: 100, pattern: /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/ },
  /** Dynamic and MFA codes live 5 minutes; recovery links 30 (MP_RESET_TTL_MIN). */
  codeTtlMinutes: 5,
  resetTtlMinutes: 30,
  /** Wrong tries before a code is dead. */
  maxAttempts: 5,
  /** The console's wait before another code may be asked for (the server's per-address window). */
  resendSeconds: 60,
  /** Reset page countdown back to login (SPEC §9 "reset countdown 10 s (off)"). */
  resetCountdownSeconds: 10,
} as const;

/** Channels a code travels by. */
export const OTC_CHANNELS = ['email', 'mobile'] as const;
export type OtcChannel = (typeof OTC_CHANNELS)[number];

/** `POST …/auth/login/signinbycode`: sign-in with a dynamic code sent to an e-mail or mobile. */
export const CodeSignInBody = Type.Object({
  loginType: Type.Union([Type.Literal('email'), Type.Literal('mobile')]),
  /** The e-mail address or mobile number the code was sent to. */
  address: Type.String({ minLength: 1, maxLength: 100 }),
  dynamicCode: Type.String({ maxLength: 16 }),
  agree: Type.Optional(Type.Boolean()),
});
export type CodeSignInBody = Static<typeof CodeSignInBody>;

/** `POST …/auth/mfa/send/{type}/{username}?ticket=` — the pending MFA ticket proves the password. */
export const MfaSendParams = Type.Object({
  type: Type.Union([Type.Literal('email'), Type.Literal('mobile')]),
  username: Type.String({ minLength: 1, maxLength: 100 }),
});
export const MfaSendQuery = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 128 }) });
export type MfaSendQuery = Static<typeof MfaSendQuery>;

/** `GET …/auth/login/confirm?ticket=&type=&code=` — confirms a pending MFA sign-in. */
export const MfaConfirmQuery = Type.Object({
  ticket: Type.String({ minLength: 1, maxLength: 128 }),
  type: Type.Union([Type.Literal('email'), Type.Literal('mobile')]),
  code: Type.String({ maxLength: 16 }),
});
export type MfaConfirmQuery = Static<typeof MfaConfirmQuery>;

/**
 * `signin` answers this instead of `{ token, userId }` when MFA is on: no session yet, a pending
 * ticket (5 minutes) and the channels the account has, with masked addresses.
 */
export interface MfaPendingRow {
  mfaRequired: true;
  ticket: string;
  username: string;
  channels: { type: OtcChannel; masked: string }[];
}

/** `POST …/auth/user/findpwd?username=` — sends the recovery mail. */
export const FindPwdQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
export type FindPwdQuery = Static<typeof FindPwdQuery>;
/** `POST …/auth/user/checkresetpwd?username=&pwdflag=`. */
export const CheckResetQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }), pwdflag: Type.String({ minLength: 1, maxLength: 128 }) });
export type CheckResetQuery = Static<typeof CheckResetQuery>;
/** `POST …/auth/user/resetpwd?username=&pwdflag=&pwd=` — `pwd` encrypted (PROTOCOL.md "Encrypted values"). */
export const ResetPwdQuery = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  pwdflag: Type.String({ minLength: 1, maxLength: 128 }),
  pwd: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type ResetPwdQuery = Static<typeof ResetPwdQuery>;
