/**
 * Pure helpers of the data grid's query state: cleaning filters, reading antd's sorter, fixing a page
 * that became empty (SPEC §2 Generic grids: server-side paging and sorting).
 */
import type { Filters } from './types';

/** Drops empty filter values (undefined, null, '' and blank text) and trims text. */
export function cleanFilters(values: Filters): Filters {
  const out: Filters = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string') {
      const s = v.trim();
      if (s) out[k] = s;
    } else out[k] = v;
  }
  return out;
}

/** The part of antd's SorterResult the grid reads. */
export interface SorterLike {
  columnKey?: unknown;
  field?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/** antd sorter (one or several) → `{ sortField, sortOrder }`, or `{}` when unsorted. */
export function readSorter(sorter: SorterLike | SorterLike[]): { sortField?: string; sortOrder?: 'ascend' | 'descend' } {
  const s = Array.isArray(sorter) ? sorter.find((x) => x.order) : sorter;
  if (!s?.order) return {};
  const key = s.columnKey ?? s.field;
  const field = Array.isArray(key) ? key.join('.') : key;
  return typeof field === 'string' && field ? { sortField: field, sortOrder: s.order } : {};
}

/**
 * `sort` when its field is one of `fields` (the list's server-side sort fields, the protocol's closed
 * set), else unsorted; without `fields` (a list that names none), `sort` as it is.
 */
export function sortWithin(
  sort: { sortField?: string; sortOrder?: 'ascend' | 'descend' },
  fields: readonly string[] | undefined,
): { sortField?: string; sortOrder?: 'ascend' | 'descend' } {
  return sort.sortField && fields && !fields.includes(sort.sortField) ? {} : sort;
}

/**
 * When the current page came back empty but rows exist (e.g. the last row of the last page was
 * deleted), the page to go to instead: the last page. Otherwise null.
 */
export function pageAfterShrink(page: number, rows: number, records: number, totalPages: number): number | null {
  if (rows > 0 || page <= 1 || records <= 0) return null;
  return Math.max(1, Math.min(page - 1, totalPages));
}
