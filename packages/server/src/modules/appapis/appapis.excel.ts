/**
 * Excel template, export and import of an application's API registry (SPEC §2 App `api`, §5 Import
 * files: Excel only, name ≤ 50, ≤ 10M; docs/applications.md "API registry"). The same library as the
 * users' (write-excel-file / read-excel-file); the upload is read by users.import.ts `readExcelUpload`.
 *
 * - Columns: APP_API_FIELDS (service name, module name, API name, service url, description), headed by
 *   the labels of the request's language; an export re-imports unchanged.
 * - Import: the first sheet; row 1 the headings in any of the three languages (or the field keys), in
 *   any order, other columns ignored, empty rows skipped; without a description column an update keeps
 *   the stored description. A row whose URL (case-insensitive) is an API
 *   of the application UPDATES it; any other row CREATES an API. Every row is checked first (the
 *   form's rules, URLs twice in the file); when any fails nothing is written and the answer is
 *   `appapi.import_invalid` with `data.errors` (row, field, column, message in the request's language).
 *   Otherwise one transaction writes all and audits one `appapi.import` entry with the counts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import writeExcelFile from 'write-excel-file/node';
import { readSheet } from 'read-excel-file/node';
import { resources, type Locale } from '@mp/i18n';
import {
  APP_API_FIELDS,
  APP_API_IMPORT_MAX_ROWS,
  AppApiCodes,
  checkApiFields,
  type AppApiField,
  type AppApiImportError,
  type AppApiImportResult,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { cellText } from '../users/users.import-cells.js';
import * as repo from './appapis.repository.js';
import { apiFieldLabel, apiProblemMessage, AUDIT_TENANT } from './appapis.service.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WIDTHS: Record<AppApiField, number> = { serviceName: 20, moduleName: 20, name: 24, url: 40, description: 36 };

async function workbook(locale: Locale, body: string[][]): Promise<Buffer> {
  const head = APP_API_FIELDS.map((f) => ({ value: apiFieldLabel(locale, f), fontWeight: 'bold' as const, backgroundColor: '#E6F4FF' }));
  const rows = body.map((cells) => cells.map((value) => ({ value, type: String })));
  return writeExcelFile([head, ...rows], { columns: APP_API_FIELDS.map((f) => ({ width: WIDTHS[f] })), stickyRowsCount: 1 }).toBuffer() as Promise<Buffer>;
}

/** The .xlsx of an export: one row per API, in APP_API_FIELDS order. */
export function exportApisWorkbook(locale: Locale, apis: repo.ApiRecord[]): Promise<Buffer> {
  return workbook(
    locale,
    apis.map((a) => APP_API_FIELDS.map((f) => a[f])),
  );
}

/** The import template: the heading row only. */
export function apiTemplateWorkbook(locale: Locale): Promise<Buffer> {
  return workbook(locale, []);
}

/** Heading text (any language, or the key; case-insensitive) → field. */
const HEADINGS = new Map<string, AppApiField>();
for (const f of APP_API_FIELDS) {
  HEADINGS.set(f.toLowerCase(), f);
  for (const l of Object.values(resources)) HEADINGS.set(l.errors.appapi.field[f].trim().toLowerCase(), f);
}

/** One data row of the sheet: its Excel row number (heading = 1) and its cells by field. */
export interface ApiImportRow {
  row: number;
  values: Partial<Record<AppApiField, string>>;
}

/**
 * Reads the sheet into rows. @throws appapi.import_unreadable, appapi.import_column_missing (every
 * field but the description is required as a column), appapi.import_empty, appapi.import_too_many
 */
export async function readApiSheet(data: Buffer, locale: Locale): Promise<ApiImportRow[]> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(data)) as unknown[][];
  } catch {
    throw new AppError(AppApiCodes.IMPORT_UNREADABLE);
  }
  const columns = (sheet[0] ?? []).map((c) => (c === null || c === undefined ? undefined : HEADINGS.get(String(c).trim().toLowerCase())));
  for (const f of APP_API_FIELDS) {
    if (f !== 'description' && !columns.includes(f)) throw new AppError(AppApiCodes.IMPORT_COLUMN_MISSING, { column: apiFieldLabel(locale, f) });
  }
  const rows: ApiImportRow[] = [];
  for (let i = 1; i < sheet.length; i++) {
    const values: Partial<Record<AppApiField, string>> = {};
    (sheet[i] ?? []).forEach((cell, j) => {
      const f = columns[j];
      if (f && values[f] === undefined) values[f] = cellText(cell);
    });
    if (Object.values(values).some((v) => v?.trim())) rows.push({ row: i + 1, values });
  }
  if (!rows.length) throw new AppError(AppApiCodes.IMPORT_EMPTY);
  if (rows.length > APP_API_IMPORT_MAX_ROWS) throw new AppError(AppApiCodes.IMPORT_TOO_MANY, { max: APP_API_IMPORT_MAX_ROWS });
  return rows;
}

/**
 * Checks every row and writes them in the caller's transaction: all or nothing.
 * @throws appapi.import_invalid (data.errors: at most 1000, data.failedRows)
 */
export async function importApis(tx: Tx, request: FastifyRequest, productId: string, rows: ApiImportRow[]): Promise<AppApiImportResult> {
  const locale = request.locale;
  const errors: AppApiImportError[] = [];
  const failed = new Set<number>();
  const checked = rows.map((r) => {
    const { values, problems } = checkApiFields(r.values);
    for (const p of problems) {
      failed.add(r.row);
      errors.push({ row: r.row, field: p.field, column: apiFieldLabel(locale, p.field), message: apiProblemMessage(locale, p) });
    }
    return { row: r.row, values, keepDescription: r.values.description === undefined };
  });
  const firstRowOf = new Map<string, number>();
  for (const c of checked) {
    if (!c.values.url) continue;
    const key = c.values.url.toLowerCase();
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, c.row);
    else {
      failed.add(c.row);
      errors.push({
        row: c.row,
        field: 'url',
        column: apiFieldLabel(locale, 'url'),
        message: apiProblemMessage(locale, { field: 'url', code: AppApiCodes.IMPORT_DUPLICATE, params: { row: first } }),
      });
    }
  }
  if (failed.size) {
    errors.sort((a, b) => a.row - b.row);
    throw new AppError(AppApiCodes.IMPORT_INVALID, { count: failed.size }, 200, { errors: errors.slice(0, 1000), failedRows: failed.size });
  }
  const existing = new Map<string, repo.ApiRecord>();
  const urls = [...firstRowOf.keys()];
  for (let i = 0; i < urls.length; i += 1000) {
    for (const a of await repo.findApisByUrls(tx, productId, urls.slice(i, i + 1000))) existing.set(a.url.toLowerCase(), a);
  }
  const inserts: (typeof checked)[number]['values'][] = [];
  let updated = 0;
  for (const c of checked) {
    const old = existing.get(c.values.url.toLowerCase());
    if (old && c.keepDescription) c.values.description = old.description;
    if (!old) inserts.push(c.values);
    else if (APP_API_FIELDS.some((f) => old[f] !== c.values[f])) {
      await repo.updateApiById(tx, productId, old.id, c.values);
      updated++;
    }
  }
  for (let i = 0; i < inserts.length; i += 500) {
    await repo.insertApis(
      tx,
      inserts.slice(i, i + 500).map((v) => ({ id: randomUUID(), productId, ...v })),
    );
  }
  const result = { created: inserts.length, updated };
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'appapi.import', entity: 'appapi', entityId: productId, after: result });
  return result;
}
