/**
 * Columns of the tenant grid (SPEC §2 tenancyManager, §3 Application tenant): logo, name, code,
 * abbreviation, address, status, creator, create and update time, tenant id (copyable, shows
 * 'copied') and the row operations. Sortable on the server: code, name, status, createdAt, updatedAt
 * (TENANT_SORT_FIELDS). The built-in tenant cannot be disabled or deleted: those actions are disabled
 * with a tooltip saying why. 'Product authorisation' and 'Set administrator' open their dialogs (a
 * disabled tenant can still be configured).
 */
import { useMemo } from 'react';
import { Avatar, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type TenantRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, statusColumn, StatusRowButton } from '../../../../components/DataGrid';
import { fileUrl } from '../../../../api/client';

/** What the operations column does; each returns when the call has finished (or failed). */
export interface TenantRowActions {
  onEdit: (row: TenantRow) => void;
  onToggleStatus: (row: TenantRow) => Promise<unknown>;
  onDelete: (row: TenantRow) => Promise<unknown>;
  /** Opens the product-authorisation dialog. */
  onProductAuth: (row: TenantRow) => void;
  /** Opens the set-administrator dialog. */
  onSetAdmin: (row: TenantRow) => void;
}

const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** Sum of the column widths (plus the selection column): the table's horizontal scroll width. */
export const TENANT_TABLE_WIDTH = 1720;

/** The columns, translated and memoised per language. */
export function useTenantColumns(actions: TenantRowActions): TableColumnsType<TenantRow> {
  const { t, i18n } = useTranslation(['tenant', 'common']);
  return useMemo<TableColumnsType<TenantRow>>(
    () => [
      {
        title: t('field.logo'),
        key: 'logo',
        width: 64,
        render: (_, r) => (
          <Avatar shape="square" size={32} src={r.logoUrl ? fileUrl(r.logoUrl) : undefined} alt={r.name} style={{ background: '#e6f4ff', color: '#1677ff' }}>
            {r.name.slice(0, 1)}
          </Avatar>
        ),
      },
      {
        title: t('field.name'),
        key: 'name',
        dataIndex: 'name',
        sorter: true,
        width: 190,
        render: (_, r) => (
          <Space size={6}>
            <span>{r.name}</span>
            {r.builtIn && (
              <Tag color="blue" variant="filled">
                {t('builtIn')}
              </Tag>
            )}
          </Space>
        ),
      },
      { title: t('field.code'), key: 'code', dataIndex: 'code', sorter: true, width: 140, ellipsis: true },
      { title: t('field.abbreviation'), key: 'abbreviation', dataIndex: 'abbreviation', width: 120, ellipsis: true },
      {
        title: t('field.address'),
        key: 'address',
        dataIndex: 'address',
        width: 180,
        ellipsis: { showTitle: false },
        render: (v: string) => (
          <Tooltip placement="topLeft" title={v}>
            {v}
          </Tooltip>
        ),
      },
      statusColumn<TenantRow>({ title: t('common:status'), enabledText: t('common:enabled'), disabledText: t('common:disabled'), sortable: true }),
      { title: t('field.creator'), key: 'creator', dataIndex: 'creator', width: 110, ellipsis: true },
      { title: t('field.createdAt'), key: 'createdAt', dataIndex: 'createdAt', sorter: true, width: 160, render: formatTime },
      { title: t('field.updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 160, render: formatTime },
      {
        title: t('field.id'),
        key: 'id',
        dataIndex: 'id',
        width: 150,
        render: (v: string) => (
          <Typography.Text
            copyable={{ text: v, tooltips: [t('common:copy'), t('common:copied')] }}
            ellipsis={{ tooltip: v }}
            style={{ fontFamily: 'monospace', fontSize: 12, width: 130 }}
          >
            {v}
          </Typography.Text>
        ),
      },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 300,
        render: (_, r) => {
          const enabled = r.status === Status.ENABLED;
          return (
            <Space size={0} wrap>
              <RowButton onClick={() => actions.onEdit(r)}>{t('common:edit')}</RowButton>
              <StatusRowButton
                enabled={enabled}
                name={r.name}
                onConfirm={() => actions.onToggleStatus(r)}
                lockedTip={r.builtIn && enabled ? t('builtInLocked') : undefined}
              />
              <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} lockedTip={r.builtIn ? t('builtInLocked') : undefined} />
              <RowButton onClick={() => actions.onProductAuth(r)}>{t('productAuth.action')}</RowButton>
              <RowButton onClick={() => actions.onSetAdmin(r)}>{t('admins.action')}</RowButton>
            </Space>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, actions],
  );
}
