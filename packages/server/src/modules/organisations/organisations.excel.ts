/**
 * The organisation sheet (SPEC §2 "import, download template", export; §5 Import files;
 * docs/organisations.md "Import and export"): columns code, name, parent organisation code, type, sort
 * order, status, description, headed by their labels in the request's language. The type is written
 * as its name (the platform configuration's names) and the status as enabled/disabled; reading accepts
 * headings and words of any of the three languages, or the column keys, type numbers 0–6 and 1/0.
 * An export lists the organisations in tree order (parents first) without the root, each with its
 * parent's code (the root's code for the top level, empty for a single organisation), so it
 * re-imports unchanged.
 */
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { resources, translate, type Locale } from '@mp/i18n';
import { OrganisationCodes } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { cellText } from '../users/users.import-cells.js';
import type { OrgListRecord } from './organisations.manage.repository.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet's columns, in order. */
export const ORG_EXCEL_COLUMNS = ['code', 'name', 'parentCode', 'type', 'sort', 'status', 'description'] as const;
export type OrgExcelColumn = (typeof ORG_EXCEL_COLUMNS)[number];
const WIDTHS: Record<OrgExcelColumn, number> = { code: 18, name: 24, parentCode: 22, type: 14, sort: 10, status: 10, description: 30 };

/** One data row as read: the Excel row number (headings are row 1) and the cells as text. */
export interface OrgSheetRow {
  row: number;
  code: string;
  name: string;
  parentCode: string;
  type: string;
  sort: string;
  status: string;
  description: string;
}

const norm = (s: string) => s.trim().toLowerCase();
const locales = Object.values(resources);

/** The heading of a column in `locale`. */
export function columnLabel(locale: Locale, c: OrgExcelColumn): string {
  return translate(locale, `organisation:field.${c}`);
}

const HEADINGS = new Map<string, OrgExcelColumn>();
for (const c of ORG_EXCEL_COLUMNS) {
  HEADINGS.set(norm(c), c);
  for (const l of locales) HEADINGS.set(norm((l.organisation.field as Record<string, string>)[c] ?? c), c);
}
const TYPE_WORDS = new Map<string, number>();
for (let n = 0; n <= 6; n++) {
  TYPE_WORDS.set(String(n), n);
  for (const l of locales) TYPE_WORDS.set(norm((l.errors.sysconfig.org_type as Record<number, string>)[n] ?? String(n)), n);
}
const ENABLED = new Set(['1', 'true', 'enabled', ...locales.flatMap((l) => [l.common.enabled, l.errors.field.enabled])].map(norm));
const DISABLED = new Set(['0', 'false', 'disabled', ...locales.flatMap((l) => [l.common.disabled, l.errors.field.disabled])].map(norm));

/** A type cell → 0–6; undefined when empty; NaN when not a type. */
export function readType(text: string): number | undefined {
  if (!text.trim()) return undefined;
  return TYPE_WORDS.get(norm(text)) ?? Number.NaN;
}

/** A status cell → 1 / 0; 1 when empty; undefined when not a status word. */
export function readStatus(text: string): 0 | 1 | undefined {
  if (!text.trim() || ENABLED.has(norm(text))) return 1;
  return DISABLED.has(norm(text)) ? 0 : undefined;
}

/**
 * Reads the sheet's rows (empty rows skipped).
 * @throws user.import_unreadable (not a readable .xlsx), organisation.import_empty; a missing code or name column is `user.import_column_missing`
 */
export async function readOrgSheet(data: Buffer, locale: Locale, maxRows: number): Promise<OrgSheetRow[]> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(data)) as unknown[][];
  } catch {
    throw new AppError('user.import_unreadable');
  }
  const columns = (sheet[0] ?? []).map((cell) => (cell === null || cell === undefined ? undefined : HEADINGS.get(norm(String(cell)))));
  for (const required of ['code', 'name'] as const) {
    if (!columns.includes(required)) throw new AppError('user.import_column_missing', { column: columnLabel(locale, required) });
  }
  const rows: OrgSheetRow[] = [];
  for (let i = 1; i < sheet.length; i++) {
    const v: Partial<Record<OrgExcelColumn, string>> = {};
    columns.forEach((c, j) => {
      if (c && v[c] === undefined) v[c] = cellText((sheet[i] ?? [])[j]);
    });
    if (!Object.values(v).some(Boolean)) continue;
    rows.push({
      row: i + 1,
      code: v.code ?? '',
      name: v.name ?? '',
      parentCode: v.parentCode ?? '',
      type: v.type ?? '',
      sort: v.sort ?? '',
      status: v.status ?? '',
      description: v.description ?? '',
    });
  }
  if (!rows.length) throw new AppError(OrganisationCodes.IMPORT_EMPTY);
  if (rows.length > maxRows) throw new AppError(OrganisationCodes.IMPORT_TOO_MANY, { max: maxRows });
  return rows;
}

async function workbook(locale: Locale, body: string[][]): Promise<Buffer> {
  const head = ORG_EXCEL_COLUMNS.map((c) => ({ value: columnLabel(locale, c), fontWeight: 'bold' as const, backgroundColor: '#E6F4FF' }));
  const rows = body.map((cells) => cells.map((value) => ({ value, type: String })));
  return writeExcelFile([head, ...rows], { columns: ORG_EXCEL_COLUMNS.map((c) => ({ width: WIDTHS[c] })), stickyRowsCount: 1 }).toBuffer() as Promise<Buffer>;
}

/** The .xlsx of an export: `rows` in tree order with their parents' codes. */
export function exportOrgWorkbook(locale: Locale, rows: (OrgListRecord & { parentCode: string })[]): Promise<Buffer> {
  return workbook(
    locale,
    rows.map((r) => [
      r.code,
      r.name,
      r.parentCode,
      translate(locale, `errors:sysconfig.org_type.${r.type}`),
      String(r.sort),
      translate(locale, `common:${r.status === 1 ? 'enabled' : 'disabled'}`),
      r.description,
    ]),
  );
}

/** The import template: the heading row only. */
export function templateOrgWorkbook(locale: Locale): Promise<Buffer> {
  return workbook(locale, []);
}
