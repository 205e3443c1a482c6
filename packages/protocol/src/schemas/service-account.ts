/**
 * Service accounts (issue 17 "The API as a product"; docs/service-accounts.md): an API credential of one
 * scope — the platform tenant (`sys`, managed by platform administrators) or one tenant (managed in the tenant
 * area, TENANTID) — that holds roles of its tenant and signs in without a browser. The secret (32 random
 * bytes, 64 hex characters) is answered exactly once, by `add…` and `rotate…`; no other answer carries it.
 */
import Type, { type Static } from 'typebox';
import { pageQuery, StatusValueSchema } from './common.js';

/** Gateway paths of the service-account calls (all POST). */
export const ServiceAccountPaths = {
  /** The credential's sign-in: `{ keyId, secret }` (the secret encrypted like a password) → a session token. */
  serviceaccounttoken: '/gateway/auth/serviceaccount/token',
  /** Platform administrators: service accounts of the platform tenant `sys`. */
  listserviceaccount: '/gateway/tenant/plat/serviceaccount/listserviceaccount',
  addserviceaccount: '/gateway/tenant/plat/serviceaccount/addserviceaccount',
  editserviceaccount: '/gateway/tenant/plat/serviceaccount/editserviceaccount',
  rotateserviceaccount: '/gateway/tenant/plat/serviceaccount/rotateserviceaccount',
  statusserviceaccount: '/gateway/tenant/plat/serviceaccount/statusserviceaccount',
  deleteserviceaccount: '/gateway/tenant/plat/serviceaccount/deleteserviceaccount',
  /** The tenant area (TENANTID): the tenant's administrators and holders of the calls' API grants. */
  listtenantserviceaccount: '/gateway/tenant/plat/serviceaccount/listtenantserviceaccount',
  addtenantserviceaccount: '/gateway/tenant/plat/serviceaccount/addtenantserviceaccount',
  edittenantserviceaccount: '/gateway/tenant/plat/serviceaccount/edittenantserviceaccount',
  rotatetenantserviceaccount: '/gateway/tenant/plat/serviceaccount/rotatetenantserviceaccount',
  statustenantserviceaccount: '/gateway/tenant/plat/serviceaccount/statustenantserviceaccount',
  deletetenantserviceaccount: '/gateway/tenant/plat/serviceaccount/deletetenantserviceaccount',
} as const;

/** Field limits: name 1–64 characters, description ≤ 200, 1–20 roles; key ids `sa-` + 24 hex; secrets 64 hex. */
export const SERVICE_ACCOUNT_RULES = {
  name: { max: 64 },
  description: { max: 200 },
  roles: { min: 1, max: 20 },
  keyId: /^sa-[0-9a-f]{24}$/,
  secret: /^[0-9a-f]{64}$/,
} as const;

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** A calendar date `YYYY-MM-DD`: the credential is valid through the end of that day (UTC). */
const DateOnly = Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const SERVICE_ACCOUNT_SORT_FIELDS = ['name', 'keyId', 'status', 'expiresAt', 'lastUsedAt', 'createdAt'] as const;

/** `list…serviceaccount`: paged; keyword (name or key id contains), status; sort. */
export const ServiceAccountListBody = Type.Object({
  ...pageQuery(SERVICE_ACCOUNT_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(StatusValueSchema),
});
export type ServiceAccountListBody = Static<typeof ServiceAccountListBody>;

const fields = {
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  /** Roles of the service account's tenant; replaces the set on edit. */
  roleIds: Type.Array(Id, { maxItems: 100 }),
  /** Last valid day (UTC), or null / absent: no expiry. */
  expiresAt: Type.Optional(Type.Union([DateOnly, Type.Null()])),
};
export const ServiceAccountAddBody = Type.Object(fields);
export type ServiceAccountAddBody = Static<typeof ServiceAccountAddBody>;
export const ServiceAccountEditBody = Type.Object({ id: Id, ...fields });
export type ServiceAccountEditBody = Static<typeof ServiceAccountEditBody>;
/** `rotate…` / `delete…`: one service account (its id = its user id). */
export const ServiceAccountIdBody = Type.Object({ id: Id });
export type ServiceAccountIdBody = Static<typeof ServiceAccountIdBody>;
export const ServiceAccountStatusBody = Type.Object({ id: Id, status: StatusValueSchema });
export type ServiceAccountStatusBody = Static<typeof ServiceAccountStatusBody>;

/** The credential's sign-in. `secret`: the 64 hex characters, encrypted with the deployment key (like a password). */
export const ServiceAccountTokenBody = Type.Object(
  {
    keyId: Type.String({ minLength: 1, maxLength: 64 }),
    secret: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type ServiceAccountTokenBody = Static<typeof ServiceAccountTokenBody>;

/** One service account as lists and writes answer it (never the secret or its hash). */
export interface ServiceAccountRow {
  id: string;
  keyId: string;
  name: string;
  description: string;
  /** 1 enabled, 0 disabled. */
  status: 0 | 1;
  roles: { id: string; name: string }[];
  /** Last valid day, or null. */
  expiresAt: string | null;
  /** The expiry has passed. */
  expired: boolean;
  /** ms since the epoch, or null when never used. */
  lastUsedAt: number | null;
  secretRotatedAt: number;
  createdAt: number;
  createdBy: string;
}

/** `add…` and `rotate…`: the row and the secret, shown once. */
export interface ServiceAccountSecretData {
  row: ServiceAccountRow;
  secret: string;
}

/** The token call's answer: the session token (sign it like a console's), its user id and expiry (ms). */
export interface ServiceAccountTokenRow {
  token: string;
  userId: string;
  expiresAt: number;
}
