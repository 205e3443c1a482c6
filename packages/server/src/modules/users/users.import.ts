/**
 * Excel import of users (SPEC §2 "import", §5 Import files and User, §8 import messages).
 *
 * - The file: Excel only, name ≤ 50 characters, ≤ 10M (checked by the route, as the console does).
 * - The sheet: the first one; row 1 holds the headings of USER_EXCEL_COLUMNS in any of the three
 *   languages (or the column keys), in any order; other columns are ignored. Empty rows are skipped.
 * - Each row is a user of its tenant: the chosen tenant (`tenantId`; a tenant code in the row must then
 *   name it) or, with none chosen, the tenant of the row's tenant code. A user name that exists in that
 *   tenant UPDATES that user with the row's values (an empty password keeps the password); any other
 *   user name CREATES a user (password required), with the enterprise-user identity. So an export
 *   re-imported changes nothing; to create the exported users again elsewhere (or after deleting them),
 *   fill in the password column, which an export leaves empty (hashes never leave the server).
 * - Every row is checked first (the rules of the form, organisations by code, duplicates in the file,
 *   user name / mobile / e-mail in use by another account in any tenant (sign-in names, sign-in-names.ts), the password rule, the super manager and the caller's own
 *   account); when any row fails nothing is written and the answer is `user.import_invalid` with
 *   `data.errors`: { row, field, column, message } per failed cell, in the request's language.
 * - Otherwise everything is written in one transaction and audited per user.
 */
import type { FastifyRequest } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@mp/i18n';
import { checkPasswordStrength, Codes, FILE_LIMITS, USER_IMPORT_MAX_ROWS, UserCodes, type UserImportError } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { organisations, tenants } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { findUsersByKeys, type UserRow } from './users.repository.js';
import { fieldLabel, fieldProblems, normaliseFields, problemMessage, uniquenessProblems, type FieldProblem, type UserFields } from './users.validate.js';
import { readHeadings, readRow, type ImportCells } from './users.import-cells.js';
import { findSignInNameHolders, signInNamesOf } from './sign-in-names.js';

/** A checked row: what to write. */
export interface PlannedRow {
  row: number;
  tenantId: string;
  fields: UserFields;
  locked: boolean;
  password: string;
  /** The existing user this row updates, if any. */
  existing: UserRow | undefined;
}

export interface ImportPlan {
  rows: PlannedRow[];
  errors: UserImportError[];
  /** Number of rows with at least one error. */
  failedRows: number;
}

const EXCEL_EXTENSIONS = ['xls', 'xlsx'];

/**
 * Reads the one multipart file of an import request (SPEC §5 Import files / §8: Excel only, name ≤ 50
 * characters, ≤ 10M — the console checks the same). @throws validation.required, user.import_excel_only,
 * file.name_too_long, file.too_large (413)
 */
export async function readExcelUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName: string }> {
  const part = await request.file({ limits: { fileSize: FILE_LIMITS.excelBytes, files: 1 } });
  if (!part) throw new AppError(Codes.REQUIRED, { field: 'file' });
  const ext = part.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!EXCEL_EXTENSIONS.includes(ext)) throw new AppError(UserCodes.IMPORT_EXCEL_ONLY);
  if ([...part.filename].length > FILE_LIMITS.fileNameChars) throw new AppError(Codes.FILE_NAME_TOO_LONG);
  const data = await part.toBuffer().catch(() => {
    throw new AppError(Codes.FILE_TOO_LARGE, { size: '10M' }, 413);
  });
  if (part.file.truncated) throw new AppError(Codes.FILE_TOO_LARGE, { size: '10M' }, 413);
  return { data, fileName: part.filename };
}

/**
 * Hashes each distinct password of an import once, four at a time (argon2 runs on libuv's pool of
 * four threads). Rows that share a password share its hash. `onProgress(done)` after each group.
 */
export async function hashAll(plains: string[], onProgress?: (done: number) => Promise<void>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < plains.length; i += 4) {
    const part = plains.slice(i, i + 4);
    const hashes = await Promise.all(part.map((p) => hashPassword(p)));
    part.forEach((p, j) => {
      out.set(p, hashes[j]!);
    });
    await onProgress?.(Math.min(i + 4, plains.length));
  }
  return out;
}

/** Reads the sheet into cells per row; raises `user.import_unreadable`, `_column_missing`, `_empty`, `_too_many`. */
export async function readImportFile(data: Buffer, locale: Locale, tenantChosen: boolean): Promise<ImportCells[]> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(data)) as unknown[][];
  } catch {
    throw new AppError(UserCodes.IMPORT_UNREADABLE);
  }
  const columns = readHeadings(sheet[0] ?? []);
  for (const required of tenantChosen ? (['username'] as const) : (['tenantCode', 'username'] as const)) {
    if (!columns.includes(required)) throw new AppError(UserCodes.IMPORT_COLUMN_MISSING, { column: fieldLabel(locale, required) });
  }
  const rows: ImportCells[] = [];
  for (let i = 1; i < sheet.length; i++) {
    const cells = readRow(columns, sheet[i] ?? [], i + 1);
    if (cells) rows.push(cells);
  }
  if (!rows.length) throw new AppError(UserCodes.IMPORT_EMPTY);
  if (rows.length > USER_IMPORT_MAX_ROWS) throw new AppError(UserCodes.IMPORT_TOO_MANY, { max: USER_IMPORT_MAX_ROWS });
  return rows;
}

function chunks<T>(list: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Checks every row against the rules and the database (read only) and plans the writes.
 * `tenantId`: the chosen tenant, or undefined (each row names its tenant). `callerId`: the importing
 * administrator. `passwordRule`: the code-table rule (SPEC §5 Password strength).
 */
export async function planImport(
  tx: Tx,
  cells: ImportCells[],
  o: { locale: Locale; tenantId: string | undefined; callerId: string; passwordRule: string },
): Promise<ImportPlan> {
  const errors: UserImportError[] = [];
  const failed = new Set<number>();
  const report = (row: number, p: FieldProblem) => {
    failed.add(row);
    errors.push({ row, field: p.field, column: fieldLabel(o.locale, p.field), message: problemMessage(o.locale, p) });
  };
  for (const c of cells) for (const p of c.problems) report(c.row, p);

  // Tenants: the chosen one, or by code.
  const byCode = new Map<string, { id: string; code: string }>();
  let chosen: { id: string; code: string } | undefined;
  if (o.tenantId) {
    const [t] = await tx.select({ id: tenants.id, code: tenants.code }).from(tenants).where(eq(tenants.id, o.tenantId));
    if (!t) throw new AppError(Codes.TENANT_NOT_FOUND);
    chosen = t;
  } else {
    const codes = [...new Set(cells.map((c) => c.tenantCode.toLowerCase()).filter(Boolean))];
    for (const part of chunks(codes)) {
      for (const t of await tx
        .select({ id: tenants.id, code: tenants.code })
        .from(tenants)
        .where(inArray(sql`lower(${tenants.code})`, part)))
        byCode.set(t.code.toLowerCase(), t);
    }
  }
  const tenantOf = new Map<number, string>();
  for (const c of cells) {
    if (chosen) {
      if (c.tenantCode && c.tenantCode.toLowerCase() !== chosen.code.toLowerCase())
        report(c.row, { field: 'tenantCode', code: UserCodes.IMPORT_TENANT_MISMATCH, params: { code: chosen.code } });
      else tenantOf.set(c.row, chosen.id);
    } else if (!c.tenantCode) report(c.row, { field: 'tenantCode', code: Codes.REQUIRED });
    else if (!byCode.has(c.tenantCode.toLowerCase())) report(c.row, { field: 'tenantCode', code: Codes.TENANT_NOT_FOUND });
    else tenantOf.set(c.row, byCode.get(c.tenantCode.toLowerCase())!.id);
  }

  // Organisations by code (main tree), per tenant.
  const orgKey = (tenantId: string, code: string) => `${tenantId}\u0000${code.toLowerCase()}`;
  const orgIds = new Map<string, string>();
  const byTenant = new Map<string, Set<string>>();
  for (const c of cells) {
    const t = tenantOf.get(c.row);
    if (!t) continue;
    for (const code of [c.orgCode, c.defaultOrgCode]) if (code) (byTenant.get(t) ?? byTenant.set(t, new Set()).get(t)!).add(code.toLowerCase());
  }
  for (const [t, codes] of byTenant) {
    for (const part of chunks([...codes])) {
      const found = await tx
        .select({ id: organisations.id, code: organisations.code })
        .from(organisations)
        .where(and(eq(organisations.tenantId, t), eq(organisations.category, 0), inArray(sql`lower(${organisations.code})`, part)));
      for (const r of found) orgIds.set(orgKey(t, r.code), r.id);
    }
  }

  // Rules of the form, per row (kept until the existing users are known: see `stillMissing`).
  const planned: PlannedRow[] = [];
  const pending = new Map<number, FieldProblem[]>();
  for (const c of cells) {
    const tenantId = tenantOf.get(c.row);
    const problems: FieldProblem[] = [];
    const orgId = tenantId && c.orgCode ? orgIds.get(orgKey(tenantId, c.orgCode)) : undefined;
    const defaultOrgId = tenantId && c.defaultOrgCode ? orgIds.get(orgKey(tenantId, c.defaultOrgCode)) : undefined;
    if (!c.orgCode) problems.push({ field: 'orgCode', code: Codes.REQUIRED });
    else if (tenantId && !orgId) problems.push({ field: 'orgCode', code: UserCodes.ORG_NOT_FOUND });
    if (c.defaultOrgCode && tenantId && !defaultOrgId) problems.push({ field: 'defaultOrgCode', code: UserCodes.ORG_NOT_FOUND });
    const fields = normaliseFields({ ...c.values, orgId: orgId ?? (c.orgCode ? 'unresolved' : ''), defaultOrgId: defaultOrgId ?? '' });
    for (const p of fieldProblems(fields)) if (p.field !== 'orgId') problems.push(p);
    if (c.password && checkPasswordStrength(c.password, o.passwordRule) !== 1) problems.push({ field: 'password', code: Codes.PASSWORD_WEAK });
    if (tenantId) {
      planned.push({ row: c.row, tenantId, fields: { ...fields, orgId: orgId ?? '' }, locked: c.locked, password: c.password, existing: undefined });
      pending.set(c.row, problems);
    } else for (const p of problems) report(c.row, p);
  }

  // Duplicates inside the file: user names, mobiles and e-mails are one namespace across tenants.
  const seen = new Map<string, number>();
  for (const p of planned) {
    for (const { kind, name } of signInNamesOf(p.fields)) {
      const first = seen.get(name);
      if (first !== undefined) report(p.row, { field: kind, code: UserCodes.IMPORT_DUPLICATE, params: { row: first } });
      else seen.set(name, p.row);
    }
  }

  // Existing users: update by user name (in the row's tenant); every sign-in name of the row must not
  // belong to another account in any tenant.
  const rowsByTenant = new Map<string, PlannedRow[]>();
  for (const p of planned) (rowsByTenant.get(p.tenantId) ?? rowsByTenant.set(p.tenantId, []).get(p.tenantId)!).push(p);
  for (const [tenantId, list] of rowsByTenant) {
    // One statement each for the whole file (the names travel as one JSON parameter).
    const existing: UserRow[] = await findUsersByKeys(tx, tenantId, {
      usernames: list.map((p) => p.fields.username.toLowerCase()).filter(Boolean),
      mobiles: [],
      emails: [],
    });
    const byName = new Map(existing.map((u) => [u.username.toLowerCase(), u]));
    const holders = await findSignInNameHolders(
      tx,
      list.flatMap((p) => signInNamesOf(p.fields).map((n) => n.name)),
    );
    for (const p of list) {
      p.existing = byName.get(p.fields.username.toLowerCase());
      for (const q of pending.get(p.row) ?? []) if (stillMissing(q, p.existing)) report(p.row, q);
      for (const q of uniquenessProblems(p.fields, holders, p.existing)) report(p.row, q);
      const u = p.existing;
      if (!u && !p.password) report(p.row, { field: 'password', code: Codes.REQUIRED });
      if (u && (p.fields.status !== 1 || p.locked)) {
        if (u.superManager) report(p.row, { field: p.locked ? 'locked' : 'status', code: UserCodes.SUPER_MANAGER, params: { username: u.username } });
        else if (u.id === o.callerId) report(p.row, { field: p.locked ? 'locked' : 'status', code: UserCodes.SELF });
      }
      if (u?.superManager && p.password && u.id !== o.callerId) report(p.row, { field: 'password', code: UserCodes.SUPER_MANAGER_PASSWORD });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: planned, errors, failedRows: failed.size };
}

/**
 * False for a "required" problem of a field an existing user never had (users made before SPEC §5's
 * form, e.g. the bootstrapped administrator without organisation or dates): re-importing their export
 * leaves the field empty as it was instead of failing. Every other problem stands.
 */
function stillMissing(p: FieldProblem, existing: UserRow | undefined): boolean {
  if (!existing || p.code !== Codes.REQUIRED) return true;
  if (p.field === 'orgCode') return !!existing.orgId;
  if (p.field === 'effectiveDate') return !!existing.effectiveDate;
  if (p.field === 'expiryDate') return !!existing.expiryDate;
  return true;
}

/** Raises `user.import_invalid` with the per-row report when the plan has errors (at most 1000 listed). */
export function assertPlanValid(plan: ImportPlan): void {
  if (plan.errors.length)
    throw new AppError(UserCodes.IMPORT_INVALID, { count: plan.failedRows }, 200, { errors: plan.errors.slice(0, 1000), failedRows: plan.failedRows });
}
