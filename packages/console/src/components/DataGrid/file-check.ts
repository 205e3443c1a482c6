/**
 * Checks a file before import (SPEC §5 Import files: Excel only, name at most 50 characters, size at
 * most 10M; SPEC §8 messages). Pure: returns the i18n key and params of the first failure, or null.
 */
import { FILE_LIMITS } from '@mp/protocol';

export const EXCEL_EXTENSIONS = ['xls', 'xlsx'] as const;

/** A failed check: `key` is an i18n key, `params` its interpolation values. */
export interface FileProblem {
  key: string;
  params?: Record<string, unknown>;
}

/** Formats a byte limit the way the spec writes it: 10485760 → '10M', 512000 → '500K'. */
export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}M` : `${Math.round(bytes / 1024)}K`;
}

/** Excel import check → the first problem, or null when the file may be sent. */
export function checkExcelFile(file: { name: string; size: number }): FileProblem | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(EXCEL_EXTENSIONS as readonly string[]).includes(ext)) return { key: 'grid:excelOnly' };
  if (file.name.length > FILE_LIMITS.fileNameChars) return { key: 'grid:fileNameTooLong', params: { max: FILE_LIMITS.fileNameChars } };
  if (file.size > FILE_LIMITS.excelBytes) return { key: 'grid:fileTooLarge', params: { size: formatLimit(FILE_LIMITS.excelBytes) } };
  return null;
}
