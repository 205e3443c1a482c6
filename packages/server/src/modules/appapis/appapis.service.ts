/**
 * The API registry of an application (SPEC §2 App `api`, §3 API, §5 ".do", §8 'The service url must
 * end with .do'; docs/applications.md "API registry"). Every call works on `request.application` (the
 * APPID the guard checked) inside one platform-scope transaction opened by the route; every statement is
 * bounded by that application, so another application's ids are "not found". Rules: checkApiFields of
 * the protocol package (the console runs the same); the URL is unique in the application
 * case-insensitively (pre-check, and withUniqueErrors for the race). Writes are audited in the platform
 * tenant ('sys'): `appapi.add|edit|delete|import`, before/after as AppApiRow.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { translate, type Locale } from '@mp/i18n';
import {
  AppApiCodes,
  checkApiFields,
  pageInfo,
  type AppApiAddBody,
  type AppApiEditBody,
  type AppApiField,
  type AppApiListBody,
  type AppApiProblem,
  type AppApiRow,
  type AppApiServiceGroup,
  type Paged,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './appapis.repository.js';

export const AUDIT_TENANT = 'sys';
/** The unique index of an API's URL in its application. */
export const URL_INDEX = 'app_apis_url_uq';

/** The label of an API field in `locale` (messages and Excel headings). */
export function apiFieldLabel(locale: Locale, field: AppApiField | string): string {
  return translate(locale, `errors:appapi.field.${field}`);
}

/** The message of a field problem in `locale`. */
export function apiProblemMessage(locale: Locale, p: AppApiProblem): string {
  return translate(locale, `errors:${p.code}`, { ...p.params, field: apiFieldLabel(locale, p.field) });
}

/** The API shape of a row. */
export function toApiRow(a: repo.ApiRecord): AppApiRow {
  return {
    id: a.id,
    name: a.name,
    serviceName: a.serviceName,
    moduleName: a.moduleName,
    description: a.description,
    url: a.url,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Checked and trimmed fields of a form; raises the first problem (form order) with the field's label. */
function checkedFields(locale: Locale, b: AppApiAddBody) {
  const { values, problems } = checkApiFields(b);
  const p = problems[0];
  if (p) throw new AppError(p.code, { ...p.params, field: apiFieldLabel(locale, p.field) });
  return values;
}

const urlInUse = (url: string) => new AppError(AppApiCodes.URL_IN_USE, { url });

/** Raises `appapi.url_in_use` when another API of the application (not `exceptId`) has this URL. */
async function assertUrlFree(tx: Tx, productId: string, url: string, exceptId?: string): Promise<void> {
  const holders = await repo.findApisByUrls(tx, productId, [url.toLowerCase()]);
  if (holders.some((h) => h.id !== exceptId)) throw urlInUse(url);
}

async function findInApp(tx: Tx, productId: string, id: string): Promise<repo.ApiRecord> {
  const a = await repo.findApiById(tx, productId, id);
  if (!a) throw new AppError(AppApiCodes.NOT_FOUND);
  return a;
}

/** One page of the application's APIs (SPEC §2 generic grid). */
export async function listApiPage(tx: Tx, productId: string, q: AppApiListBody): Promise<Paged<AppApiRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listApis(tx, productId, { ...q, page, pageSize });
  return { rows: rows.map(toApiRow), ...pageInfo(page, pageSize, records) };
}

/** The screen's tree: services (by name) → modules (by name), each with its number of APIs (matching `keyword`). */
export async function groupApis(tx: Tx, productId: string, keyword: string | undefined): Promise<AppApiServiceGroup[]> {
  const out: AppApiServiceGroup[] = [];
  for (const r of await repo.countApisByModule(tx, productId, keyword)) {
    let s = out.at(-1);
    if (!s || s.serviceName !== r.serviceName) {
      s = { serviceName: r.serviceName, count: 0, modules: [] };
      out.push(s);
    }
    s.count += r.n;
    s.modules.push({ moduleName: r.moduleName, count: r.n });
  }
  return out;
}

export async function getApi(tx: Tx, productId: string, id: string): Promise<AppApiRow> {
  return toApiRow(await findInApp(tx, productId, id));
}

/** Registers an API in the application. @throws validation codes, appapi.url_suffix, appapi.url_in_use */
export async function addApi(tx: Tx, request: FastifyRequest, productId: string, b: AppApiAddBody): Promise<AppApiRow> {
  const v = checkedFields(request.locale, b);
  await assertUrlFree(tx, productId, v.url);
  const [a] = await withUniqueErrors({ [URL_INDEX]: urlInUse(v.url) }, () => repo.insertApis(tx, [{ id: randomUUID(), productId, ...v }]));
  const row = toApiRow(a!);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'appapi.add', entity: 'appapi', entityId: row.id, after: row });
  return row;
}

/** Replaces every field of an API of the application. @throws appapi.not_found and the add rules */
export async function editApi(tx: Tx, request: FastifyRequest, productId: string, b: AppApiEditBody): Promise<AppApiRow> {
  const before = toApiRow(await findInApp(tx, productId, b.id));
  const v = checkedFields(request.locale, b);
  await assertUrlFree(tx, productId, v.url, b.id);
  const a = await withUniqueErrors({ [URL_INDEX]: urlInUse(v.url) }, () => repo.updateApiById(tx, productId, b.id, v));
  const row = toApiRow(a!);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'appapi.edit', entity: 'appapi', entityId: row.id, before, after: row });
  return row;
}

/**
 * Deletes APIs of the application, all or none (an id that is not one of its APIs: appapi.not_found,
 * nothing deleted). They leave the pages' function definitions; their grants go by trigger.
 */
export async function deleteApis(tx: Tx, request: FastifyRequest, productId: string, ids: string[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  const found = await repo.findApisByIds(tx, productId, unique);
  if (found.length !== unique.length) throw new AppError(AppApiCodes.NOT_FOUND);
  const count = await repo.deleteApisByIds(tx, productId, unique);
  for (const a of found)
    await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'appapi.delete', entity: 'appapi', entityId: a.id, before: toApiRow(a) });
  return { count };
}
