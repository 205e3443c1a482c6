/**
 * Columns of the online-user grid (SPEC §4 Records): user name, employee name, tenant, identities,
 * signed in at, expires at, IP, user agent, and the 'Eliminate' operation (confirmed naming the user).
 * Sortable on the server: user name, signed in at, expires at (SESSION_SORT_FIELDS). The caller's own
 * session is marked and cannot be eliminated (sign out ends it).
 */
import { useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SessionRow } from '@mp/protocol';
import { StatusDot } from '../../../../components/DataGrid';

const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Sum of the column widths (plus the selection column): the table's horizontal scroll width. */
export const SESSION_TABLE_WIDTH = 1580;

/** The columns, translated and memoised per language; `onEliminate` resolves when the call is done. */
export function useSessionColumns(onEliminate: (row: SessionRow) => Promise<unknown>): TableColumnsType<SessionRow> {
  const { t, i18n } = useTranslation(['session', 'common']);
  return useMemo<TableColumnsType<SessionRow>>(
    () => [
      {
        title: t('field.username'),
        key: 'username',
        dataIndex: 'username',
        sorter: true,
        width: 190,
        render: (_, r) => (
          <Space size={6}>
            <span title={t('online')}>
              <StatusDot enabled text={r.username} />
            </span>
            {r.current && (
              <Tag color="blue" variant="filled">
                {t('current')}
              </Tag>
            )}
          </Space>
        ),
      },
      { title: t('field.employeeName'), key: 'employeeName', dataIndex: 'employeeName', width: 140, ellipsis: true },
      {
        title: t('field.tenant'),
        key: 'tenant',
        width: 170,
        ellipsis: true,
        render: (_, r) => <span title={r.tenantCode}>{r.tenantName || r.tenantCode}</span>,
      },
      {
        title: t('field.identities'),
        key: 'identities',
        width: 250,
        render: (_, r) => (
          <Space size={[4, 4]} wrap>
            {r.identities.map((i) => (
              <Tag key={i}>{t(`identity.${i}`, { defaultValue: String(i) })}</Tag>
            ))}
          </Space>
        ),
      },
      { title: t('field.createdAt'), key: 'createdAt', dataIndex: 'createdAt', sorter: true, width: 170, render: formatTime },
      { title: t('field.expiresAt'), key: 'expiresAt', dataIndex: 'expiresAt', sorter: true, width: 170, render: formatTime },
      { title: t('field.ip'), key: 'ip', dataIndex: 'ip', width: 130 },
      {
        title: t('field.userAgent'),
        key: 'userAgent',
        dataIndex: 'userAgent',
        width: 220,
        ellipsis: { showTitle: false },
        render: (v: string) => (
          <Tooltip placement="topLeft" title={v}>
            <Typography.Text type="secondary">{v}</Typography.Text>
          </Tooltip>
        ),
      },
      {
        title: t('field.action'),
        key: 'action',
        fixed: 'right',
        width: 140,
        render: (_, r) =>
          r.current ? (
            <Tooltip title={t('currentHint')}>
              <span style={{ cursor: 'not-allowed' }}>
                <Button type="link" size="small" danger disabled style={{ paddingInline: 4, pointerEvents: 'none' }}>
                  {t('eliminate')}
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('common:confirmTitle')}
              description={t('confirmEliminate', { name: r.username })}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onEliminate(r)}
            >
              <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                {t('eliminate')}
              </Button>
            </Popconfirm>
          ),
      },
    ],
    [t, i18n.language, onEliminate],
  );
}
