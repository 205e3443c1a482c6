/**
 * App management of the tenant area (SPEC §2 appManagement, §3 Application tenant; docs/tenant-apps.md):
 * the current tenant's applications — the products the platform authorised for it — with the name and
 * code the tenant uses, status, creator, update time and the tenant id (copyable, 'copied'). Searched by
 * name and code prefix, paged and sorted on the server; modify and enable/disable per row or in batch,
 * shown only with write permission on the menu (the server refuses without the API grant anyway).
 * Adding applications is the platform's product authorisation, as the notice (and the empty state) says.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_TENANT_SORT_FIELDS, type AppTenantRow } from '@mp/protocol';
import DataGrid, { useRecordActions, useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { listAppTenants, setAppTenantStatus } from '../../../api/apptenant';
import { useMenuWritable } from '../../../stores/tenant-purview';
import { APP_TABLE_WIDTH, useAppColumns, type AppRowActions } from './components/columns';
import AppFormModal from './components/app-form-modal';

interface AppFilters extends Record<string, unknown> {
  keyword?: string;
  code?: string;
  status?: 0 | 1;
}

const QUERY_KEY = ['tenantApps'] as const;

export default function AppManagement() {
  const { t } = useTranslation(['apptenant', 'common']);
  const grid = useRef<DataGridHandle>(null);
  const writable = useMenuWritable('appManagement');
  const [editing, setEditing] = useState<AppTenantRow>();
  /** The tenant has no application at all (an unfiltered list came back empty): say where they come from. */
  const [noApps, setNoApps] = useState(false);
  const record = useRecordActions<{ id: string; status: number }>({ queryKey: QUERY_KEY, grid, setStatus: setAppTenantStatus, remove: async () => undefined });
  const statusField = useStatusSearchField();

  const actions = useMemo<AppRowActions>(
    () => ({
      edit: (row) => setEditing(row),
      toggleStatus: (row) => record.toggleStatus({ id: row.productId, status: row.status }),
    }),
    [record],
  );
  const columns = useAppColumns(actions, writable);

  const searchFields = useMemo<SearchField[]>(
    () => [{ name: 'keyword', label: t('search.name'), width: 180 }, { name: 'code', label: t('search.code'), width: 160 }, statusField],
    [t, statusField],
  );

  return (
    <Card variant="borderless">
      <Alert type={noApps ? 'warning' : 'info'} showIcon message={noApps ? t('empty') : t('notice')} style={{ marginBottom: 16 }} data-testid="apps-notice" />
      <DataGrid<AppTenantRow, AppFilters, (typeof APP_TENANT_SORT_FIELDS)[number]>
        sortFields={APP_TENANT_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={QUERY_KEY}
        fetch={async (q) => {
          const page = await listAppTenants(q);
          if (!q.keyword && !q.code && q.status === undefined) setNoApps(page.records === 0);
          return page;
        }}
        columns={columns}
        rowKey="productId"
        scrollX={APP_TABLE_WIDTH}
        searchFields={searchFields}
        onBatchStatus={writable ? (ids, status) => setAppTenantStatus(ids, status) : undefined}
      />
      <AppFormModal
        row={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          record.reload();
        }}
      />
    </Card>
  );
}
