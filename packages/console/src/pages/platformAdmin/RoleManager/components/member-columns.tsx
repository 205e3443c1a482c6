/** Columns of a role member or candidate (SPEC §3 Role member: username, employee name, organisation, status, update time). */
import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type RoleMemberRow } from '@mp/protocol';
import { StatusDot } from '../../../../components/DataGrid';

/** Member columns shared by the members grid and the add-member dialog. */
export function useMemberColumns(): TableColumnsType<RoleMemberRow> {
  const { t, i18n } = useTranslation(['role', 'common']);
  return useMemo<TableColumnsType<RoleMemberRow>>(
    () => [
      { title: t('members.username'), key: 'username', dataIndex: 'username', sorter: true, width: 160, ellipsis: true },
      { title: t('members.employeeName'), key: 'employeeName', dataIndex: 'employeeName', sorter: true, width: 150, ellipsis: true },
      { title: t('members.org'), key: 'orgName', dataIndex: 'orgName', width: 160, ellipsis: true },
      {
        title: t('members.status'),
        key: 'status',
        width: 100,
        render: (_, r) => <StatusDot enabled={r.status === Status.ENABLED} text={r.status === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      {
        title: t('members.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 150,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language],
  );
}
