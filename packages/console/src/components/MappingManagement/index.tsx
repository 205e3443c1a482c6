/**
 * The one mapping screen of the tenant area (SPEC §2 orgMappingManagement, employeeMappingManagement;
 * docs/tenant-apps.md), for a `kind` (kinds.tsx): each tenant organisation's code and name, or each tenant
 * user's account and name, in the tenant's applications. The grid is filtered by application and by
 * organisation with its subtree (for users: the users of that subtree) and searched by keyword (the
 * application's organisation code or name; or user name, employee name or application account), paged
 * and sorted on the server, limited by the server to the caller's data scope. New / modify dialog;
 * delete per row or in batch ('select at least one record'). Write controls show only with write
 * permission on the kind's menu (the server refuses without the API grant anyway).
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import DataGrid, { useRecordActions, type DataGridHandle, type SearchField } from '../DataGrid';
import { useMenuWritable } from '../../stores/tenant-purview';
import { useMappingColumns, type MappingRowActions } from './columns';
import MappingFilters from './mapping-filters';
import MappingFormModal from './mapping-form-modal';
import { ORG_MAPPING, USER_MAPPING, type MappingFilterValues, type MappingKindDef, type MappingRowBase } from './kinds';

interface KeywordFilter extends Record<string, unknown> {
  keyword?: string;
}

/** The mapping screen of `kind`: 'org' (organisation mapping) or 'user' (user mapping). */
export default function MappingManagement({ kind }: { kind: 'org' | 'user' }) {
  return kind === 'org' ? <MappingScreen def={ORG_MAPPING} /> : <MappingScreen def={USER_MAPPING} />;
}

function MappingScreen<R extends MappingRowBase>({ def }: { def: MappingKindDef<R> }) {
  const { t } = useTranslation(['mapping', 'common']);
  const text = (k: string) => t(`${def.text}.${k}` as never) as unknown as string;
  const grid = useRef<DataGridHandle>(null);
  const writable = useMenuWritable(def.menu);
  const [filters, setFilters] = useState<MappingFilterValues>({});
  const [dialog, setDialog] = useState<{ mode: 'add' | 'modify'; row?: R } | null>(null);
  const queryKey = useMemo(() => [def.queryKey, filters.productId ?? '', filters.orgId ?? ''] as const, [def, filters]);
  const record = useRecordActions<{ id: string; status: number }>({ queryKey: [def.queryKey], grid, setStatus: async () => undefined, remove: def.remove });
  const close = () => setDialog(null);

  const actions = useMemo<MappingRowActions<R>>(
    () => ({
      edit: (row) => setDialog({ mode: 'modify', row }),
      remove: (row) => record.remove({ id: row.id, status: 1 }),
    }),
    [record],
  );
  const columns = useMappingColumns(def, actions, writable);
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: text('keyword'), width: def.keywordWidth }], [t, def]); // eslint-disable-line react-hooks/exhaustive-deps
  const defaults = useMemo(() => def.defaults(filters), [def, filters]);

  return (
    <Card variant="borderless">
      <MappingFilters kind={def.kind} value={filters} onChange={setFilters} />
      <DataGrid<R, KeywordFilter>
        ref={grid}
        title={text('title')}
        queryKey={queryKey}
        sortFields={def.sortFields}
        fetch={(q) => def.list({ ...q, productId: filters.productId, orgId: filters.orgId })}
        columns={columns}
        rowKey="id"
        scrollX={def.tableWidth}
        searchFields={searchFields}
        actions={
          writable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
              {text('add')}
            </Button>
          ) : undefined
        }
        onBatchDelete={writable ? (ids) => def.remove(ids) : undefined}
      />
      <MappingFormModal<R>
        def={def}
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        row={dialog?.row}
        defaults={defaults}
        onClose={close}
        onSaved={() => {
          close();
          record.reload();
        }}
      />
    </Card>
  );
}
