/**
 * Columns of the account grid (SPEC §2 accountManagement; §3 WeChat type): account, nickname, type,
 * associated user, association time, status, update time and the row's actions (the choice of rows is
 * the grid's own column).
 */
import { useMemo } from 'react';
import { Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type AccountRow } from '@mp/protocol';
import { StatusDot } from '../../../../components/DataGrid';

export const ACCOUNT_TABLE_WIDTH = 1280;
const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

export interface AccountRowActions {
  /** Absent: read-only (no write grant). */
  edit?: (row: AccountRow) => void;
  associate?: (row: AccountRow) => void;
  unbind?: (row: AccountRow) => void;
  remove?: (row: AccountRow) => void;
}

/** The type's name in the current language. */
export function useAccountTypeName(): (type: number) => string {
  const { t } = useTranslation('account');
  return (type) => t(`type.${type}` as never) as unknown as string;
}

export function useAccountColumns(a: AccountRowActions): TableColumnsType<AccountRow> {
  const { t, i18n } = useTranslation(['account', 'common']);
  const typeName = useAccountTypeName();
  return useMemo<TableColumnsType<AccountRow>>(
    () => [
      {
        title: t('field.account'),
        key: 'account',
        dataIndex: 'account',
        sorter: true,
        width: 200,
        ellipsis: true,
        render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>,
      },
      { title: t('field.nickname'), key: 'nickname', dataIndex: 'nickname', sorter: true, width: 140, ellipsis: true },
      {
        title: t('field.accountType'),
        key: 'accountType',
        dataIndex: 'accountType',
        sorter: true,
        width: 180,
        render: (v: number) => <Tag color={TYPE_COLORS[v]}>{typeName(v)}</Tag>,
      },
      {
        title: t('field.user'),
        key: 'user',
        width: 180,
        ellipsis: true,
        render: (_, r) =>
          r.userId ? `${r.username}${r.employeeName ? ` (${r.employeeName})` : ''}` : <Typography.Text type="secondary">{t('bound.no')}</Typography.Text>,
      },
      {
        title: t('field.boundAt'),
        key: 'boundAt',
        dataIndex: 'boundAt',
        sorter: true,
        width: 150,
        render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
      },
      {
        title: t('field.status'),
        key: 'status',
        dataIndex: 'status',
        sorter: true,
        width: 100,
        render: (v: number) => <StatusDot enabled={v === Status.ENABLED} text={v === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      {
        title: t('field.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 150,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      ...(a.edit
        ? [
            {
              title: t('common:operation'),
              key: 'operation',
              width: 230,
              fixed: 'right' as const,
              render: (_: unknown, r: AccountRow) => (
                <Space size={0}>
                  <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => a.edit?.(r)}>
                    {t('common:edit')}
                  </Button>
                  {r.userId ? (
                    <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => a.unbind?.(r)}>
                      {t('unbind')}
                    </Button>
                  ) : (
                    <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => a.associate?.(r)}>
                      {t('associate')}
                    </Button>
                  )}
                  <Button type="link" size="small" danger style={{ paddingInline: 4 }} onClick={() => a.remove?.(r)}>
                    {t('common:delete')}
                  </Button>
                </Space>
              ),
            },
          ]
        : []),
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, a],
  );
}
