/**
 * Test fixtures of the application tenant and mapping tests (tests only): products authorised for
 * tenants, and role holders with API grants (docs/tenancy.md).
 */
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { products, roleGrants, roles, roleUsers, tenantProducts } from '../../db/schema/index.js';

/** Inserts a product (platform catalogue) with the given id and code. */
export async function createProductRow(app: FastifyInstance, id: string, code: string, name: string): Promise<void> {
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(products).values({
      id,
      code,
      name,
      abbreviation: code.slice(0, 10),
      version: '1.0',
      callbackUrl: 'https://app.example/cb',
      department: 'IT',
      ownerName: 'Owner',
      ownerEmail: 'owner@example.com',
      ownerPhone: '13800000000',
      opsOwner: 'Ops',
    }),
  );
}

/** Authorises `productId` for `tenantId` (the platform's product authorisation), optionally with the tenant's own name and code. */
export async function authoriseProduct(
  app: FastifyInstance,
  tenantId: string,
  productId: string,
  own: { name?: string; code?: string; status?: number } = {},
): Promise<void> {
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(tenantProducts).values({ tenantId, productId, version: '1.0', name: own.name ?? '', code: own.code ?? '', status: own.status ?? 1 }),
  );
}

/**
 * Makes `userId` a role holder in `tenantId`: a role granting the organisations `orgIds` (subtrees)
 * and the API urls `apis`.
 */
export async function createRoleHolder(
  app: FastifyInstance,
  tenantId: string,
  userId: string,
  roleId: string,
  orgIds: string[],
  apis: string[],
): Promise<void> {
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(roles).values({ id: roleId, tenantId, code: roleId.replace(/[^A-Za-z0-9_]/g, '_'), name: roleId });
    const grants = [
      ...orgIds.map((dataId) => ({ tenantId, roleId, kind: 'org', dataId })),
      ...apis.map((dataId) => ({ tenantId, roleId, kind: 'api', dataId })),
    ];
    if (grants.length) await tx.insert(roleGrants).values(grants);
    await tx.insert(roleUsers).values({ tenantId, roleId, userId });
  });
}
