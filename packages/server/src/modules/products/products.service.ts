/**
 * Product management for the platform administrator (SPEC §2 product, §3 Application, §5 Application):
 * validated on the server with the console's rules (PRODUCT_RULES), one transaction per write, audited
 * (`product.add|edit|delete|enable|disable`, before/after).
 *
 * Required (SPEC §5): name, abbreviation, production department, status, callback address, person in
 * charge (with a valid e-mail and telephone), operations person, version, code. Built-in products cannot
 * be deleted; a product authorised to tenants cannot be deleted either (withdraw first).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  Codes,
  Paths,
  PRODUCT_RULES,
  ProductCodes,
  pageInfo,
  SsoMode,
  type Paged,
  type ProductAddBody,
  type ProductEditBody,
  type ProductListBody,
  type ProductRow,
  type AdminUserRow,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findFileById } from '../files/files.repository.js';
import { refreshSessionIdentities } from '../tenants/tenants.grants.repository.js';
import * as repo from './products.repository.js';

/**
 * After the administrators of products changed: grants or removes the application-administrator
 * identity of `userIds` (repo.syncAppAdminIdentities) and updates their live sessions at once.
 */
async function syncAdminIdentities(tx: Tx, request: FastifyRequest, userIds: string[]): Promise<void> {
  for (const userId of await repo.syncAppAdminIdentities(tx, [...new Set(userIds)])) {
    await refreshSessionIdentities(tx, userId);
    request.server.guardStore.forgetSessions({ userId });
  }
}

const AUDIT_TENANT = 'sys';

/** The API shape of a product row. */
export function toProductRow(p: repo.ProductRecord, admins: AdminUserRow[] = []): ProductRow {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    abbreviation: p.abbreviation,
    logo: p.logo,
    logoUrl: p.logo ? `${Paths.getfile}/${p.logo}` : '',
    version: p.version,
    description: p.description,
    status: p.status === 1 ? 1 : 0,
    builtIn: p.builtIn,
    callbackUrl: p.callbackUrl,
    ssoMode: p.ssoMode === SsoMode.SSO_QUERY ? SsoMode.SSO_QUERY : SsoMode.OIDC,
    department: p.department,
    ownerName: p.ownerName,
    ownerEmail: p.ownerEmail,
    ownerPhone: p.ownerPhone,
    opsOwner: p.opsOwner,
    admins,
    creator: p.creator,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Checks and normalises the version (also used by tenant authorisation). */
export function checkVersion(value: string | undefined): string {
  return checkText('version', value, {
    required: true,
    max: PRODUCT_RULES.version.max,
    pattern: PRODUCT_RULES.version.pattern,
    patternCode: ProductCodes.VERSION_PATTERN,
  });
}

/** Checks and normalises the editable fields; raises the first localised failure (form order). */
async function checkFields(tx: Tx, b: ProductAddBody | ProductEditBody) {
  const R = PRODUCT_RULES;
  const fields = {
    name: checkText('name', b.name, { required: true, max: R.name.max }),
    abbreviation: checkText('abbreviation', b.abbreviation, { required: true, max: R.abbreviation.max }),
    version: checkVersion(b.version),
    status: b.status,
    callbackUrl: checkText('callbackUrl', b.callbackUrl, {
      required: true,
      max: R.callbackUrl.max,
      pattern: R.callbackUrl.pattern,
      patternCode: ProductCodes.URL_INVALID,
    }),
    logo: checkText('logo', b.logo, { max: 64 }),
    description: checkText('description', b.description, { max: R.description.max }),
    department: checkText('department', b.department, { required: true, max: R.department.max }),
    ownerName: checkText('ownerName', b.ownerName, { required: true, max: R.ownerName.max }),
    ownerEmail: checkText('ownerEmail', b.ownerEmail, {
      required: true,
      max: R.ownerEmail.max,
      pattern: R.ownerEmail.pattern,
      patternCode: ProductCodes.EMAIL_INVALID,
    }),
    ownerPhone: checkText('ownerPhone', b.ownerPhone, {
      required: true,
      max: R.ownerPhone.max,
      pattern: R.ownerPhone.pattern,
      patternCode: ProductCodes.PHONE_INVALID,
    }),
    opsOwner: checkText('opsOwner', b.opsOwner, { required: true, max: R.opsOwner.max }),
    // left out: the default on add (OpenID Connect), unchanged on edit
    ...(b.ssoMode !== undefined ? { ssoMode: b.ssoMode } : {}),
  };
  if (fields.logo && !(await findFileById(tx, fields.logo))) throw new AppError(Codes.FILE_NOT_FOUND);
  const adminIds = [...new Set(b.adminIds ?? [])];
  const admins = await repo.findEnabledUsersByIds(tx, adminIds);
  if (admins.length !== adminIds.length) throw new AppError(ProductCodes.ADMIN_NOT_FOUND);
  admins.sort((x, y) => x.username.localeCompare(y.username));
  return { fields, admins };
}

/** One page of products with their administrators. */
export async function listProductPage(tx: Tx, q: ProductListBody): Promise<Paged<ProductRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listProducts(tx, { ...q, page, pageSize });
  const admins = await repo.listAdminsOfProducts(
    tx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toProductRow(r, admins.get(r.id))), ...pageInfo(page, pageSize, records) };
}

/** Every product matching the filters, with administrators (export). */
export async function listAllProductRows(tx: Tx, q: ProductListBody, limit: number): Promise<ProductRow[]> {
  const rows = await repo.listAllProducts(tx, q, limit);
  const admins = await repo.listAdminsOfProducts(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toProductRow(r, admins.get(r.id)));
}

export async function getProduct(tx: Tx, id: string): Promise<ProductRow> {
  const p = await repo.findProductById(tx, id);
  if (!p) throw new AppError(ProductCodes.NOT_FOUND);
  return toProductRow(p, (await repo.listAdminsOfProducts(tx, [id])).get(id));
}

export async function addProduct(tx: Tx, request: FastifyRequest, b: ProductAddBody): Promise<ProductRow> {
  const code = checkText('code', b.code, {
    required: true,
    max: PRODUCT_RULES.code.max,
    pattern: PRODUCT_RULES.code.pattern,
    patternCode: ProductCodes.CODE_PATTERN,
  });
  const { fields, admins } = await checkFields(tx, b);
  const inUse = new AppError(ProductCodes.CODE_IN_USE, { code });
  if (await repo.findProductByCode(tx, code)) throw inUse;
  const p = await withUniqueErrors({ products_code_uq: inUse }, () =>
    repo.insertProduct(tx, { id: randomUUID(), code, builtIn: b.builtIn ?? false, ...fields, creator: request.auth?.username ?? '' }),
  );
  await repo.replaceProductAdmins(
    tx,
    p.id,
    admins.map((a) => a.id),
  );
  await syncAdminIdentities(
    tx,
    request,
    admins.map((a) => a.id),
  );
  const row = toProductRow(p, admins);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'product.add', entity: 'product', entityId: p.id, after: row });
  return row;
}

export async function editProduct(tx: Tx, request: FastifyRequest, b: ProductEditBody): Promise<ProductRow> {
  const before = await getProduct(tx, b.id);
  const { fields, admins } = await checkFields(tx, b);
  // The code names the product in addresses (APPCODE) and the built-in flag is fixed at creation.
  const p = (await repo.updateProductById(tx, b.id, fields))!;
  await repo.replaceProductAdmins(
    tx,
    p.id,
    admins.map((a) => a.id),
  );
  await syncAdminIdentities(tx, request, [...before.admins.map((a) => a.id), ...admins.map((a) => a.id)]);
  const row = toProductRow(p, admins);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'product.edit', entity: 'product', entityId: p.id, before, after: row });
  return row;
}

async function loadAll(tx: Tx, ids: string[]): Promise<repo.ProductRecord[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findProductsByIds(tx, unique);
  if (found.length !== unique.length) throw new AppError(ProductCodes.NOT_FOUND);
  return found;
}

export async function deleteProducts(tx: Tx, request: FastifyRequest, ids: string[]): Promise<{ count: number }> {
  const found = await loadAll(tx, ids);
  const builtIn = found.find((p) => p.builtIn);
  if (builtIn) throw new AppError(ProductCodes.BUILT_IN, { name: builtIn.name });
  const used = await repo.countTenantsOfProducts(
    tx,
    found.map((p) => p.id),
  );
  const inUse = found.find((p) => used.has(p.id));
  if (inUse) throw new AppError(ProductCodes.IN_USE, { name: inUse.name, count: used.get(inUse.id) });
  const admins = await repo.listAdminsOfProducts(
    tx,
    found.map((p) => p.id),
  );
  const count = await repo.deleteProductsByIds(
    tx,
    found.map((p) => p.id),
  );
  await syncAdminIdentities(
    tx,
    request,
    [...admins.values()].flat().map((a) => a.id),
  );
  for (const p of found)
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: 'product.delete',
      entity: 'product',
      entityId: p.id,
      before: toProductRow(p, admins.get(p.id)),
    });
  return { count };
}

export async function setProductStatus(tx: Tx, request: FastifyRequest, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const found = await loadAll(tx, ids);
  const count = await repo.updateProductStatusByIds(
    tx,
    found.map((p) => p.id),
    status,
  );
  for (const p of found)
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: status ? 'product.enable' : 'product.disable',
      entity: 'product',
      entityId: p.id,
      before: { status: p.status },
      after: { status },
    });
  return { count };
}
