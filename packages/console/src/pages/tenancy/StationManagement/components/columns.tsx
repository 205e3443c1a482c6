/**
 * Columns of the station grid (SPEC §3 Station: name, code, level, parent position, organisation, type,
 * members, status, update time, description) and the row operations: edit, members, enable/disable,
 * delete (the server refuses a station that still has members or child stations).
 */
import { useMemo } from 'react';
import { Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type TenantStationRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, StatusDot, StatusRowButton } from '../../../../components/DataGrid';

export interface StationRowActions {
  edit: (row: TenantStationRow) => void;
  members: (row: TenantStationRow) => void;
  toggleStatus: (row: TenantStationRow) => unknown;
  remove: (row: TenantStationRow) => Promise<unknown>;
}

/** Sum of the column widths plus the selection column. */
export const STATION_TABLE_WIDTH = 1420;

/** Columns; without `writable` (a read-only grant of the menu) the row offers only the members. */
export function useStationColumns(actions: StationRowActions, writable = true): TableColumnsType<TenantStationRow> {
  const { t, i18n } = useTranslation(['station', 'common']);
  return useMemo<TableColumnsType<TenantStationRow>>(
    () => [
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 170, ellipsis: true },
      { title: t('field.code'), key: 'code', dataIndex: 'code', sorter: true, width: 130, ellipsis: true },
      { title: t('field.level'), key: 'level', dataIndex: 'level', sorter: true, width: 100, ellipsis: true },
      { title: t('field.parent'), key: 'parentName', dataIndex: 'parentName', width: 150, ellipsis: true },
      { title: t('field.org'), key: 'orgName', dataIndex: 'orgName', width: 140, ellipsis: true },
      { title: t('field.type'), key: 'type', dataIndex: 'type', width: 110, ellipsis: true },
      { title: t('field.members'), key: 'members', dataIndex: 'members', width: 90, align: 'right' },
      {
        title: t('field.enabled'),
        key: 'enabled',
        dataIndex: 'enabled',
        sorter: true,
        width: 100,
        render: (_, r) => <StatusDot enabled={r.enabled === Status.ENABLED} text={r.enabled === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      {
        title: t('field.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 150,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      { title: t('field.description'), key: 'description', dataIndex: 'description', width: 150, ellipsis: true },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 230,
        render: (_, r) => (
          <Space size={0} wrap={false}>
            {writable && <RowButton onClick={() => actions.edit(r)}>{t('common:edit')}</RowButton>}
            <RowButton onClick={() => actions.members(r)}>{t('action.members')}</RowButton>
            {writable && <StatusRowButton enabled={r.enabled === Status.ENABLED} name={r.name} onConfirm={() => actions.toggleStatus(r)} />}
            {writable && <DeleteRowButton name={r.name} onConfirm={() => actions.remove(r)} />}
          </Space>
        ),
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, actions, writable],
  );
}
