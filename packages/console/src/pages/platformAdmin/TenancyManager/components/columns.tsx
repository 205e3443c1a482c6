/**
 * Columns of the tenant grid (SPEC §2 tenancyManager, §3 Application tenant): logo, name, code,
 * abbreviation, address, status, creator, create and update time, tenant id (copyable, shows
 * 'copied') and the row operations. Sortable on the server: code, name, status, createdAt, updatedAt
 * (TENANT_SORT_FIELDS). The built-in tenant cannot be disabled or deleted: those actions are disabled
 * with a tooltip saying why. 'Product authorisation' and 'Set administrator' open their dialogs (a
 * disabled tenant can still be configured).
 */
import { useMemo } from 'react';
import { Avatar, Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type TenantRow } from '@mp/protocol';
import { statusColumn } from '../../../../components/DataGrid';
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

/** A disabled action wrapped so its tooltip still shows (disabled buttons get no pointer events). */
function Locked({ label, tip, danger }: { label: string; tip: string; danger?: boolean }) {
  return (
    <Tooltip title={tip}>
      <span style={{ cursor: 'not-allowed' }}>
        <Button type="link" size="small" danger={danger} disabled style={{ pointerEvents: 'none', paddingInline: 4 }}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

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
            {r.builtIn && <Tag color="blue" variant="filled">{t('builtIn')}</Tag>}
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
          const toggleLabel = enabled ? t('common:disable') : t('common:enable');
          return (
            <Space size={0} wrap>
              <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => actions.onEdit(r)}>
                {t('common:edit')}
              </Button>
              {r.builtIn && enabled ? (
                <Locked label={toggleLabel} tip={t('builtInLocked')} />
              ) : (
                <Popconfirm
                  title={t('common:confirmTitle')}
                  description={t(enabled ? 'common:confirmDisableOne' : 'common:confirmEnableOne', { name: r.name })}
                  okText={t('common:ok')}
                  cancelText={t('common:cancel')}
                  onConfirm={() => actions.onToggleStatus(r)}
                >
                  <Button type="link" size="small" style={{ paddingInline: 4 }}>
                    {toggleLabel}
                  </Button>
                </Popconfirm>
              )}
              {r.builtIn ? (
                <Locked label={t('common:delete')} tip={t('builtInLocked')} danger />
              ) : (
                <Popconfirm
                  title={t('common:confirmTitle')}
                  description={t('common:confirmDeleteOne', { name: r.name })}
                  okText={t('common:ok')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => actions.onDelete(r)}
                >
                  <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                    {t('common:delete')}
                  </Button>
                </Popconfirm>
              )}
              <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => actions.onProductAuth(r)}>
                {t('productAuth.action')}
              </Button>
              <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => actions.onSetAdmin(r)}>
                {t('admins.action')}
              </Button>
            </Space>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, actions],
  );
}
