/** Columns of the organisation member grid and of the add-member picker (SPEC §3 members: user name, employee name, organisation). */
import { useMemo } from 'react';
import { Button, Popconfirm, Tag, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type OrgMemberCandidateRow, type OrgMemberRow } from '@mp/protocol';
import { StatusDot } from '../../../../components/DataGrid';

/** The member grid's columns; `remove` (absent: read-only) removes one membership after a confirmation. */
export function useOrgMemberColumns(remove?: (row: OrgMemberRow) => void): TableColumnsType<OrgMemberRow> {
  const { t, i18n } = useTranslation(['orgmember', 'common']);
  return useMemo<TableColumnsType<OrgMemberRow>>(
    () => [
      { title: t('column.username'), key: 'username', dataIndex: 'username', sorter: true, width: 160, ellipsis: true },
      { title: t('column.employeeName'), key: 'employeeName', dataIndex: 'employeeName', sorter: true, width: 150, ellipsis: true },
      { title: t('column.org'), key: 'orgName', dataIndex: 'orgName', sorter: true, width: 170, ellipsis: true },
      {
        title: t('relation.label'),
        key: 'affiliated',
        width: 110,
        render: (_, r) =>
          r.affiliated ? (
            <Tooltip title={t('affiliatedTip')}>
              <Tag color="blue">{t('relation.affiliated')}</Tag>
            </Tooltip>
          ) : (
            <Tag>{t('relation.member')}</Tag>
          ),
      },
      {
        title: t('column.status'),
        key: 'status',
        width: 100,
        render: (_, r) => <StatusDot enabled={r.status === Status.ENABLED} text={r.status === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      {
        title: t('column.createdAt'),
        key: 'createdAt',
        dataIndex: 'createdAt',
        sorter: true,
        width: 150,
        render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
      },
      ...(remove
        ? [
            {
              title: t('common:operation'),
              key: 'operation',
              width: 90,
              fixed: 'right' as const,
              render: (_: unknown, r: OrgMemberRow) =>
                r.affiliated ? (
                  <Tooltip title={t('affiliatedTip')}>
                    <Button type="link" size="small" disabled style={{ paddingInline: 4 }}>
                      {t('removeOne')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={t('common:confirmTitle')}
                    description={t('confirmRemove', { count: 1 })}
                    okText={t('common:ok')}
                    cancelText={t('common:cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(r)}
                  >
                    <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                      {t('removeOne')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]
        : []),
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, remove],
  );
}

/** The add-member picker's columns. */
export function useOrgCandidateColumns(): TableColumnsType<OrgMemberCandidateRow> {
  const { t, i18n } = useTranslation(['orgmember', 'common']);
  return useMemo<TableColumnsType<OrgMemberCandidateRow>>(
    () => [
      { title: t('column.username'), key: 'username', dataIndex: 'username', width: 160, ellipsis: true },
      { title: t('column.employeeName'), key: 'employeeName', dataIndex: 'employeeName', width: 150, ellipsis: true },
      { title: t('column.currentOrg'), key: 'orgName', dataIndex: 'orgName', width: 170, ellipsis: true },
      {
        title: t('column.status'),
        key: 'status',
        width: 100,
        render: (_, r) => <StatusDot enabled={r.status === Status.ENABLED} text={r.status === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language],
  );
}
