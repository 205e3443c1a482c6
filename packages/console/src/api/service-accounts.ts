/**
 * Typed calls of service-account management (docs/service-accounts.md): the platform area's
 * (`…serviceaccount`, the platform tenant's accounts) or the tenant area's (`…tenantserviceaccount`, the
 * TENANTID tenant's). `ServiceAccountApi` picks one set, so one screen serves both areas. Add and rotate
 * answer the secret this once. Every function rejects with the client's `ApiError` on `result: '0'`.
 */
import {
  Paths,
  ServiceAccountPaths as P,
  type Paged,
  type RoleRow,
  type ServiceAccountAddBody,
  type ServiceAccountEditBody,
  type ServiceAccountListBody,
  type ServiceAccountRow,
  type ServiceAccountSecretData,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** The calls of one area. */
export interface ServiceAccountApi {
  /** Query-key prefix (keeps the two areas' caches apart). */
  key: string;
  list: (q: ServiceAccountListBody, opts?: RequestOptions) => Promise<Paged<ServiceAccountRow>>;
  add: (b: ServiceAccountAddBody, opts?: RequestOptions) => Promise<ServiceAccountSecretData>;
  edit: (b: ServiceAccountEditBody, opts?: RequestOptions) => Promise<ServiceAccountRow>;
  rotate: (id: string, opts?: RequestOptions) => Promise<ServiceAccountSecretData>;
  setStatus: (id: string, status: 0 | 1, opts?: RequestOptions) => Promise<ServiceAccountRow>;
  remove: (id: string, opts?: RequestOptions) => Promise<number>;
  /** The roles a service account of this area may hold (the first 500, by the list's order). */
  roles: () => Promise<RoleRow[]>;
}

function api(
  key: string,
  paths: { list: string; add: string; edit: string; rotate: string; status: string; remove: string },
  roles: () => Promise<RoleRow[]>,
): ServiceAccountApi {
  return {
    key,
    list: (q, opts) => post<Paged<ServiceAccountRow>>(paths.list, q, opts),
    add: (b, opts) => post<ServiceAccountSecretData>(paths.add, b, opts),
    edit: async (b, opts) => (await post<{ row: ServiceAccountRow }>(paths.edit, b, opts)).row,
    rotate: (id, opts) => post<ServiceAccountSecretData>(paths.rotate, { id }, opts),
    setStatus: async (id, status, opts) => (await post<{ row: ServiceAccountRow }>(paths.status, { id, status }, opts)).row,
    remove: async (id, opts) => (await post<{ count: number }>(paths.remove, { id }, opts)).count,
    roles,
  };
}

/** The platform administrators' calls: the platform tenant `sys` and its roles. */
export const platformServiceAccounts = api(
  'serviceaccounts-platform',
  {
    list: P.listserviceaccount,
    add: P.addserviceaccount,
    edit: P.editserviceaccount,
    rotate: P.rotateserviceaccount,
    status: P.statusserviceaccount,
    remove: P.deleteserviceaccount,
  },
  async () => (await post<Paged<RoleRow>>(Paths.listrole, { tenantId: 'sys', page: 1, pageSize: 500 })).rows,
);

/** The tenant area's calls: the TENANTID tenant and its roles. */
export const tenantServiceAccounts = api(
  'serviceaccounts-tenant',
  {
    list: P.listtenantserviceaccount,
    add: P.addtenantserviceaccount,
    edit: P.edittenantserviceaccount,
    rotate: P.rotatetenantserviceaccount,
    status: P.statustenantserviceaccount,
    remove: P.deletetenantserviceaccount,
  },
  async () => (await post<Paged<RoleRow>>(Paths.listtenantrole, { page: 1, pageSize: 500 })).rows,
);
