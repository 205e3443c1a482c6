/**
 * Client access management of an app (SPEC §2 App `client`; issue 4 Single sign-on; docs/clients.md):
 * the OpenID Connect clients an application registers — client id, secret, redirect URIs and grant
 * types. Validated with CLIENT_RULES (the console's rules), one transaction per write, audited
 * (`client.add|edit|delete|enable|disable|reset_secret`, before/after as ClientRow: never the secret
 * nor its hash).
 *
 * Who may manage: platform administrators (every app) and administrators of THAT app
 * (`product_admins`). The app is named by `productId` in the body, else by the APPID header (id or
 * code, as TENANTID is resolved). Anybody else, or an administrator of another app, gets
 * `10009029001`.
 *
 * The secret (agreed with the provider, modules/oidc): 32 random bytes base64url made here;
 * `secret_hash` is the lowercase hex SHA-256 of that string; answered exactly once (add, reset).
 * A public client (`tokenEndpointAuthMethod: none`, chosen on add and fixed afterwards) has no
 * secret: none is made, `secret_hash` stays null, and reset answers `client.public_no_secret`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ClientCodes,
  CLIENT_RULES,
  Codes,
  Headers,
  normaliseGrantTypes,
  normaliseRedirectUris,
  pageInfo,
  UserType,
  type ClientAddBody,
  type ClientEditBody,
  type ClientListBody,
  type ClientRow,
  type ClientWithSecret,
  type GrantType,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
// The stored form the provider compares: lowercase hex SHA-256 of the secret string (one definition).
import { hashClientSecret } from '../oidc/clients.js';
import * as repo from './clients.repository.js';

const AUDIT_TENANT = 'sys';

/** A new client secret: 32 random bytes, base64url (43 characters). */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The API shape of a client row: everything but the secret hash. */
export function toClientRow(c: repo.ClientRecord): ClientRow {
  return {
    clientId: c.clientId,
    productId: c.productId,
    name: c.name,
    tokenEndpointAuthMethod: c.tokenEndpointAuthMethod === 'none' ? 'none' : 'client_secret_basic',
    redirectUris: c.redirectUris,
    postLogoutRedirectUris: c.postLogoutRedirectUris,
    grantTypes: c.grantTypes as GrantType[],
    status: c.status === 1 ? 1 : 0,
    description: c.description,
    creator: c.creator,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function headerOf(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
}

/**
 * The app the call is about, after checking the caller may manage its clients: `productId` of the
 * body, else the APPID header (id or code). Platform administrators may manage every app (an unknown
 * app answers `client.app_required`); anybody else must be one of its administrators, else
 * `10009029001` (also when the app does not exist, so its existence is not revealed).
 */
export async function manageableApp(tx: Tx, request: FastifyRequest, productId?: string): Promise<repo.ProductRecord> {
  const auth = request.auth!;
  const named = productId?.trim() || headerOf(request, Headers.appId);
  const product = named ? await repo.resolveProduct(tx, named) : undefined;
  const platform = auth.userTypes.includes(UserType.PLATFORM_ADMIN);
  if (!product) throw new AppError(platform ? ClientCodes.APP_REQUIRED : Codes.NO_PERMISSION);
  if (!platform && !(await repo.isProductAdmin(tx, product.id, auth.userId))) throw new AppError(Codes.NO_PERMISSION);
  return product;
}

/** Checks and normalises the editable fields; raises the first localised failure (form order). */
function checkFields(b: ClientAddBody | ClientEditBody, isPublic: boolean) {
  const name = checkText('name', b.name, { required: true, max: CLIENT_RULES.name.max });
  const redirect = normaliseRedirectUris(b.redirectUris);
  if ('problem' in redirect) throw new AppError(redirect.problem.code, redirect.problem.params);
  const logout = normaliseRedirectUris(b.postLogoutRedirectUris);
  if ('problem' in logout) throw new AppError(logout.problem.code, logout.problem.params);
  const grants = normaliseGrantTypes(b.grantTypes, redirect.uris.length, isPublic);
  if ('problem' in grants) throw new AppError(grants.problem.code, grants.problem.params);
  const description = checkText('description', b.description, { max: CLIENT_RULES.description.max });
  return { name, redirectUris: redirect.uris, postLogoutRedirectUris: logout.uris, grantTypes: grants.grantTypes, description };
}

/** One page of the app's clients. */
export async function listClientPage(tx: Tx, productId: string, q: ClientListBody): Promise<Paged<ClientRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listClients(tx, productId, { ...q, page, pageSize });
  return { rows: rows.map(toClientRow), ...pageInfo(page, pageSize, records) };
}

async function findInApp(tx: Tx, productId: string, clientId: string): Promise<repo.ClientRecord> {
  const c = await repo.findClientById(tx, clientId);
  if (!c || c.productId !== productId) throw new AppError(ClientCodes.NOT_FOUND);
  return c;
}

export async function getClient(tx: Tx, productId: string, clientId: string): Promise<ClientRow> {
  return toClientRow(await findInApp(tx, productId, clientId));
}

/** Registers a client; answers its row and the secret (the only time it is answered; null for a public client). */
export async function addClient(tx: Tx, request: FastifyRequest, productId: string, b: ClientAddBody): Promise<ClientWithSecret> {
  const given = checkText('clientId', b.clientId, {
    max: CLIENT_RULES.clientId.max,
    pattern: CLIENT_RULES.clientId.pattern,
    patternCode: ClientCodes.ID_PATTERN,
  });
  const fields = checkFields(b, b.tokenEndpointAuthMethod === 'none');
  const clientId = given || randomBytes(16).toString('hex');
  const inUse = new AppError(ClientCodes.ID_IN_USE, { clientId });
  if (await repo.findClientById(tx, clientId)) throw inUse;
  const isPublic = b.tokenEndpointAuthMethod === 'none';
  const clientSecret = isPublic ? null : newClientSecret();
  const c = await withUniqueErrors({ oidc_clients_pkey: inUse }, () =>
    repo.insertClient(tx, {
      clientId,
      productId,
      ...fields,
      status: b.status ?? 1,
      creator: request.auth?.username ?? '',
      tokenEndpointAuthMethod: isPublic ? 'none' : 'client_secret_basic',
      secretHash: clientSecret === null ? null : hashClientSecret(clientSecret),
    }),
  );
  const row = toClientRow(c);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'client.add', entity: 'client', entityId: clientId, after: row });
  return { row, clientSecret };
}

/** Replaces a client's name, redirect URIs, grant types, status and description (not its id nor secret). */
export async function editClient(tx: Tx, request: FastifyRequest, productId: string, b: ClientEditBody): Promise<ClientRow> {
  const found = await findInApp(tx, productId, b.clientId);
  const before = toClientRow(found);
  const fields = checkFields(b, found.tokenEndpointAuthMethod === 'none');
  const c = (await repo.updateClientById(tx, b.clientId, { ...fields, ...(b.status === undefined ? {} : { status: b.status }) }))!;
  const row = toClientRow(c);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'client.edit', entity: 'client', entityId: b.clientId, before, after: row });
  return row;
}

/** A new secret for a client; the old one stops working at once. Answers the row and the new secret, once. */
export async function resetClientSecret(tx: Tx, request: FastifyRequest, productId: string, clientId: string): Promise<ClientWithSecret> {
  const found = await findInApp(tx, productId, clientId);
  if (found.tokenEndpointAuthMethod === 'none') throw new AppError(ClientCodes.PUBLIC_NO_SECRET);
  const clientSecret = newClientSecret();
  const c = (await repo.updateClientById(tx, clientId, { secretHash: hashClientSecret(clientSecret) }))!;
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'client.reset_secret',
    entity: 'client',
    entityId: clientId,
    after: { secretReset: true },
  });
  return { row: toClientRow(c), clientSecret };
}

async function loadAll(tx: Tx, productId: string, ids: string[]): Promise<repo.ClientRecord[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findClientsOfProduct(tx, productId, unique);
  if (found.length !== unique.length) throw new AppError(ClientCodes.NOT_FOUND);
  return found;
}

/** Deletes clients of the app (all or none). */
export async function deleteClients(tx: Tx, request: FastifyRequest, productId: string, ids: string[]): Promise<{ count: number }> {
  const found = await loadAll(tx, productId, ids);
  const count = await repo.deleteClientsByIds(
    tx,
    found.map((c) => c.clientId),
  );
  for (const c of found)
    await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'client.delete', entity: 'client', entityId: c.clientId, before: toClientRow(c) });
  return { count };
}

/** Enables (1) or disables (0) clients of the app (all or none). A disabled client cannot sign anybody in. */
export async function setClientStatus(tx: Tx, request: FastifyRequest, productId: string, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const found = await loadAll(tx, productId, ids);
  const count = await repo.updateClientStatusByIds(
    tx,
    found.map((c) => c.clientId),
    status,
  );
  for (const c of found)
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: status ? 'client.enable' : 'client.disable',
      entity: 'client',
      entityId: c.clientId,
      before: { status: c.status },
      after: { status },
    });
  return { count };
}
