/**
 * `GET /gateway/tenant/plat/org/listorgtree?tenantId=&category=` — a tenant's organisation tree for the
 * organisation tree picker (SPEC §2 "organisation tree picker"). Platform administrators only (the
 * tenant area's own calls are registered from here: organisations.tenant.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ok, Paths, SYSCONFIG_RULES, UserType, type OrgTreeNode } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { listOrganisationsOfTenant, type OrganisationRecord } from './organisations.repository.js';
import organisationTenantRoutes from './organisations.tenant.routes.js';

/** Builds the tree from rows; the tenant's root first. Orphans (parent missing) hang under the root. */
export function buildOrgTree(rows: OrganisationRecord[], rootId: string): OrgTreeNode[] {
  const nodes = new Map<string, OrgTreeNode>(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parentId ?? '', code: r.code, name: r.name, type: r.type, status: r.status, children: [] }]),
  );
  const roots: OrgTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.id === rootId ? undefined : ((r.parentId ? nodes.get(r.parentId) : undefined) ?? nodes.get(rootId));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export default async function organisationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // the tenant area's organisation calls (organisations.tenant.routes.ts)
  await app.register(organisationTenantRoutes);

  r.get(
    Paths.listorgtree,
    {
      config: { access: { userTypes: [UserType.PLATFORM_ADMIN] } },
      schema: {
        tags: ['organisations'],
        querystring: Type.Object({
          tenantId: Type.String({ minLength: 1, maxLength: 64 }),
          category: Type.Optional(Type.Integer({ minimum: 0, maximum: SYSCONFIG_RULES.orgCategoryKey.max })),
        }),
      },
    },
    async (request) => {
      const { tenantId, category } = request.query;
      const rows = await inScope(app.database.db, PLATFORM_SCOPE, (tx) => listOrganisationsOfTenant(tx, tenantId, category ?? 0));
      return ok({ rows: buildOrgTree(rows, tenantId) });
    },
  );
}
