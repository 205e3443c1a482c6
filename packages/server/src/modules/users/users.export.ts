/**
 * Excel export and import template of users (SPEC §2 "export, template download"). Both have the
 * columns of USER_EXCEL_COLUMNS in that order, headed by the field labels in the request's language,
 * so an exported file re-imports unchanged (users.import.ts reads the headings in any language and
 * matches existing users by tenant and user name). The password column of an export is empty:
 * password hashes never leave the server, and an empty password leaves an existing user's as it is.
 * Dates are written as YYYY-MM-DD text; gender, status and locked as words of the request's language.
 */
import writeExcelFile from 'write-excel-file/node';
import { translate, type Locale } from '@mp/i18n';
import { USER_EXCEL_COLUMNS, type UserExcelColumn } from '@mp/protocol';
import type { UserListRecord } from './users.query.js';
import { fieldLabel } from './users.validate.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column widths in characters, by column. */
const WIDTHS: Partial<Record<UserExcelColumn, number>> = {
  tenantCode: 14,
  username: 18,
  employeeName: 16,
  employeeCode: 14,
  gender: 8,
  orgCode: 16,
  defaultOrgCode: 16,
  effectiveDate: 13,
  expiryDate: 13,
  status: 10,
  locked: 8,
  email: 26,
  mobile: 14,
  officePhone: 16,
  homePhone: 16,
  idCard: 22,
  signature: 20,
  description: 24,
  password: 16,
};

/** The heading row of the template and export. */
export function headingRow(locale: Locale) {
  return USER_EXCEL_COLUMNS.map((c) => ({ value: fieldLabel(locale, c), fontWeight: 'bold' as const, backgroundColor: '#E6F4FF' }));
}

function word(locale: Locale, key: string): string {
  return translate(locale, `errors:user.value.${key}`);
}

/** One user as the cells of an export row, in USER_EXCEL_COLUMNS order. */
export function exportCells(locale: Locale, u: UserListRecord): string[] {
  const v: Record<UserExcelColumn, string> = {
    tenantCode: u.tenantCode,
    username: u.username,
    employeeName: u.employeeName,
    employeeCode: u.employeeCode,
    gender: u.gender === 'M' ? word(locale, 'male') : u.gender === 'F' ? word(locale, 'female') : '',
    orgCode: u.orgCode,
    defaultOrgCode: u.defaultOrgCode,
    effectiveDate: u.effectiveDate ?? '',
    expiryDate: u.expiryDate ?? '',
    status: translate(locale, `common:${u.status === 1 ? 'enabled' : 'disabled'}`),
    locked: word(locale, u.locked ? 'yes' : 'no'),
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    officePhone: u.officePhone,
    homePhone: u.homePhone,
    idCard: u.idCard,
    signature: u.signature,
    description: u.description,
    password: '',
  };
  return USER_EXCEL_COLUMNS.map((c) => v[c]);
}

async function workbook(locale: Locale, body: string[][]): Promise<Buffer> {
  const head = headingRow(locale);
  const rows = body.map((cells) => cells.map((value) => ({ value, type: String })));
  const columns = USER_EXCEL_COLUMNS.map((c) => ({ width: WIDTHS[c] ?? 16 }));
  return writeExcelFile([head, ...rows], { columns, stickyRowsCount: 1 }).toBuffer() as Promise<Buffer>;
}

/** The .xlsx of an export. */
export function exportWorkbook(locale: Locale, users: UserListRecord[]): Promise<Buffer> {
  return workbook(
    locale,
    users.map((u) => exportCells(locale, u)),
  );
}

/** The import template: the heading row only. */
export function templateWorkbook(locale: Locale): Promise<Buffer> {
  return workbook(locale, []);
}

/** A download name with today's date, e.g. users-2026-05-01.xlsx. */
export function fileName(kind: 'users' | 'user-template'): string {
  return kind === 'users' ? `users-${new Date().toISOString().slice(0, 10)}.xlsx` : 'user-template.xlsx';
}
