/**
 * Product authorisation of a tenant (SPEC §2 "Tenant list with … product authorisation"; §3 Tenant
 * products): which products, and which version of each, a tenant may use. The save replaces the whole
 * set in one transaction and is audited (`tenant.products.save`, before/after). Only enabled products can
 * be newly authorised (or have their version changed); a product that was disabled after being
 * authorised may stay in the set or be withdrawn. A disabled tenant can still be configured.
 */
import type { FastifyRequest } from 'fastify';
import { Codes, ProductCodes, TenantGrantCodes, pageInfo, type TenantProductListBody, type TenantProductPage, type TenantProductSaveBody } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findProductsByIds } from '../products/products.repository.js';
import { checkVersion } from '../products/products.service.js';
import { findTenantById } from './tenants.repository.js';
import * as repo from './tenants.grants.repository.js';

async function requireTenant(tx: Tx, id: string) {
  const t = await findTenantById(tx, id);
  if (!t) throw new AppError(Codes.TENANT_NOT_FOUND);
  return t;
}

/** One page of products with the tenant's authorisation of each, plus the whole authorised set. */
export async function listTenantProductPage(tx: Tx, q: TenantProductListBody): Promise<TenantProductPage> {
  await requireTenant(tx, q.tenantId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listProductsForTenant(tx, q.tenantId, { keyword: q.keyword, page, pageSize });
  const authorised = (await repo.listTenantProducts(tx, q.tenantId)).map(({ productId, version }) => ({ productId, version }));
  return { rows, ...pageInfo(page, pageSize, records), authorised };
}

/** Replaces the tenant's authorised products; answers the new set. Nothing changes when any item fails. */
export async function saveTenantProducts(tx: Tx, request: FastifyRequest, b: TenantProductSaveBody): Promise<{ count: number }> {
  const tenant = await requireTenant(tx, b.tenantId);
  const ids = b.products.map((p) => p.productId);
  if (new Set(ids).size !== ids.length) throw new AppError(TenantGrantCodes.PRODUCT_DUPLICATE);
  const items = b.products.map((p) => ({ productId: p.productId, version: checkVersion(p.version) }));
  const found = new Map((await findProductsByIds(tx, ids)).map((p) => [p.id, p]));
  if (found.size !== ids.length) throw new AppError(ProductCodes.NOT_FOUND);
  const before = await repo.listTenantProducts(tx, tenant.id);
  const had = new Map(before.map((p) => [p.productId, p.version]));
  for (const item of items) {
    const product = found.get(item.productId)!;
    const unchanged = had.get(item.productId) === item.version;
    if (product.status !== 1 && !unchanged) throw new AppError(ProductCodes.NOT_ENABLED, { name: product.name });
  }
  await repo.replaceTenantProducts(tx, tenant.id, items, request.auth?.username ?? '');
  const after = items.map((i) => ({ ...i, code: found.get(i.productId)!.code })).sort((x, y) => x.code.localeCompare(y.code));
  await insertAuditEntry(tx, request, { tenantId: tenant.id, action: 'tenant.products.save', entity: 'tenant', entityId: tenant.id, before, after });
  return { count: items.length };
}
