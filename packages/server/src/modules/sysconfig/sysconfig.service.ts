/**
 * Code table, login configuration, organisation types and categories of the platform configuration
 * (SPEC §7 codetable calls, §9; docs/sysconfig.md). Every write is checked with the protocol package's
 * rules, runs in the caller's transaction, and is audited with before/after; the routes invalidate the
 * settings cache after it commits.
 */
import type { FastifyRequest } from 'fastify';
import {
  Codes,
  CodeTypes,
  EDITABLE_CODE_TYPES,
  isValidRegex,
  MAIN_ORG_CATEGORY,
  REGEX_CODE_TYPES,
  SysconfigCodes,
  SYSCONFIG_RULES as R,
  type CodeTableRow,
  type CodeTableSaveBody,
  type LoginConfigSaveBody,
  type OrgCodeRow,
} from '@mp/protocol';
import { translate, type Locale } from '@mp/i18n';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { findTenantById } from '../tenants/tenants.repository.js';
import { LOGIN_CONFIG_SETTING, type LoginConfigLayer } from '../settings/settings.service.js';
import * as repo from './sysconfig.repository.js';
import { checkRange } from './integration.fields.js';

const editable: readonly number[] = EDITABLE_CODE_TYPES;

function toCodeRow(r: repo.CodeTableRecord): CodeTableRow {
  return { codeType: r.codeType, codeKey: r.codeKey, codeVal: r.codeVal, sort: r.sort, description: r.description };
}

/** The editable code table (types 1, 4, 5) with sort and description, for the configuration screen. */
export async function listEditableCodeTable(tx: Tx): Promise<CodeTableRow[]> {
  return (await repo.listCodeEntriesByTypes(tx, editable)).map(toCodeRow);
}

/**
 * Replaces the editable code table with `items` (`savecodetablelist`). Checks: editable type; key
 * required, letters/digits/`_.-`, ≤ 50, unique in its type; value required and ≤ 200, a valid regular
 * expression for the password rule (1) and verification rules (5); description ≤ 200; the password
 * rule present. Answers the stored table.
 */
export async function saveCodeTable(tx: Tx, request: FastifyRequest, items: CodeTableSaveBody): Promise<CodeTableRow[]> {
  const seen = new Set<string>();
  const rows = items.map((item, index) => {
    if (!editable.includes(item.codeType)) throw new AppError(SysconfigCodes.CODE_TYPE_NOT_EDITABLE, { codeType: item.codeType });
    const codeKey = checkText('codeKey', item.codeKey, { required: true, max: R.codeKey.max, pattern: R.codeKey.pattern });
    if (seen.has(`${item.codeType}/${codeKey}`)) throw new AppError(SysconfigCodes.CODE_KEY_DUPLICATE, { codeKey });
    seen.add(`${item.codeType}/${codeKey}`);
    const codeVal = checkText('codeVal', item.codeVal, { required: true, max: R.codeVal.max });
    if (REGEX_CODE_TYPES.includes(item.codeType) && !isValidRegex(codeVal)) throw new AppError(SysconfigCodes.REGEX_INVALID, { codeKey });
    const description = checkText('description', item.description, { max: R.codeDescription.max });
    return { codeType: item.codeType, codeKey, codeVal, sort: item.sort ?? index, description };
  });
  if (!rows.some((r) => r.codeType === CodeTypes.PASSWORD_RULE)) throw new AppError(SysconfigCodes.PASSWORD_RULE_REQUIRED);
  const before = await listEditableCodeTable(tx);
  await repo.deleteCodeEntriesByTypes(tx, editable);
  await repo.insertCodeEntries(tx, rows);
  const after = await listEditableCodeTable(tx);
  await insertAuditEntry(tx, request, { tenantId: 'sys', action: 'sysconfig.codetable.save', entity: 'code-table', before, after });
  return after;
}

/**
 * Stores the system layer of the login configuration (`saveloginconfig`): exactly the keys of the body
 * (absent keys inherit from the public config and code defaults). The system name, when given, is
 * required after trimming and ≤ 50.
 */
export async function saveLoginConfig(tx: Tx, request: FastifyRequest, body: LoginConfigSaveBody): Promise<LoginConfigLayer> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, LOGIN_CONFIG_SETTING));
  const before = (row?.value ?? {}) as LoginConfigLayer;
  const layer: LoginConfigLayer = { ...body };
  if (body.systemName !== undefined) layer.systemName = checkText('systemName', body.systemName, { required: true, max: R.systemName.max });
  await tx
    .insert(settings)
    .values({ key: LOGIN_CONFIG_SETTING, value: layer })
    .onConflictDoUpdate({ target: settings.key, set: { value: layer, updatedAt: new Date() } });
  await insertAuditEntry(tx, request, { tenantId: 'sys', action: 'sysconfig.login.save', entity: 'login-config', before, after: layer });
  return layer;
}

/** Organisation types 0–6 of SPEC §3 (code type 10), names in the request's language. */
export async function listOrgTypes(tx: Tx, locale: Locale): Promise<OrgCodeRow[]> {
  const rows = await repo.listCodeEntriesByTypes(tx, [CodeTypes.ORG_TYPE]);
  return rows
    .map((r) => ({ codeKey: Number(r.codeKey), codeVal: translate(locale, `errors:sysconfig.org_type.${r.codeKey}`, { defaultValue: r.codeVal }) }))
    .sort((a, b) => a.codeKey - b.codeKey);
}

async function tenantOf(tx: Tx, tenantId: string): Promise<string> {
  if (!(await findTenantById(tx, tenantId))) throw new AppError(Codes.TENANT_NOT_FOUND);
  return tenantId;
}

/** A tenant's organisation categories, the main tree (0, built in) first. */
export async function listOrgCategoriesOf(tx: Tx, tenantId: string, locale: Locale): Promise<OrgCodeRow[]> {
  await tenantOf(tx, tenantId);
  const main: OrgCodeRow = { codeKey: MAIN_ORG_CATEGORY, codeVal: translate(locale, 'errors:sysconfig.main_org_category'), builtIn: true };
  return [main, ...(await repo.listOrgCategories(tx, tenantId))];
}

function checkCategoryKey(codeKey: number): number {
  if (codeKey === MAIN_ORG_CATEGORY) throw new AppError(SysconfigCodes.ORG_CATEGORY_MAIN);
  return checkRange('orgCategoryKey', codeKey, R.orgCategoryKey);
}

/** Adds or renames a category of the tenant (`saveorgcateconfig`); names unique in the tenant (any case). */
export async function saveOrgCategory(tx: Tx, request: FastifyRequest, tenantId: string, codeKey: number, codeVal: string): Promise<OrgCodeRow[]> {
  await tenantOf(tx, tenantId);
  const key = checkCategoryKey(codeKey);
  const name = checkText('orgCategoryName', codeVal, { required: true, max: R.orgCategoryName.max });
  const existing = await repo.listOrgCategories(tx, tenantId);
  const clash = existing.find((c) => c.codeKey !== key && c.codeVal.toLowerCase() === name.toLowerCase());
  if (clash) throw new AppError(SysconfigCodes.ORG_CATEGORY_NAME_IN_USE, { name });
  const before = existing.find((c) => c.codeKey === key) ?? null;
  // the unique index (migration 0014) answers the same message when a simultaneous save took the name
  await withUniqueErrors({ code_table_org_category_name_uq: new AppError(SysconfigCodes.ORG_CATEGORY_NAME_IN_USE, { name }) }, () =>
    repo.upsertOrgCategory(tx, tenantId, key, name),
  );
  await insertAuditEntry(tx, request, {
    tenantId,
    action: before ? 'sysconfig.orgcategory.edit' : 'sysconfig.orgcategory.add',
    entity: 'org-category',
    entityId: String(key),
    before,
    after: { codeKey: key, codeVal: name },
  });
  return repo.listOrgCategories(tx, tenantId);
}

/**
 * Removes a category (`delorgcateconfig`): refused for the main tree, an unknown key (or a `codeVal`
 * that does not match the stored name), and a category organisations still use. Role grants of the
 * category (organisation-tree grants) go with it.
 */
export async function deleteOrgCategory(tx: Tx, request: FastifyRequest, tenantId: string, codeKey: number, codeVal?: string): Promise<void> {
  await tenantOf(tx, tenantId);
  const key = checkCategoryKey(codeKey);
  const existing = (await repo.listOrgCategories(tx, tenantId)).find((c) => c.codeKey === key);
  if (!existing || (codeVal !== undefined && codeVal.trim() !== '' && codeVal.trim() !== existing.codeVal))
    throw new AppError(SysconfigCodes.ORG_CATEGORY_NOT_FOUND);
  const used = await repo.countOrganisationsInCategory(tx, tenantId, key);
  if (used > 0) throw new AppError(SysconfigCodes.ORG_CATEGORY_IN_USE, { count: used });
  await repo.deleteOrgCategory(tx, tenantId, key);
  const grants = await repo.deleteOrgGrantsOfCategory(tx, tenantId, key);
  await insertAuditEntry(tx, request, {
    tenantId,
    action: 'sysconfig.orgcategory.delete',
    entity: 'org-category',
    entityId: String(key),
    before: { ...existing, grants },
  });
}
