/**
 * `querycodetablelist` (SPEC §7): the code-table entries of the requested types. Platform types come
 * from the settings cache; tenant-owned types (organisation categories, code type 11, key
 * `<tenantId>:<n>`) only for the reader's tenant (`readerTenantId`: TENANTID context, else the caller's
 * own tenant), filtered by the key prefix in SQL — never another tenant's (issue 12).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CodeTypes } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { readerTenantId } from '../../plugins/tenant-context.js';
import { TENANT_CODE_TYPES } from '../settings/settings.service.js';
import { listOrgCategories, orgCategoryKey } from '../sysconfig/sysconfig.repository.js';

/** One entry of the answer. */
export interface CodeEntry {
  codeType: number;
  codeKey: string;
  codeVal: string;
  sort: number;
  description: string;
}

/**
 * The entries of `types` the caller may read, ordered by type, sort and key. Organisation categories
 * keep their stored key `<tenantId>:<n>` (the caller's own tenant only).
 */
export async function codeEntriesFor(app: FastifyInstance, request: FastifyRequest, types: readonly number[]): Promise<CodeEntry[]> {
  const entries: CodeEntry[] = await app.settings.codeEntries(types.filter((t) => !TENANT_CODE_TYPES.includes(t)));
  if (!types.includes(CodeTypes.ORG_CATEGORY)) return entries;
  const tenantId = await readerTenantId(app, request);
  const categories = await inScope(app.database.db, { scope: 'tenant', tenantId }, (tx) => listOrgCategories(tx, tenantId));
  const own = categories.map((c) => ({
    codeType: CodeTypes.ORG_CATEGORY,
    codeKey: orgCategoryKey(tenantId, c.codeKey),
    codeVal: c.codeVal,
    sort: c.codeKey,
    description: '',
  }));
  return [...entries, ...own].sort((a, b) => a.codeType - b.codeType);
}
