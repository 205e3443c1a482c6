/**
 * Columns of the audit grid: time, user name, action and object type by their readable names (the code
 * under it), object ID, client address, and the Details operation. Sortable on the server: time, user
 * name, action, object type (TENANT_AUDIT_LOG_SORT_FIELDS).
 */
import { useMemo } from 'react';
import { Button, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditLogRow } from '@mp/protocol';
import { codeName } from './codes';

/** `YYYY-MM-DD HH:mm:ss` in the browser's time zone. */
export const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** Sum of the column widths: the table's horizontal scroll width. */
export const AUDIT_TABLE_WIDTH = 1060;

function Named({ name, code }: { name: string; code: string }) {
  return (
    <div style={{ lineHeight: 1.3 }}>
      <div>{name}</div>
      {name !== code && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {code}
        </Typography.Text>
      )}
    </div>
  );
}

/** The columns, translated and memoised per language; `onDetail` opens a row's details. */
export function useAuditColumns(onDetail: (row: AuditLogRow) => void): TableColumnsType<AuditLogRow> {
  const { t, i18n } = useTranslation(['auditlog']);
  return useMemo<TableColumnsType<AuditLogRow>>(
    () => [
      { title: t('field.at'), key: 'at', dataIndex: 'at', sorter: true, width: 170, render: formatTime },
      { title: t('field.username'), key: 'username', dataIndex: 'username', sorter: true, width: 140, ellipsis: true },
      { title: t('field.action'), key: 'action', sorter: true, width: 200, render: (_, r) => <Named name={codeName(t, 'action', r.action)} code={r.action} /> },
      { title: t('field.entity'), key: 'entity', sorter: true, width: 130, render: (_, r) => <Named name={codeName(t, 'entity', r.entity)} code={r.entity} /> },
      { title: t('field.entityId'), key: 'entityId', dataIndex: 'entityId', width: 190, ellipsis: true },
      { title: t('field.ip'), key: 'ip', dataIndex: 'ip', width: 140 },
      {
        title: t('field.operation'),
        key: 'operation',
        fixed: 'right',
        width: 90,
        render: (_, r) => (
          <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => onDetail(r)}>
            {t('detail')}
          </Button>
        ),
      },
    ],
    // i18n.language: names change with the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, onDetail],
  );
}
