/**
 * Platform tenant management (SPEC §2 Platform admin → tenancyManager, §3 Application tenant, §5 Tenant):
 * the tenant grid on the shared DataGrid — search by keyword, name, code and status; sort by code,
 * name, status, create and update time; batch delete and enable/disable; export to Excel — and the
 * New / Modify form modal. The built-in tenant cannot be selected for batch actions, disabled or
 * deleted. Row actions 'Product authorisation' (which products and versions the tenant may use) and
 * 'Set administrator' (users holding the tenant-admin identity for it) open their dialogs.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TENANT_SORT_FIELDS, type TenantRow } from '@mp/protocol';
import DataGrid, { useRecordActions, useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { deleteTenants, exportTenants, listTenants, setTenantStatus, type TenantFilters } from '../../../api/tenant';
import { TENANT_TABLE_WIDTH, useTenantColumns, type TenantRowActions } from './components/columns';
import TenantFormModal from './components/tenant-form-modal';
import ProductAuthModal from './components/product-auth-modal';
import AdminModal from './components/admin-modal';

const QUERY_KEY = ['tenants'] as const;

/** The screen (default export: the router lazy-loads it). */
export default function TenancyManager() {
  const { t } = useTranslation(['tenant', 'common']);
  const grid = useRef<DataGridHandle>(null);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: TenantRow }>({ open: false, mode: 'add' });
  const [grant, setGrant] = useState<{ kind: 'products' | 'admins'; row: TenantRow } | null>(null);

  const record = useRecordActions<TenantRow>({ queryKey: QUERY_KEY, grid, setStatus: setTenantStatus, remove: deleteTenants });
  const reload = record.reload;
  const statusField = useStatusSearchField();

  const actions = useMemo<TenantRowActions>(
    () => ({
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onProductAuth: (row) => setGrant({ kind: 'products', row }),
      onSetAdmin: (row) => setGrant({ kind: 'admins', row }),
      onToggleStatus: record.toggleStatus,
      onDelete: record.remove,
    }),
    [t, record],
  );
  const columns = useTenantColumns(actions);

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 220 },
      { name: 'name', label: t('field.name'), width: 160 },
      { name: 'code', label: t('field.code'), width: 140 },
      statusField,
    ],
    [t, statusField],
  );

  return (
    <Card variant="borderless">
      <DataGrid<TenantRow, TenantFilters, (typeof TENANT_SORT_FIELDS)[number]>
        sortFields={TENANT_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={QUERY_KEY}
        fetch={(q) => listTenants(q)}
        columns={columns}
        rowKey="id"
        scrollX={TENANT_TABLE_WIDTH}
        searchFields={searchFields}
        isRowSelectable={(r) => !r.builtIn}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
            {t('newTenant')}
          </Button>
        }
        onBatchDelete={(ids) => deleteTenants(ids)}
        onBatchStatus={(ids, status) => setTenantStatus(ids, status)}
        onExport={(filters) => exportTenants(filters, t('exportFileName'))}
      />
      <TenantFormModal open={modal.open} mode={modal.mode} row={modal.row} onClose={() => setModal((m) => ({ ...m, open: false }))} onSaved={() => reload()} />
      <ProductAuthModal tenant={grant?.kind === 'products' ? grant.row : undefined} onClose={() => setGrant(null)} />
      <AdminModal tenant={grant?.kind === 'admins' ? grant.row : undefined} onClose={() => setGrant(null)} />
    </Card>
  );
}
