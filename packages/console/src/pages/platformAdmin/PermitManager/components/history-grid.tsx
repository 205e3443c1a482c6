/**
 * The activation history (`listlicence`) on the shared DataGrid: customer, licence number, issue and
 * expiry dates, limits, whether it is in force, the code's fingerprint (the code itself is never shown
 * again), who activated it and when. Sortable on the server by customer, issued, expires, activated
 * (LICENCE_SORT_FIELDS); newest activation first.
 */
import { useMemo } from 'react';
import { Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LICENCE_SORT_FIELDS, type LicenceRow } from '@mp/protocol';
import DataGrid, { type Filters } from '../../../../components/DataGrid';
import { LICENCE_HISTORY_KEY, listLicences } from '../../../../api/licence';

const formatDate = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD') : '');
const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** See the module docs. */
export default function HistoryGrid() {
  const { t } = useTranslation('licence');
  const limit = (v: number | null) => (v === null ? t('unlimited') : String(v));
  const columns = useMemo<TableColumnsType<LicenceRow>>(
    () => [
      { title: t('field.customer'), key: 'customer', dataIndex: 'customer', sorter: true, width: 200, ellipsis: true },
      { title: t('field.serial'), key: 'serial', dataIndex: 'serial', width: 180, ellipsis: true },
      { title: t('field.issuedAt'), key: 'issuedAt', dataIndex: 'issuedAt', sorter: true, width: 130, render: formatDate },
      { title: t('field.expiresAt'), key: 'expiresAt', dataIndex: 'expiresAt', sorter: true, width: 130, render: formatDate },
      {
        title: t('field.limits'),
        key: 'limits',
        width: 220,
        render: (_, r) => t('limitsText', { tenants: limit(r.limits.maxTenants), users: limit(r.limits.maxUsers) }),
      },
      {
        title: t('field.status'),
        key: 'active',
        width: 110,
        render: (_, r) => <Tag color={r.active ? 'success' : 'default'}>{t(r.active ? 'history.inForce' : 'history.replaced')}</Tag>,
      },
      { title: t('field.fingerprint'), key: 'fingerprint', width: 170, render: (_, r) => <Typography.Text code>{r.fingerprint}</Typography.Text> },
      { title: t('field.activatedBy'), key: 'activatedBy', dataIndex: 'activatedBy', width: 120, ellipsis: true },
      { title: t('field.activatedAt'), key: 'activatedAt', dataIndex: 'activatedAt', sorter: true, width: 160, render: formatTime },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  return (
    <DataGrid<LicenceRow, Filters, (typeof LICENCE_SORT_FIELDS)[number]>
      sortFields={LICENCE_SORT_FIELDS}
      title={t('history.title')}
      queryKey={LICENCE_HISTORY_KEY}
      fetch={(q) => listLicences(q)}
      columns={columns}
      rowKey="id"
      scrollX={1420}
    />
  );
}
