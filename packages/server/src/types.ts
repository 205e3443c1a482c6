/**
 * Fastify type augmentation: what every request carries after the gateway's hooks, and the access
 * rule every route declares (CONVENTIONS "Server": every route declares its access rule).
 */
import type { Locale } from '@mp/i18n';
import type { UserTypeValue } from '@mp/protocol';
import type { ServerConfig } from './config.js';
import type { Database } from './db/client.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { GuardStore } from './modules/session/guard-store.js';
import type { DataScope } from './modules/tenancy/data-scope.js';

/**
 * Who may call a route:
 * - 'public': unsigned, no token (startup configuration, captcha image, OpenAPI, file by code);
 * - 'signed': signed, no token (sign-in);
 * - 'user': signed with a valid session, any user type;
 * - { userTypes }: signed with a valid session whose user holds one of these user types;
 * - { tenant }: the tenant area (docs/tenancy.md): signed with a valid session, and the caller
 *   administers the enabled tenant named by TENANTID (`'admin'`), or also holds an enabled role in it
 *   (`'member'`); `request.tenant` is then set with the caller's data scope. With `menu` (a TENANT_MENU
 *   code) the route is an API of that menu in the tenant API catalogue (`tenantApiCatalogue`), and a
 *   caller who is not the tenant's administrator also needs an API grant of a role for the route's
 *   path (`role_grants.kind = 'api'`, data id = the route's url). With `actsOn` (dotted paths of body
 *   fields holding user ids: `'ids'`, `'userIds'`, `'members.userId'`) the route changes those users:
 *   after validation the guard refuses users outside the caller's data scope (`10009029001`) or holding
 *   more than the caller (`user.outranks_caller`; modules/tenancy/acting-on.ts).
 * - { app: 'admin' }: the application area (docs/applications.md): signed with a valid session of an
 *   application administrator (user types 4/5) or a platform administrator, and the APPID header names
 *   an application the caller administers (any, for a platform administrator); `request.application`
 *   is then set (plugins/app-context.ts).
 * - { appClient: true }: the policy service (docs/applications.md "Client authentication"): not signed;
 *   an enabled confidential OIDC client of an enabled application authenticates with HTTP Basic or a
 *   client_credentials access token (plugins/app-client.ts); `request.appClient` is then set.
 */
export type Access =
  | 'public'
  | 'signed'
  | 'user'
  | { userTypes: readonly UserTypeValue[] }
  | { tenant: 'admin' | 'member'; menu?: string | readonly string[]; actsOn?: string | readonly string[] }
  | { app: 'admin' }
  | { appClient: true };

/** The application an application-area call works on (APPID, checked by the guard; plugins/app-context.ts). */
export interface AppContext {
  id: string;
  code: string;
  name: string;
  status: 0 | 1;
  /** The caller reaches it as a platform administrator, not as one of its administrators. */
  platform: boolean;
}

/** The OIDC client a policy-service call authenticated as, and its application (plugins/app-client.ts). */
export interface AppClientContext {
  clientId: string;
  productId: string;
  productCode: string;
}

/** The tenant a tenant-area call works in (TENANTID, checked by the guard; docs/tenancy.md). */
export interface TenantContext {
  id: string;
  code: string;
  name: string;
  /** The caller administers the tenant (identity 3): the whole tenant is their data scope. */
  admin: boolean;
  /** What the caller may see and change inside the tenant (modules/tenancy/data-scope.ts). */
  scope: DataScope;
}

/** The signed-in caller. */
export interface AuthContext {
  sessionId: string;
  token: string;
  userId: string;
  username: string;
  tenantId: string;
  identities: number[];
  userTypes: UserTypeValue[];
  superManager: boolean;
  expiresAt: Date;
  /** The session is restricted to the first sign-in's password change (modules/auth/password-change.ts). */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Also accept a signature made with an empty user id. Only for `tokenlogin`: a console that
     * arrives with an `ssotoken` knows the token but not yet the user id (docs/protocol.md SSO).
     */
    signerMayOmitUserId?: boolean;
  }
  interface FastifyRequest {
    locale: Locale;
    /** Exact body text as received (the signature covers it). */
    rawBody?: string;
    auth?: AuthContext;
    /** Set by the guard for routes with a `{ tenant }` access rule. */
    tenant?: TenantContext;
    /** Set by the guard for routes with a `{ app }` access rule. */
    application?: AppContext;
    /** Set for routes with an `{ appClient }` access rule: the calling client and its application. */
    appClient?: AppClientContext;
    /** TENANTID header, default 'sys'. */
    tenantHeader: string;
  }
  interface FastifyInstance {
    config: ServerConfig;
    database: Database;
    settings: SettingsService;
    guardStore: GuardStore;
    routeTable: { method: string; url: string; access: unknown; schema?: unknown }[];
  }
}
