/**
 * The .xlsx of a tenant audit-log export (issue 5 "Audit log … export"; docs/auditlog.md): one row per
 * entry in the grid's filters and sort, headed in the request's language — time (ISO, UTC), user name,
 * action and entity by their readable names (the code when none exists), entity id, client address,
 * request id, before and after as JSON text. Values pass through `redactSecrets` first.
 */
import writeExcelFile from 'write-excel-file/node';
import { translate, type Locale } from '@mp/i18n';
import type { AuditLogRow } from '@mp/protocol';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel keeps at most this many characters in one cell. */
const CELL_MAX = 32_767;
const COLUMNS = ['at', 'username', 'action', 'entity', 'entityId', 'ip', 'requestId', 'before', 'after'] as const;
const WIDTHS: Record<(typeof COLUMNS)[number], number> = {
  at: 22,
  username: 18,
  action: 24,
  entity: 16,
  entityId: 38,
  ip: 16,
  requestId: 14,
  before: 60,
  after: 60,
};

/** Keys whose text values are secrets and are never shown (password hashes, client secrets, tokens). */
const SECRET_KEY = /(password|secret|token|hash)$/i;

/**
 * A copy of an audit value with every string under a secret-looking key replaced by '******'. The writers
 * never store secrets (docs/auditlog.md lists the check); this keeps a later mistake off the screen too.
 */
export function redactSecrets(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redactSecrets);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' && x && SECRET_KEY.test(k) ? '******' : redactSecrets(x)]));
  }
  return v;
}

/** The i18n key of an action or entity code: dots become underscores (`user.add` → `user_add`). */
export function codeKey(code: string): string {
  return code.replace(/[.\-:]/g, '_');
}

/** The readable name of an action (`kind` 'action') or entity code in `locale`, else the code itself. */
export function codeName(locale: Locale, kind: 'action' | 'entity', code: string): string {
  return translate(locale, `auditlog:${kind}.${codeKey(code)}`, { defaultValue: code });
}

function json(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = JSON.stringify(v, null, 1);
  return s.length > CELL_MAX ? `${s.slice(0, CELL_MAX - 1)}…` : s;
}

/** The workbook of `rows` (already redacted) with headings in `locale`. */
export async function auditWorkbook(locale: Locale, rows: AuditLogRow[]): Promise<Buffer> {
  const head = COLUMNS.map((c) => ({ value: translate(locale, `auditlog:field.${c}`), fontWeight: 'bold' as const, backgroundColor: '#E6F4FF' }));
  const body = rows.map((r) =>
    [
      r.at,
      r.username,
      codeName(locale, 'action', r.action),
      codeName(locale, 'entity', r.entity),
      r.entityId,
      r.ip,
      r.requestId,
      json(r.before),
      json(r.after),
    ].map((value) => ({ value, type: String })),
  );
  return writeExcelFile([head, ...body], { columns: COLUMNS.map((c) => ({ width: WIDTHS[c] })), stickyRowsCount: 1 }).toBuffer() as Promise<Buffer>;
}

/** A download name with today's date, e.g. audit-log-2026-05-01.xlsx. */
export function exportFileName(): string {
  return `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`;
}
