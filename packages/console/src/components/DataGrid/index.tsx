/**
 * The one data grid every list screen is built on (CONVENTIONS "Screens are compositions of shared
 * parts"; SPEC §2 Generic grids): a search bar (Search, Reset, Enter submits), a toolbar (screen
 * actions, batch delete / enable / disable / lock / unlock, import, template, export, refresh) and an
 * antd Table with server-side paging ('Total N', page sizes, quick jumper) and server-side sorting
 * (`sortField` / `sortOrder` from each sortable column's `key`).
 *
 * Data comes from `fetch(query)` through TanStack Query, keeping the previous page on screen while the
 * next one loads. Parents reload it through `ref` (`DataGridHandle.reload`) or by invalidating
 * `queryKey`. Row keys are strings (`rowKey`). Rows can be chosen (a first column of checkboxes, kept
 * across pages) when the screen has batch actions or follows the choice (`onSelectionChange`, e.g. for
 * toolbar actions of its own on the chosen rows). See `types.ts` for every prop.
 */
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Key } from 'react';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, Status } from '@mp/protocol';
import SearchBar from './search-bar';
import Toolbar, { BATCH_ICONS, type BatchAction } from './toolbar';
import { cleanFilters, pageAfterShrink, readSorter, sortWithin, type SorterLike } from './query-state';
import type { DataGridProps, Filters, GridQuery } from './types';

export type { DataGridHandle, DataGridProps, GridBatchAction, GridQuery, SearchField, Filters } from './types';
export { StatusDot, statusColumn, STATUS_COLOR_ENABLED, STATUS_COLOR_DISABLED } from './status';
export { useRecordActions, useStatusSearchField } from './record-actions';
export { DeleteRowButton, RowButton, StatusRowButton } from './row-buttons';

const PAGE_SIZES = ['10', '20', '50', '100'];

/** The grid; see the module docs. */
export default function DataGrid<T extends object, F extends Filters = Filters, S extends string = string>(props: DataGridProps<T, F, S>) {
  const { t } = useTranslation(['common', 'grid']);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(props.defaultPageSize ?? PAGE_SIZE_DEFAULT);
  const [sort, setSort] = useState<{ sortField?: string; sortOrder?: 'ascend' | 'descend' }>({});
  const [selected, setSelected] = useState<Map<string, T>>(new Map());

  // `sort` holds only fields of `sortFields` (onTableChange), so the query's sort field is an S.
  const query = useMemo(() => ({ ...filters, ...sort, page, pageSize }) as GridQuery<F, S>, [filters, sort, page, pageSize]);
  const { data, isFetching, refetch } = useQuery({
    queryKey: [...props.queryKey, query],
    queryFn: () => props.fetch(query),
    placeholderData: keepPreviousData,
  });

  // The last row of a page was deleted elsewhere: step back instead of showing an empty page.
  useEffect(() => {
    if (!data) return;
    const next = pageAfterShrink(page, data.rows.length, data.records, data.total);
    if (next !== null) setPage(next);
  }, [data, page]);

  const clearSelection = () => setSelected(new Map());
  // Tell the screen what is chosen whenever the choice changes (a ref: an inline callback re-renders nothing).
  const onSelectionChange = useRef(props.onSelectionChange);
  onSelectionChange.current = props.onSelectionChange;
  useEffect(() => {
    onSelectionChange.current?.([...selected.keys()], [...selected.values()]);
  }, [selected]);
  useImperativeHandle(props.ref, () => ({ reload: () => void refetch(), clearSelection, filters: () => filters }), [refetch, filters]);

  const ids = () => [...selected.keys()];
  const rows = () => [...selected.values()];
  const batch: BatchAction[] = [];
  if (props.onBatchDelete) {
    const fn = props.onBatchDelete;
    batch.push({
      key: 'delete',
      label: t('grid:batchDelete'),
      icon: BATCH_ICONS.delete,
      danger: true,
      confirm: (count) => t('common:confirmDelete', { count }),
      done: t('common:deleteSucceeded'),
      run: () => fn(ids(), rows()),
    });
  }
  if (props.onBatchStatus) {
    const fn = props.onBatchStatus;
    batch.push({
      key: 'enable',
      label: t('grid:batchEnable'),
      icon: BATCH_ICONS.enable,
      confirm: (count) => t('common:confirmEnable', { count }),
      done: t('common:operationSucceeded'),
      run: () => fn(ids(), Status.ENABLED, rows()),
    });
    batch.push({
      key: 'disable',
      label: t('grid:batchDisable'),
      icon: BATCH_ICONS.disable,
      confirm: (count) => t('common:confirmDisable', { count }),
      done: t('common:operationSucceeded'),
      run: () => fn(ids(), Status.DISABLED, rows()),
    });
  }
  if (props.onBatchLock) {
    const fn = props.onBatchLock;
    batch.push({
      key: 'lock',
      label: t('grid:lock'),
      icon: BATCH_ICONS.lock,
      confirm: (count) => t('grid:confirmLock', { count }),
      done: t('common:operationSucceeded'),
      run: () => fn(ids(), true, rows()),
    });
    batch.push({
      key: 'unlock',
      label: t('grid:unlock'),
      icon: BATCH_ICONS.unlock,
      confirm: (count) => t('grid:confirmUnlock', { count }),
      done: t('common:operationSucceeded'),
      run: () => fn(ids(), false, rows()),
    });
  }

  for (const a of props.batchActions ?? []) batch.push({ ...a, run: () => a.run(ids(), rows()) });

  // Sorting is controlled, so Reset also clears the arrows.
  const columns = useMemo<TableColumnsType<T>>(
    () =>
      props.columns.map((c) => {
        if (!('sorter' in c) || !c.sorter) return c;
        const key = String(c.key ?? ('dataIndex' in c ? c.dataIndex : ''));
        return { ...c, sortOrder: sort.sortField === key ? (sort.sortOrder ?? null) : null, showSorterTooltip: false };
      }),
    [props.columns, sort],
  );

  const onTableChange = (pg: TablePaginationConfig, _f: unknown, sorter: unknown) => {
    const nextSort = sortWithin(readSorter(sorter as SorterLike | SorterLike[]), props.sortFields);
    const sortChanged = nextSort.sortField !== sort.sortField || nextSort.sortOrder !== sort.sortOrder;
    const nextSize = pg.pageSize ?? pageSize;
    setSort(nextSort);
    setPageSize(nextSize);
    setPage(sortChanged || nextSize !== pageSize ? 1 : (pg.current ?? 1));
  };

  const applied = () => ({ ...(filters as F), ...(sort as Pick<GridQuery<F, S>, 'sortField' | 'sortOrder'>) });

  return (
    <div>
      {props.searchFields && props.searchFields.length > 0 && (
        <SearchBar
          fields={props.searchFields}
          loading={isFetching}
          onSearch={(v) => {
            const next = cleanFilters(v);
            // Same filters on page 1: the query key does not change, so fetch again explicitly.
            if (page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void refetch();
            setFilters(next);
            setPage(1);
          }}
          onReset={() => {
            setFilters({});
            setSort({});
            setPage(1);
            clearSelection();
          }}
        />
      )}
      <Toolbar
        actions={props.actions}
        selectedCount={selected.size}
        onClearSelection={clearSelection}
        batch={batch}
        onImport={props.onImport}
        importAsJob={props.importAsJob}
        onDownloadTemplate={props.onDownloadTemplate}
        onExport={props.onExport ? () => props.onExport!(applied()) : undefined}
        onRefresh={() => void refetch()}
        onChanged={() => void refetch()}
      />
      <Table<T>
        aria-label={props.title}
        rowKey={props.rowKey}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        size="middle"
        scroll={{ x: props.scrollX ?? 'max-content' }}
        onChange={onTableChange}
        rowSelection={
          batch.length > 0 || props.onSelectionChange
            ? {
                selectedRowKeys: ids(),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r) => ({ disabled: props.isRowSelectable ? !props.isRowSelectable(r) : false }),
                onChange: (keys: Key[], selRows: T[]) => {
                  setSelected((prev) => {
                    const next = new Map<string, T>();
                    for (const k of keys) {
                      const key = String(k);
                      const row = selRows.find((r) => String(r[props.rowKey]) === key) ?? prev.get(key);
                      if (row) next.set(key, row);
                    }
                    return next;
                  });
                },
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize,
          total: data?.records ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('grid:total', { count: total }),
        }}
      />
    </div>
  );
}
