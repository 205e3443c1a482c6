/**
 * Online sessions (SPEC §4 Records: users online/offline; removal shows 'Eliminate user success'):
 * the list an administrator sees and the rows it answers. Calls: `listsession`, `endsession`
 * (docs/protocol.md Calls, docs/sessions.md).
 */
import Type, { type Static } from 'typebox';
import { pageQuery } from './common.js';

/** Search limits of the online-user grid. */
export const SESSION_RULES = {
  keyword: { max: 50 },
  tenant: { max: 50 },
} as const;

/** Sortable columns of the online-user grid; the default is `createdAt` (signed in at), newest first. */
export const SESSION_SORT_FIELDS = ['username', 'createdAt', 'expiresAt'] as const;

/**
 * `POST …/plat/session/listsession`: online sessions (active, unexpired), paged and sorted.
 * `keyword` matches the user name or employee name (contains, case-insensitive); `tenant` the tenant's
 * name or code (platform administrators only: a tenant administrator always sees their own tenant).
 */
export const SessionListBody = Type.Object({
  ...pageQuery(SESSION_SORT_FIELDS),
  keyword: Type.Optional(Type.String({ maxLength: SESSION_RULES.keyword.max })),
  tenant: Type.Optional(Type.String({ maxLength: SESSION_RULES.tenant.max })),
});
export type SessionListBody = Static<typeof SessionListBody>;

/** One online session as the grid shows it (never the token or anything derived from it but the id). */
export interface SessionRow {
  /** The session id (an opaque key; not usable as a credential). */
  id: string;
  userId: string;
  username: string;
  employeeName: string;
  tenantId: string;
  tenantName: string;
  tenantCode: string;
  /** Identities held at sign-in, descending (SPEC §3 Identity). */
  identities: number[];
  ip: string;
  userAgent: string;
  /** ISO times: signed in at, expires at. */
  createdAt: string;
  expiresAt: string;
  /** True for the caller's own current session (it cannot be ended with endsession). */
  current: boolean;
}
