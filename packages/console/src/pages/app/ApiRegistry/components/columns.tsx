/**
 * Columns of the API grid (SPEC §3 API: name, service name, module name, URL, description), the update
 * time and the row operations (modify, delete confirmed with the API's name). Sortable on the server:
 * APP_API_SORT_FIELDS.
 */
import { useMemo } from 'react';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AppApiRow } from '@mp/protocol';
import { DeleteRowButton, RowButton } from '../../../../components/DataGrid';

export interface ApiRowActions {
  onEdit: (row: AppApiRow) => void;
  onDelete: (row: AppApiRow) => Promise<unknown>;
}

export const API_TABLE_WIDTH = 1100;

export function useApiColumns(actions: ApiRowActions): TableColumnsType<AppApiRow> {
  const { t, i18n } = useTranslation(['appapi', 'common']);
  return useMemo<TableColumnsType<AppApiRow>>(
    () => [
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
      {
        title: t('field.url'),
        key: 'url',
        dataIndex: 'url',
        sorter: true,
        width: 240,
        render: (v: string) => (
          <Typography.Text code copyable={{ text: v, tooltips: [t('common:copy'), t('common:copied')] }} ellipsis={{ tooltip: v }} style={{ maxWidth: 210 }}>
            {v}
          </Typography.Text>
        ),
      },
      {
        title: t('field.serviceName'),
        key: 'serviceName',
        dataIndex: 'serviceName',
        sorter: true,
        width: 150,
        render: (v: string) => (
          <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
            {v}
          </Tag>
        ),
      },
      {
        title: t('field.moduleName'),
        key: 'moduleName',
        dataIndex: 'moduleName',
        sorter: true,
        width: 140,
        render: (v: string) => <Tag style={{ marginInlineEnd: 0 }}>{v}</Tag>,
      },
      { title: t('field.description'), key: 'description', dataIndex: 'description', width: 200, ellipsis: true },
      {
        title: t('field.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 150,
        render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
      },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 130,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => actions.onEdit(r)}>{t('common:edit')}</RowButton>
            <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} />
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, actions],
  );
}
