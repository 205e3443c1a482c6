/**
 * Columns of the user mapping grid (SPEC §2 employeeMappingManagement): application, user (user name,
 * employee name, organisation), the user's account and name in the application, creator, update time,
 * and the row operations modify and delete (shown only with write permission on the menu).
 */
import { useMemo } from 'react';
import { Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserMappingRow } from '@mp/protocol';
import { DeleteRowButton, RowButton } from '../../../../components/DataGrid';
import type { MappingRowActions } from '../../OrgMappingManagement/components/columns';

export const USER_MAPPING_TABLE_WIDTH = 1200;

export function useUserMappingColumns(actions: MappingRowActions<UserMappingRow>, writable: boolean): TableColumnsType<UserMappingRow> {
  const { t, i18n } = useTranslation(['mapping', 'common']);
  return useMemo<TableColumnsType<UserMappingRow>>(() => [
    { title: t('app'), key: 'appName', dataIndex: 'appName', sorter: true, width: 150, ellipsis: true },
    { title: t('user.username'), key: 'username', dataIndex: 'username', sorter: true, width: 160, ellipsis: true },
    { title: t('user.employeeName'), key: 'employeeName', dataIndex: 'employeeName', width: 120, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('user.orgName'), key: 'orgName', dataIndex: 'orgName', width: 130, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('user.colAccount'), key: 'externalAccount', dataIndex: 'externalAccount', sorter: true, width: 150, ellipsis: true },
    { title: t('user.colName'), key: 'externalName', dataIndex: 'externalName', width: 140, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('creator'), key: 'creator', dataIndex: 'creator', width: 130, ellipsis: true },
    { title: t('updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    ...(writable ? [{
      title: t('common:operation'), key: 'operation', fixed: 'right' as const, width: 130,
      render: (_: unknown, r: UserMappingRow) => (
        <Space size={0} wrap={false}>
          <RowButton onClick={() => actions.edit(r)}>{t('common:edit')}</RowButton>
          <DeleteRowButton name={`${r.username} → ${r.externalAccount}`} onConfirm={() => actions.remove(r)} />
        </Space>
      ),
    }] : []),
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [i18n.language, actions, writable]);
}
