/**
 * User mapping of the tenant area (SPEC §2 employeeMappingManagement; docs/tenant-apps.md): each tenant
 * user's account and name in the tenant's applications. The grid is filtered by application and by the
 * users' organisation with its subtree, searched by user name, employee name or application account,
 * paged and sorted on the server, limited by the server to users inside the caller's data scope.
 * New / modify dialog with a user chooser of that scope; delete per row or in batch ('select at least
 * one record'). Write controls show only with write permission on the menu.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserMappingRow } from '@mp/protocol';
import DataGrid, { useRecordActions, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteUserMappings, listUserMappings } from '../../../api/mapping';
import { useMenuWritable } from '../../../stores/tenant-purview';
import type { MappingRowActions } from '../OrgMappingManagement/components/columns';
import MappingFilters, { type MappingFilterValues } from '../OrgMappingManagement/components/mapping-filters';
import { USER_MAPPING_TABLE_WIDTH, useUserMappingColumns } from './components/columns';
import UserMappingFormModal from './components/user-mapping-form-modal';

interface KeywordFilter extends Record<string, unknown> { keyword?: string }

export default function EmployeeMappingManagement() {
  const { t } = useTranslation(['mapping', 'common']);
  const grid = useRef<DataGridHandle>(null);
  const writable = useMenuWritable('employeeMappingManagement');
  const [filters, setFilters] = useState<MappingFilterValues>({});
  const [dialog, setDialog] = useState<{ mode: 'add' | 'modify'; row?: UserMappingRow } | null>(null);
  const queryKey = useMemo(() => ['userMappings', filters.productId ?? '', filters.orgId ?? ''] as const, [filters]);
  const record = useRecordActions<{ id: string; status: number }>({ queryKey: ['userMappings'], grid, setStatus: async () => undefined, remove: deleteUserMappings });
  const close = () => setDialog(null);

  const actions = useMemo<MappingRowActions<UserMappingRow>>(() => ({
    edit: (row) => setDialog({ mode: 'modify', row }),
    remove: (row) => record.remove({ id: row.id, status: 1 }),
  }), [record]);
  const columns = useUserMappingColumns(actions, writable);
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('user.keyword'), width: 240 }], [t]);
  const defaults = useMemo(() => ({ productId: filters.productId }), [filters]);

  return (
    <Card variant="borderless">
      <MappingFilters kind="user" value={filters} onChange={setFilters} />
      <DataGrid<UserMappingRow, KeywordFilter>
        ref={grid}
        title={t('user.title')}
        queryKey={queryKey}
        fetch={(q) => listUserMappings({ ...q, productId: filters.productId, orgId: filters.orgId })}
        columns={columns}
        rowKey="id"
        scrollX={USER_MAPPING_TABLE_WIDTH}
        searchFields={searchFields}
        actions={writable ? <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>{t('user.add')}</Button> : undefined}
        onBatchDelete={writable ? (ids) => deleteUserMappings(ids) : undefined}
      />
      <UserMappingFormModal
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
