/**
 * Columns of the service-account grid (docs/service-accounts.md): name, key id (copyable), roles, status,
 * expiry (marked when passed), last use, creation, and the row operations — edit, rotate secret,
 * enable/disable and delete, each destructive one behind a confirmation naming the account. Sortable on
 * the server: SERVICE_ACCOUNT_SORT_FIELDS.
 */
import { useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, statusColumn, StatusRowButton } from '../../../components/DataGrid';

export interface ServiceAccountActions {
  onEdit: (row: ServiceAccountRow) => void;
  onRotate: (row: ServiceAccountRow) => Promise<unknown>;
  onToggleStatus: (row: ServiceAccountRow) => Promise<unknown>;
  onDelete: (row: ServiceAccountRow) => Promise<unknown>;
}

export const SERVICE_ACCOUNT_TABLE_WIDTH = 1280;
const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

export function useServiceAccountColumns(actions: ServiceAccountActions): TableColumnsType<ServiceAccountRow> {
  const { t, i18n } = useTranslation(['serviceaccount', 'common']);
  return useMemo<TableColumnsType<ServiceAccountRow>>(
    () => [
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 170, ellipsis: true },
      {
        title: t('field.keyId'),
        key: 'keyId',
        dataIndex: 'keyId',
        sorter: true,
        width: 250,
        render: (v: string) => (
          <Typography.Text code copyable={{ text: v, tooltips: [t('common:copy'), t('common:copied')] }}>
            {v}
          </Typography.Text>
        ),
      },
      {
        title: t('field.roles'),
        key: 'roles',
        width: 220,
        render: (_, r) => (
          <Space size={[4, 4]} wrap>
            {r.roles.map((x) => (
              <Tag key={x.id} color="blue" style={{ marginInlineEnd: 0 }}>
                {x.name}
              </Tag>
            ))}
          </Space>
        ),
      },
      statusColumn<ServiceAccountRow>({
        title: t('common:status'),
        enabledText: t('common:enabled'),
        disabledText: t('common:disabled'),
        sortable: true,
        width: 120,
      }),
      {
        title: t('field.expiresAt'),
        key: 'expiresAt',
        dataIndex: 'expiresAt',
        sorter: true,
        width: 140,
        render: (_, r) =>
          r.expiresAt ? (
            <Space size={4}>
              <span>{r.expiresAt}</span>
              {r.expired && (
                <Tag color="red" style={{ marginInlineEnd: 0 }}>
                  {t('expired')}
                </Tag>
              )}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('noExpiry')}</Typography.Text>
          ),
      },
      {
        title: t('field.lastUsedAt'),
        key: 'lastUsedAt',
        dataIndex: 'lastUsedAt',
        sorter: true,
        width: 140,
        render: (v: number | null) => time(v) || <Typography.Text type="secondary">{t('never')}</Typography.Text>,
      },
      { title: t('field.createdAt'), key: 'createdAt', dataIndex: 'createdAt', sorter: true, width: 140, render: time },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 260,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => actions.onEdit(r)}>{t('common:edit')}</RowButton>
            <Popconfirm
              title={t('rotateTitle', { name: r.name })}
              description={<div style={{ maxWidth: 300 }}>{t('rotateContent')}</div>}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => actions.onRotate(r)}
            >
              <Button type="link" size="small" style={{ paddingInline: 4 }}>
                {t('rotate')}
              </Button>
            </Popconfirm>
            <StatusRowButton enabled={r.status === 1} name={r.name} onConfirm={() => actions.onToggleStatus(r)} />
            <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} />
          </Space>
        ),
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, actions],
  );
}
