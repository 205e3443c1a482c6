/**
 * Columns of the application tenant grid (SPEC §3 Application tenant: name, code, status, creator,
 * update time, tenant id copyable showing 'copied'; plus the product and version it comes from) and the
 * row operations: modify and enable/disable (hidden without write permission on the menu).
 */
import { useMemo } from 'react';
import { Space, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type AppTenantRow } from '@mp/protocol';
import { RowButton, StatusRowButton, statusColumn } from '../../../../components/DataGrid';

export interface AppRowActions {
  edit: (row: AppTenantRow) => void;
  toggleStatus: (row: AppTenantRow) => unknown;
}

/** Sum of the column widths plus the selection column. */
export const APP_TABLE_WIDTH = 1090;

export function useAppColumns(actions: AppRowActions, writable: boolean): TableColumnsType<AppTenantRow> {
  const { t, i18n } = useTranslation(['apptenant', 'common']);
  return useMemo<TableColumnsType<AppTenantRow>>(
    () => [
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 160, ellipsis: true },
      { title: t('field.code'), key: 'code', dataIndex: 'code', sorter: true, width: 120, ellipsis: true, render: (v: string) => v || '-' },
      {
        title: t('field.product'),
        key: 'productName',
        dataIndex: 'productName',
        sorter: true,
        width: 170,
        ellipsis: true,
        render: (v: string, r) => (
          <span title={`${r.productCode} ${r.version}`}>
            {v} <Typography.Text type="secondary">{r.version}</Typography.Text>
          </span>
        ),
      },
      statusColumn<AppTenantRow>({ title: t('field.status'), enabledText: t('common:enabled'), disabledText: t('common:disabled'), sortable: true }),
      { title: t('field.creator'), key: 'creator', dataIndex: 'creator', width: 100, ellipsis: true, render: (v: string) => v || '-' },
      {
        title: t('field.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 150,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('field.tenantId'),
        key: 'tenantId',
        dataIndex: 'tenantId',
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
      ...(writable
        ? [
            {
              title: t('common:operation'),
              key: 'operation',
              fixed: 'right' as const,
              width: 130,
              render: (_: unknown, r: AppTenantRow) => (
                <Space size={0} wrap={false}>
                  <RowButton onClick={() => actions.edit(r)}>{t('common:edit')}</RowButton>
                  <StatusRowButton enabled={r.status === Status.ENABLED} name={r.name} onConfirm={() => actions.toggleStatus(r)} />
                </Space>
              ),
            },
          ]
        : []),
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, actions, writable],
  );
}
