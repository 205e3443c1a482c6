/**
 * Types of the shared data grid (SPEC §2 "Generic grids with paging (total, page, records, last page),
 * lock/unlock, enable/disable, batch delete, import, export, template download").
 */
import type { Key, ReactNode, Ref } from 'react';
import type { TableColumnsType } from 'antd';
import type { Paged, StatusValue } from '@mp/protocol';

/** Filter values of the search bar, by field name; empty values are left out. */
export type Filters = Record<string, unknown>;

/**
 * What the grid asks its `fetch` for: 1-based page, rows per page, sort, and the filters. `S` is the
 * list's closed set of server-side sort fields (`sortFields`).
 */
export type GridQuery<F extends Filters = Filters, S extends string = string> = F & {
  page: number;
  pageSize: number;
  sortField?: S;
  sortOrder?: 'ascend' | 'descend';
};

/** One field of the search bar. `type` 'select' needs `options`. */
export interface SearchField {
  name: string;
  /** Label, already translated (shown before the control, and its accessible name). */
  label: string;
  type?: 'input' | 'select';
  options?: { label: string; value: string | number }[];
  placeholder?: string;
  /** Width of the control in px (default 200). */
  width?: number;
}

/** What a parent can do with the grid through its `ref`. */
export interface DataGridHandle {
  /** Fetches the current page again. */
  reload(): void;
  /** Clears the row selection. */
  clearSelection(): void;
  /** The filters currently applied (after Search). */
  filters(): Filters;
}

export interface DataGridProps<T extends object, F extends Filters = Filters, S extends string = string> {
  /** Identity of the list in the query cache, e.g. ['tenants']. */
  queryKey: readonly unknown[];
  /** Loads one page; rejects with the client's ApiError (already toasted). */
  fetch: (query: GridQuery<F, S>) => Promise<Paged<T>>;
  /** Columns; a column with `sorter: true` sorts on the server by its `key` (or `dataIndex`). */
  columns: TableColumnsType<T>;
  /**
   * The list's server-side sort fields (the protocol's closed set, e.g. USER_SORT_FIELDS): a sort by a
   * column key outside it is not sent (the server would refuse it with HTTP 400).
   */
  sortFields?: readonly S[];
  rowKey: keyof T & string;
  /** Accessible name of the table (e.g. the screen title). */
  title: string;
  ref?: Ref<DataGridHandle>;
  searchFields?: SearchField[];
  /** Buttons at the start of the toolbar (e.g. New). */
  actions?: ReactNode;
  /** Batch delete of the selected rows; the grid asks for confirmation naming the count. */
  onBatchDelete?: (ids: string[], rows: T[]) => Promise<unknown>;
  /** Batch enable (1) / disable (0). */
  onBatchStatus?: (ids: string[], status: StatusValue, rows: T[]) => Promise<unknown>;
  /** Batch lock (true) / unlock (false), for user grids. */
  onBatchLock?: (ids: string[], locked: boolean, rows: T[]) => Promise<unknown>;
  /** Further confirmed batch actions of the screen (e.g. 'Batch eliminate' of online users). */
  batchActions?: GridBatchAction<T>[];
  /** Export with the applied filters and sort. */
  onExport?: (filters: F & Pick<GridQuery<F, S>, 'sortField' | 'sortOrder'>) => Promise<unknown>;
  /** Import one Excel file (checked first: Excel only, name ≤ 50, size ≤ 10M — SPEC §5 Import files). */
  onImport?: (file: File) => Promise<unknown>;
  /** The import runs as a background job (components/ImportJob): no success toast when `onImport` resolves; its dialog reports. */
  importAsJob?: boolean;
  /** Download the import template. */
  onDownloadTemplate?: () => Promise<unknown>;
  /**
   * Called with the chosen rows' keys and rows whenever the choice changes (also when it is cleared:
   * Reset, a batch action, `clearSelection`). Giving it shows the choice column even without batch actions.
   */
  onSelectionChange?: (ids: string[], rows: T[]) => void;
  /** False → the row's checkbox is disabled (e.g. the built-in tenant). */
  isRowSelectable?: (row: T) => boolean;
  /** Rows per page to start with (default PAGE_SIZE_DEFAULT). */
  defaultPageSize?: number;
  /** Horizontal scroll width of the table (default 'max-content'). */
  scrollX?: number | string;
}

/** A screen's own batch action: confirmed naming the count, then `run` on the selection; `done` is toasted. */
export interface GridBatchAction<T> {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  confirm: (count: number) => string;
  done: string;
  run: (ids: string[], rows: T[]) => Promise<unknown>;
}

export type { Key };
