/**
 * The response envelope every gateway answer carries (PROTOCOL.md "Response envelope", SPEC §3).
 * `result` is '1' on success, '0' on failure; `scode` names the failure; `msg` and `message` carry
 * the same text in the request's language.
 */
export interface Envelope<D = unknown> {
  result: '1' | '0';
  msg: string;
  message: string;
  scode: string;
  data: D;
}

/** `data` of a paged list: rows plus page (1-based), total (pages), records (rows), lastPage. */
export interface Paged<T> {
  rows: T[];
  page: number;
  total: number;
  records: number;
  lastPage: boolean;
}

/** A paged request: `page` is 1-based; `pageSize` rows per page (1..PAGE_SIZE_MAX). */
export interface PageQuery {
  page?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 500;

/** Builds a success envelope around `data`. */
export function ok<D>(data: D, message = ''): Envelope<D> {
  return { result: '1', msg: message, message, scode: '', data };
}

/** Builds a failure envelope with the code and its already-translated message. */
export function fail<D = Record<string, never>>(scode: string, message: string, data?: D): Envelope<D | Record<string, never>> {
  return { result: '0', msg: message, message, scode, data: data ?? {} };
}

/**
 * Computes the paging fields for `records` matching rows.
 * @param page requested 1-based page; @param pageSize rows per page.
 */
export function pageInfo(page: number, pageSize: number, records: number): Omit<Paged<never>, 'rows'> {
  const total = Math.max(1, Math.ceil(records / pageSize));
  return { page, total, records, lastPage: page >= total };
}
