/**
 * Reading the cells of an import sheet (users.import.ts): headings in any of the three languages (or
 * the column keys), and each row's values as text — dates (Excel date cells or YYYY-MM-DD text) as
 * YYYY-MM-DD, and gender, status and locked from the words of any language (or M/F, 1/0, true/false).
 * A value that cannot be read becomes a problem of its row, reported with the others.
 */
import { resources } from '@mp/i18n';
import { USER_EXCEL_COLUMNS, UserCodes, type UserExcelColumn } from '@mp/protocol';
import type { FieldProblem, UserFieldInput } from './users.validate.js';

/** One data row of the sheet, read. */
export interface ImportCells {
  /** Excel row number (the heading row is 1). */
  row: number;
  tenantCode: string;
  orgCode: string;
  defaultOrgCode: string;
  values: UserFieldInput;
  locked: boolean;
  password: string;
  problems: FieldProblem[];
}

const locales = Object.values(resources);
const norm = (s: string) => s.trim().toLowerCase();

/** Heading text (any language, or the key) → column key. */
const HEADINGS = new Map<string, UserExcelColumn>();
for (const c of USER_EXCEL_COLUMNS) {
  HEADINGS.set(norm(c), c);
  for (const l of locales) HEADINGS.set(norm((l.errors.user.field as Record<string, string>)[c] ?? c), c);
}

function words(pick: (l: (typeof locales)[number]) => string[], extra: string[]): Set<string> {
  return new Set([...locales.flatMap(pick), ...extra].map(norm));
}
const MALE = words((l) => [l.errors.user.value.male], ['m', 'male']);
const FEMALE = words((l) => [l.errors.user.value.female], ['f', 'female']);
const ENABLED = words((l) => [l.errors.field.enabled, l.common.enabled], ['1', 'true', 'enabled']);
const DISABLED = words((l) => [l.errors.field.disabled, l.common.disabled], ['0', 'false', 'disabled']);
const YES = words((l) => [l.errors.user.value.yes, l.common.yes], ['1', 'true', 'yes', 'y']);
const NO = words((l) => [l.errors.user.value.no, l.common.no], ['0', 'false', 'no', 'n']);

/** The column key of each heading cell (undefined for columns the import does not know). */
export function readHeadings(row: unknown[]): (UserExcelColumn | undefined)[] {
  return row.map((cell) => (cell === null || cell === undefined ? undefined : HEADINGS.get(norm(String(cell)))));
}

/** A cell as text: Date → YYYY-MM-DD, numbers without exponent, booleans as true/false. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  return String(cell).trim();
}

/** Reads one data row; null when every known cell is empty. */
export function readRow(columns: (UserExcelColumn | undefined)[], cells: unknown[], row: number): ImportCells | null {
  const v: Partial<Record<UserExcelColumn, string>> = {};
  columns.forEach((c, i) => {
    if (c && v[c] === undefined) v[c] = cellText(cells[i]);
  });
  if (!Object.values(v).some(Boolean)) return null;
  const problems: FieldProblem[] = [];
  const pick = (field: UserExcelColumn, yes: Set<string>, no: Set<string>, empty: boolean): boolean => {
    const raw = v[field] ?? '';
    if (!raw) return empty;
    if (yes.has(norm(raw))) return true;
    if (no.has(norm(raw))) return false;
    problems.push({ field, code: UserCodes.IMPORT_VALUE, params: { value: raw } });
    return empty;
  };
  const genderRaw = v.gender ?? '';
  let gender = '';
  if (MALE.has(norm(genderRaw))) gender = 'M';
  else if (FEMALE.has(norm(genderRaw))) gender = 'F';
  else if (genderRaw) problems.push({ field: 'gender', code: UserCodes.IMPORT_VALUE, params: { value: genderRaw } });
  const status = pick('status', ENABLED, DISABLED, true) ? 1 : 0;
  const locked = pick('locked', YES, NO, false);
  return {
    row,
    tenantCode: v.tenantCode ?? '',
    orgCode: v.orgCode ?? '',
    defaultOrgCode: v.defaultOrgCode ?? '',
    values: {
      username: v.username,
      employeeName: v.employeeName,
      employeeCode: v.employeeCode,
      gender,
      effectiveDate: v.effectiveDate,
      expiryDate: v.expiryDate,
      status,
      email: v.email,
      mobile: v.mobile,
      officePhone: v.officePhone,
      homePhone: v.homePhone,
      idCard: v.idCard,
      signature: v.signature,
      description: v.description,
    },
    locked,
    // Passwords are taken exactly as written (spaces may be part of one).
    password: columns.includes('password') ? String(cells[columns.indexOf('password')] ?? '') : '',
    problems,
  };
}
