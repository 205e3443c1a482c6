/**
 * Organisation mapping (SPEC §2 orgMappingManagement; docs/tenant-apps.md): a tenant organisation's
 * organisation code and name in one of the tenant's applications. Unique per application and
 * organisation, and per application and code (case-insensitive). Only organisations inside the
 * caller's data scope are listed or changed (`10009029001` otherwise). Every write is checked by
 * MAPPING_RULES, runs in the caller's one transaction and is audited; a refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  MAPPING_RULES,
  MappingCodes,
  pageInfo,
  type OrgMappingAddBody,
  type OrgMappingEditBody,
  type OrgMappingListBody,
  type OrgMappingRow,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findAppTenantById } from '../apptenants/apptenants.repository.js';
import { assertOrgsInScope, type DataScope } from '../tenancy/data-scope.js';
import * as repo from './mappings.repository.js';

/** The API shape of an organisation mapping. */
export function toOrgMappingRow(r: repo.OrgMappingListRecord): OrgMappingRow {
  return {
    id: r.id,
    productId: r.productId,
    appName: r.appName ?? '',
    appCode: r.appCode ?? '',
    orgId: r.orgId,
    orgCode: r.orgCode ?? '',
    orgName: r.orgName ?? '',
    externalCode: r.externalCode,
    externalName: r.externalName,
    creator: r.creator,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One page of the organisation mappings the caller may see. */
export async function listOrgMappingPage(tx: Tx, tenantId: string, scope: DataScope, q: OrgMappingListBody): Promise<Paged<OrgMappingRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listOrgMappings(tx, scope, { ...q, tenantId, page, pageSize });
  return { rows: rows.map(toOrgMappingRow), ...pageInfo(page, pageSize, records) };
}

/**
 * Checks a mapping's fields and its application and organisation in the tenant and the scope.
 * @throws validation.required / too_long / script_tag, mapping.code_pattern, mapping.app_not_found,
 *   mapping.org_not_found, 10009029001 (organisation outside the scope), mapping.org_mapped (params:
 *   name), mapping.code_in_use (params: code).
 */
async function checkOrgMapping(tx: Tx, tenantId: string, scope: DataScope, b: OrgMappingAddBody, self?: repo.OrgMappingRecord) {
  const externalCode = checkText('externalCode', b.externalCode, {
    required: true,
    max: MAPPING_RULES.externalCode.max,
    pattern: MAPPING_RULES.externalCode.pattern,
    patternCode: MappingCodes.CODE_PATTERN,
  });
  const externalName = checkText('externalName', b.externalName, { max: MAPPING_RULES.externalName.max });
  if (!(await findAppTenantById(tx, tenantId, b.productId))) throw new AppError(MappingCodes.APP_NOT_FOUND);
  const org = await repo.findTenantOrg(tx, tenantId, b.orgId);
  if (!org) throw new AppError(MappingCodes.ORG_NOT_FOUND);
  await assertOrgsInScope(tx, scope, [self?.orgId, org.id]);
  // the same errors answer the pre-check and a simultaneous write that wins the race (lib/unique-violation.ts)
  const unique = {
    org_mappings_org_uq: new AppError(MappingCodes.ORG_MAPPED, { name: org.name }),
    org_mappings_code_uq: new AppError(MappingCodes.CODE_IN_USE, { code: externalCode }),
  };
  const clash = await repo.findOrgMappingClash(tx, tenantId, b.productId, org.id, externalCode, self?.id);
  if (clash) throw clash.orgId === org.id ? unique.org_mappings_org_uq : unique.org_mappings_code_uq;
  return { v: { productId: b.productId, orgId: org.id, externalCode, externalName }, unique };
}

const audited = (m: Partial<repo.OrgMappingRecord>) => ({ productId: m.productId, orgId: m.orgId, externalCode: m.externalCode, externalName: m.externalName });

/** `addorgmapping`: a new organisation mapping. Returns its id. */
export async function addOrgMapping(tx: Tx, request: FastifyRequest, tenantId: string, scope: DataScope, b: OrgMappingAddBody): Promise<{ id: string }> {
  const { v, unique } = await checkOrgMapping(tx, tenantId, scope, b);
  const id = randomUUID();
  await withUniqueErrors(unique, () => repo.insertOrgMapping(tx, { id, tenantId, ...v, creator: request.auth?.username ?? '' }));
  await insertAuditEntry(tx, request, { tenantId, action: 'orgmapping.add', entity: 'orgmapping', entityId: id, after: audited(v) });
  return { id };
}

/** `editorgmapping`: changes a mapping (its current and new organisation must be in scope). @throws mapping.not_found and the add rules. */
export async function editOrgMapping(tx: Tx, request: FastifyRequest, tenantId: string, scope: DataScope, b: OrgMappingEditBody): Promise<{ id: string }> {
  const [before] = await repo.findOrgMappingsByIds(tx, tenantId, [b.id]);
  if (!before) throw new AppError(MappingCodes.NOT_FOUND);
  const { v, unique } = await checkOrgMapping(tx, tenantId, scope, b, before);
  await withUniqueErrors(unique, () => repo.updateOrgMappingById(tx, tenantId, before.id, v));
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'orgmapping.edit',
    entity: 'orgmapping',
    entityId: before.id,
    before: audited(before),
    after: audited(v),
  });
  return { id: before.id };
}

/** `deleteorgmapping`: deletes mappings, all or none (every one must exist in the tenant and the scope). */
export async function deleteOrgMappings(tx: Tx, request: FastifyRequest, tenantId: string, scope: DataScope, ids: string[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  const found = await repo.findOrgMappingsByIds(tx, tenantId, unique);
  if (found.length !== unique.length) throw new AppError(MappingCodes.NOT_FOUND);
  await assertOrgsInScope(
    tx,
    scope,
    found.map((m) => m.orgId),
  );
  const count = await repo.deleteOrgMappingsByIds(tx, tenantId, unique);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'orgmapping.delete',
    entity: 'orgmapping',
    entityId: unique.join(','),
    before: found.map((m) => ({ id: m.id, ...audited(m) })),
  });
  return { count };
}
