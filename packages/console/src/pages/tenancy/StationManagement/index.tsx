/**
 * Station (position) management of the tenant area (SPEC §2 Station management: station list,
 * new/edit, member management; §3 Station; §5 Station / Position), for the current tenant's
 * administrators. The grid searches by name prefix and code prefix, pages and sorts on the server,
 * enables/disables and deletes (batch or per row; the server refuses stations that still have members
 * or child stations); the members dialog adds and removes members.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STATION_SORT_FIELDS, type TenantStationRow } from '@mp/protocol';
import DataGrid, { useRecordActions, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteStations, listTenantStations, setStationStatus } from '../../../api/station-management';
import { STATION_TABLE_WIDTH, useStationColumns, type StationRowActions } from './components/columns';
import StationFormModal from './components/station-form-modal';
import StationMembersModal from './components/members-modal';
import { useMenuWritable } from '../../../stores/tenant-purview';

interface StationFilters extends Record<string, unknown> {
  keyword?: string;
  code?: string;
  enabled?: 0 | 1;
}

const QUERY_KEY = ['tenantStations'] as const;

export default function StationManagement() {
  const { t } = useTranslation(['station', 'common']);
  const grid = useRef<DataGridHandle>(null);
  const [dialog, setDialog] = useState<{ kind: 'add' | 'edit' | 'members'; row?: TenantStationRow } | null>(null);
  const record = useRecordActions<TenantStationRow & { status: number }>({ queryKey: QUERY_KEY, grid, setStatus: setStationStatus, remove: deleteStations });
  const close = () => setDialog(null);

  const actions = useMemo<StationRowActions>(
    () => ({
      edit: (row) => setDialog({ kind: 'edit', row }),
      members: (row) => setDialog({ kind: 'members', row }),
      toggleStatus: (row) => record.toggleStatus({ ...row, status: row.enabled }),
      remove: (row) => record.remove({ ...row, status: row.enabled }),
    }),
    [record],
  );
  const writable = useMenuWritable('stationManagement');
  const columns = useStationColumns(actions, writable);

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('search.name'), width: 180 },
      { name: 'code', label: t('search.code'), width: 160 },
      {
        name: 'enabled',
        label: t('common:status'),
        type: 'select',
        width: 120,
        options: [
          { label: t('common:enabled'), value: 1 },
          { label: t('common:disabled'), value: 0 },
        ],
      },
    ],
    [t],
  );

  return (
    <Card variant="borderless">
      <DataGrid<TenantStationRow, StationFilters, (typeof STATION_SORT_FIELDS)[number]>
        sortFields={STATION_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={QUERY_KEY}
        fetch={(q) => listTenantStations(q)}
        columns={columns}
        rowKey="id"
        scrollX={STATION_TABLE_WIDTH}
        searchFields={searchFields}
        actions={
          <>
            {writable && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
                {t('newStation')}
              </Button>
            )}
            <Button icon={<TeamOutlined />} onClick={() => setDialog({ kind: 'members' })}>
              {t('members.manage')}
            </Button>
          </>
        }
        onBatchDelete={writable ? (ids) => deleteStations(ids) : undefined}
        onBatchStatus={writable ? (ids, status) => setStationStatus(ids, status) : undefined}
      />
      <StationFormModal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        mode={dialog?.kind === 'edit' ? 'modify' : 'add'}
        row={dialog?.kind === 'edit' ? dialog.row : undefined}
        onClose={close}
        onSaved={() => {
          close();
          record.reload();
        }}
      />
      <StationMembersModal
        open={dialog?.kind === 'members'}
        station={dialog?.kind === 'members' ? dialog.row : undefined}
        onClose={close}
        onChanged={record.reload}
      />
    </Card>
  );
}
