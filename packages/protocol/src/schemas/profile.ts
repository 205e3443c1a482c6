/**
 * The signed-in user's own calls (issue 15 "Dashboard", "`POST /auth/user/load`", "A self-service
 * profile"; SPEC §3 User, §5 User, §7 auth service): the profile (`user/load`), the sign-in history,
 * the user's sessions and ending the other ones, and the fields a user may change themselves — avatar,
 * work signature, and mobile / e-mail each confirmed with a one-time code sent to the new address.
 * Every call acts on the caller only (the session decides who); docs/users.md, docs/protocol.md.
 */
import Type, { type Static } from 'typebox';
import { USER_RULES } from '../rules/user.js';
import { PagingSchema } from './common.js';

/** Gateway paths of these calls (auth service, any signed-in user). */
export const ProfilePaths = {
  /** POST, no query parameters and no body: the caller's profile (`row: UserProfile`). */
  userload: '/gateway/auth/auth/user/load',
  signinhistory: '/gateway/auth/auth/user/signinhistory',
  mysessions: '/gateway/auth/auth/user/mysessions',
  endmysession: '/gateway/auth/auth/user/endmysession',
  endothersessions: '/gateway/auth/auth/user/endothersessions',
  saveprofile: '/gateway/auth/auth/user/saveprofile',
  sendcontactcode: '/gateway/auth/auth/user/sendcontactcode',
  confirmcontact: '/gateway/auth/auth/user/confirmcontact',
} as const;

/** How far back the sign-in history reaches (days). */
export const SIGNIN_HISTORY_DAYS = 90;

/** The fields a user may change themselves (everything else is the administrators'). */
export const SELF_EDITABLE_FIELDS = ['avatar', 'signature', 'mobile', 'email'] as const;

/** The caller's profile as the console shows it: SPEC §3 User without secrets (no password, no ID-card number). */
export interface UserProfile {
  userId: string;
  userName: string;
  employeeName: string;
  employeeCode: string;
  /** 'M' | 'F' | '' */
  gender: string;
  email: string;
  mobile: string;
  officePhone: string;
  homePhone: string;
  orgId: string;
  orgName: string;
  stationId: string;
  stationName: string;
  /** YYYY-MM-DD or '' */
  effectiveDate: string;
  expiryDate: string;
  status: number;
  description: string;
  /** File id of the avatar and its URL (add `?code=<md5(token)>` to show it, SPEC §7 image URLs); '' when none. */
  avatar: string;
  avatarUrl: string;
  /** URL of the face photo (issue 18, docs/face.md; add `?code=`); '' when none. */
  facePhotoUrl: string;
  /** Work signature: a text of at most 200 characters (SPEC §3 User "work signature"; docs/users.md). */
  signature: string;
  tenantId: string;
  tenantName: string;
  tenantCode: string;
  /** Identities, descending (SPEC §3 Identity), and the user types they expand into (strings). */
  identities: number[];
  userTypes: string[];
  superManager: boolean;
  /** ISO times or ''. */
  lastLoginAt: string;
  passwordChangedAt: string;
  /** What this user may change with saveprofile / the contact calls. */
  editable: (typeof SELF_EDITABLE_FIELDS)[number][];
}

/** `signinhistory`: a page of the caller's sign-in events of the last 90 days, newest first. */
export const SignInHistoryBody = Type.Object({ ...PagingSchema });
export type SignInHistoryBody = Static<typeof SignInHistoryBody>;

/** One sign-in event (audit_log `signin` / `signin.*` of the caller). */
export interface SignInHistoryRow {
  id: string;
  /** ISO time. */
  at: string;
  /** 'signin' | 'signin.failed' | 'signin.locked' | 'signin.mfa_pending' | 'signin.mfa_skipped' */
  action: string;
  /** For 'signin': 'password' | 'code' | 'mfa' (or ''). */
  method: string;
  ip: string;
  userAgent: string;
}

/** One of the caller's sessions (never the token or anything derived from it but the opaque id). */
export interface MySessionRow {
  id: string;
  /** 'active' | 'replaced' | 'ended' | 'expired' */
  state: string;
  ip: string;
  userAgent: string;
  /** ISO times; endedAt '' while active. */
  createdAt: string;
  expiresAt: string;
  endedAt: string;
  current: boolean;
}

/** `endmysession`: one of the caller's other live sessions. */
export const EndMySessionBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type EndMySessionBody = Static<typeof EndMySessionBody>;

/** `saveprofile`: the fields given are changed (absent ones are kept); `avatar` '' removes the avatar. */
export const SaveProfileBody = Type.Object({
  avatar: Type.Optional(Type.String({ maxLength: 64 })),
  signature: Type.Optional(Type.String({ maxLength: USER_RULES.signature.max * 2 })),
});
export type SaveProfileBody = Static<typeof SaveProfileBody>;

export const ContactType = Type.Union([Type.Literal('email'), Type.Literal('mobile')]);
export type ContactType = Static<typeof ContactType>;

/** `sendcontactcode`: a 6-digit code to the NEW address (must be free in every tenant). */
export const SendContactCodeBody = Type.Object({ type: ContactType, address: Type.String({ maxLength: 200 }) });
export type SendContactCodeBody = Static<typeof SendContactCodeBody>;

/** `confirmcontact`: the code received at `address`; the address becomes the account's. */
export const ConfirmContactBody = Type.Object({ type: ContactType, address: Type.String({ maxLength: 200 }), code: Type.String({ maxLength: 20 }) });
export type ConfirmContactBody = Static<typeof ConfirmContactBody>;
