/**
 * Organisation mapping of the tenant area (SPEC §2 orgMappingManagement; docs/tenant-apps.md): each
 * tenant organisation's code and name in the tenant's applications. The grid is filtered by application
 * and by organisation with its subtree (TenantOrgTreeSelect) and searched by the application's code or
 * name, paged and sorted on the server, limited by the server to the caller's data scope. New / modify
 * dialog; delete per row or in batch ('select at least one record'). Write controls show only with
 * write permission on the menu (the server refuses without the API grant anyway).
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrgMappingRow } from '@mp/protocol';
import DataGrid, { useRecordActions, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteOrgMappings, listOrgMappings } from '../../../api/mapping';
import { useMenuWritable } from '../../../stores/tenant-purview';
import { ORG_MAPPING_TABLE_WIDTH, useOrgMappingColumns, type MappingRowActions } from './components/columns';
import MappingFilters, { type MappingFilterValues } from './components/mapping-filters';
import OrgMappingFormModal from './components/org-mapping-form-modal';

interface KeywordFilter extends Record<string, unknown> { keyword?: string }

export default function OrgMappingManagement() {
  const { t } = useTranslation(['mapping', 'common']);
  const grid = useRef<DataGridHandle>(null);
  const writable = useMenuWritable('orgMappingManagement');
  const [filters, setFilters] = useState<MappingFilterValues>({});
  const [dialog, setDialog] = useState<{ mode: 'add' | 'modify'; row?: OrgMappingRow } | null>(null);
  const queryKey = useMemo(() => ['orgMappings', filters.productId ?? '', filters.orgId ?? ''] as const, [filters]);
  const record = useRecordActions<{ id: string; status: number }>({ queryKey: ['orgMappings'], grid, setStatus: async () => undefined, remove: deleteOrgMappings });
  const close = () => setDialog(null);

  const actions = useMemo<MappingRowActions<OrgMappingRow>>(() => ({
    edit: (row) => setDialog({ mode: 'modify', row }),
    remove: (row) => record.remove({ id: row.id, status: 1 }),
  }), [record]);
  const columns = useOrgMappingColumns(actions, writable);
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('org.keyword'), width: 220 }], [t]);
  const defaults = useMemo(() => ({ productId: filters.productId, orgId: filters.orgId }), [filters]);

  return (
    <Card variant="borderless">
      <MappingFilters kind="org" value={filters} onChange={setFilters} />
      <DataGrid<OrgMappingRow, KeywordFilter>
        ref={grid}
        title={t('org.title')}
        queryKey={queryKey}
        fetch={(q) => listOrgMappings({ ...q, productId: filters.productId, orgId: filters.orgId })}
        columns={columns}
        rowKey="id"
        scrollX={ORG_MAPPING_TABLE_WIDTH}
        searchFields={searchFields}
        actions={writable ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>{t('org.add')}</Button> : undefined}
        onBatchDelete={writable ? (ids) => deleteOrgMappings(ids) : undefined}
      />
      <OrgMappingFormModal
        open={!!dialog}
        mode={dialog?.mode ?? 'add'}
        row={dialog?.row}
        defaults={defaults}
        onClose={close}
        onSaved={() => { close(); record.reload(); }}
      />
    </Card>
  );
}
