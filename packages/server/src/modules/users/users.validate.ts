/**
 * Server checks of a user's fields (SPEC §5 User): the protocol package's `checkUserFields` (the rules
 * the console shows), then what needs the database — the affiliated and default organisations belong
 * and the station belong to the user's tenant, and user name, mobile and e-mail are unused in every
 * tenant (sign-in names, sign-in-names.ts) — and the avatar and face photo (images of at most 500K, kept as files of the user's tenant). Failures are AppErrors whose `field` parameter is the field's label in the
 * request's language (`errors:user.field.<key>`), so the message names the field as the form does.
 */
import type { FastifyRequest } from 'fastify';
import { translate, type Locale } from '@mp/i18n';
import { checkUserFields, Codes, LOGO_MIME_TYPES, USER_RULES, UserCodes, type Gender, type UserFieldProblem } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { UniqueErrors } from '../../lib/unique-violation.js';
import { fileIdInTenant, findFileById } from '../files/files.repository.js';
import { findStationById } from '../stations/stations.repository.js';
import { findOrganisationById } from '../organisations/organisations.repository.js';
import { findSignInNameHolders, signInNamesOf, takenSignInKinds, type SignInKind, type SignInSelf } from './sign-in-names.js';
import { findUserById } from './users.repository.js';

/** The editable fields of a user after checking: trimmed, '' for absent text. */
export interface UserFields {
  username: string;
  employeeName: string;
  employeeCode: string;
  gender: Gender;
  orgId: string;
  defaultOrgId: string;
  stationId: string;
  effectiveDate: string;
  expiryDate: string;
  status: 0 | 1;
  email: string;
  mobile: string;
  officePhone: string;
  homePhone: string;
  idCard: string;
  avatar: string;
  facePhoto: string;
  signature: string;
  description: string;
}

/** Anything carrying the editable fields (form bodies, import rows). */
export type UserFieldInput = { [K in keyof UserFields]?: string | number | undefined | null };

/** A problem with any field of the form, including those the protocol check does not know. */
export interface FieldProblem {
  field: string;
  code: string;
  params?: Record<string, unknown>;
}

/** The label of a field in `locale` (`errors:user.field.<field>`). */
export function fieldLabel(locale: Locale, field: string): string {
  return translate(locale, `errors:user.field.${field}`);
}

/** The message of a problem in `locale`. */
export function problemMessage(locale: Locale, p: FieldProblem): string {
  return translate(locale, `errors:${p.code}`, { ...p.params, field: fieldLabel(locale, p.field) });
}

/** An AppError for a problem, its field named in the request's language. */
export function problemError(request: FastifyRequest, p: FieldProblem): AppError {
  return new AppError(p.code, { ...p.params, field: fieldLabel(request.locale, p.field) });
}

/** Trims the input into UserFields (no checks). */
export function normaliseFields(b: UserFieldInput): UserFields {
  const s = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
  return {
    username: s(b.username),
    employeeName: s(b.employeeName),
    employeeCode: s(b.employeeCode),
    gender: s(b.gender) as Gender,
    orgId: s(b.orgId),
    defaultOrgId: s(b.defaultOrgId),
    stationId: s(b.stationId),
    effectiveDate: s(b.effectiveDate),
    expiryDate: s(b.expiryDate),
    status: Number(b.status) === 0 ? 0 : 1,
    email: s(b.email),
    mobile: s(b.mobile),
    officePhone: s(b.officePhone),
    homePhone: s(b.homePhone),
    idCard: s(b.idCard),
    avatar: s(b.avatar),
    facePhoto: s(b.facePhoto),
    signature: s(b.signature),
    description: s(b.description),
  };
}

/** Every rule problem that needs no database (SPEC §5 User through the protocol's `checkUserFields`). */
export function fieldProblems(f: UserFields): FieldProblem[] {
  return checkUserFields(f).map((p: UserFieldProblem) => ({ ...p }));
}

/** "Already in use" per sign-in name field; the message never says where (which tenant) it is used. */
const IN_USE: Record<SignInKind, (f: UserFields) => FieldProblem> = {
  username: (f) => ({ field: 'username', code: UserCodes.USERNAME_IN_USE, params: { username: f.username } }),
  mobile: (f) => ({ field: 'mobile', code: UserCodes.MOBILE_IN_USE, params: { mobile: f.mobile } }),
  email: (f) => ({ field: 'email', code: UserCodes.EMAIL_IN_USE, params: { email: f.email } }),
};

/**
 * The problem of each unique key of a user, by the constraint behind it: the per-tenant unique indexes
 * of `users`, the field-naming violations the sign-in name triggers raise (migration 0016), and the
 * `sign_in_names` indexes themselves, met only by a simultaneous write of the same name.
 */
const KEY_PROBLEMS: Record<string, (f: UserFields) => FieldProblem> = {
  users_tenant_username_uq: IN_USE.username,
  users_tenant_mobile_uq: IN_USE.mobile,
  users_tenant_email_uq: IN_USE.email,
  sign_in_names_username_uq: IN_USE.username,
  sign_in_names_mobile_uq: IN_USE.mobile,
  sign_in_names_email_uq: IN_USE.email,
  sign_in_names_name_uq: () => ({ field: 'username', code: UserCodes.SIGN_IN_NAME_IN_USE }),
  sign_in_names_pk: () => ({ field: 'username', code: UserCodes.SIGN_IN_NAME_IN_USE }),
};

/**
 * Problems of uniqueness: user name, mobile and e-mail are sign-in names, unique across all tenants
 * (sign-in-names.ts); each new name (not one `self` already has) held by another account is a
 * problem. `holders` from `findSignInNameHolders`.
 */
export function uniquenessProblems(f: UserFields, holders: Map<string, string[]>, self: SignInSelf): FieldProblem[] {
  return takenSignInKinds(f, holders, self).map((kind) => IN_USE[kind](f));
}

/**
 * The localised errors of the unique keys of `f`, by index name: what the pre-check raises, for the
 * write to raise when a simultaneous write wins the race (lib/unique-violation.ts).
 */
export function uniqueKeyErrors(request: FastifyRequest, f: UserFields): UniqueErrors {
  return Object.fromEntries(Object.entries(KEY_PROBLEMS).map(([index, problem]) => [index, problemError(request, problem(f))]));
}

/**
 * Checks a form body for a user of `tenantId` (`selfId`: the user being modified) and returns its
 * fields; raises the first problem as a localised AppError.
 */
export async function checkEditableFields(
  tx: Tx,
  request: FastifyRequest,
  tenantId: string,
  b: UserFieldInput,
  selfId: string | undefined,
): Promise<UserFields> {
  const f = normaliseFields(b);
  const first = fieldProblems(f)[0];
  if (first) throw problemError(request, first);
  if (!(await findOrganisationById(tx, tenantId, f.orgId))) throw problemError(request, { field: 'orgId', code: UserCodes.ORG_NOT_FOUND });
  if (f.defaultOrgId && !(await findOrganisationById(tx, tenantId, f.defaultOrgId)))
    throw problemError(request, { field: 'defaultOrgId', code: UserCodes.ORG_NOT_FOUND });
  if (f.stationId && !(await findStationById(tx, tenantId, f.stationId)))
    throw problemError(request, { field: 'stationId', code: UserCodes.STATION_NOT_FOUND });
  const holders = await findSignInNameHolders(
    tx,
    signInNamesOf(f).map((n) => n.name),
  );
  const self = selfId ? await findUserById(tx, selfId) : undefined;
  const taken = uniquenessProblems(f, holders, self)[0];
  if (taken) throw problemError(request, taken);
  return f;
}

const IMAGE_CODES = {
  avatar: { notImage: UserCodes.AVATAR_NOT_IMAGE, tooLarge: UserCodes.AVATAR_TOO_LARGE },
  facePhoto: { notImage: UserCodes.FACE_PHOTO_NOT_IMAGE, tooLarge: UserCodes.FACE_PHOTO_TOO_LARGE },
} as const;

/**
 * The avatar or face photo, when given, must be a stored raster image of at most 500K (SPEC §5, §9).
 * Answers the id to store: the file itself, or its copy in `tenantId` when it was uploaded elsewhere
 * (files.repository `fileIdInTenant`), so the user's own tenant can show it. '' stays ''.
 */
export async function checkImage(tx: Tx, field: keyof typeof IMAGE_CODES, fileId: string, tenantId: string): Promise<string> {
  if (!fileId) return '';
  const file = await findFileById(tx, fileId);
  if (!file) throw new AppError(Codes.FILE_NOT_FOUND);
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.mime)) throw new AppError(IMAGE_CODES[field].notImage);
  if (file.size > USER_RULES.avatarBytes) throw new AppError(IMAGE_CODES[field].tooLarge);
  return fileIdInTenant(tx, file, tenantId);
}
