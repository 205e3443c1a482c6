/**
 * Service accounts (issue 17 "The API as a product"; docs/service-accounts.md): the platform area's
 * (`/platformAdmin/serviceAccounts`, the platform tenant's accounts and roles) and the tenant area's
 * (`/tenancy/serviceAccounts`, the current tenant's) screen on the shared DataGrid — search by name or key
 * id and status, sort, page — with New / Modify in the form modal, rotate secret, enable/disable and delete
 * (each confirmed) per row. After add and rotate the secret is shown once (ServiceAccountSecretModal).
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_ACCOUNT_SORT_FIELDS, type ServiceAccountListBody, type ServiceAccountRow } from '@mp/protocol';
import DataGrid, { useStatusSearchField, type DataGridHandle, type SearchField } from '../../components/DataGrid';
import type { OpenMode } from '../../components/FormModal';
import { platformServiceAccounts, tenantServiceAccounts, type ServiceAccountApi } from '../../api/service-accounts';
import { useCurrentTenant } from '../../stores/current-tenant';
import { SERVICE_ACCOUNT_TABLE_WIDTH, useServiceAccountColumns, type ServiceAccountActions } from './components/columns';
import ServiceAccountFormModal from './components/form-modal';
import ServiceAccountSecretModal, { type SecretValue } from './components/secret-modal';

type Filters = Pick<ServiceAccountListBody, 'keyword' | 'status'>;

function ServiceAccounts({ api, scope }: { api: ServiceAccountApi; scope: string }) {
  const { t } = useTranslation(['serviceaccount', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const queryKey = useMemo(() => [api.key, scope] as const, [api.key, scope]);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: ServiceAccountRow }>({ open: false, mode: 'add' });
  const [secret, setSecret] = useState<SecretValue | null>(null);
  const statusField = useStatusSearchField();

  const actions = useMemo<ServiceAccountActions>(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey });
    const run = async (work: () => Promise<unknown>, done: string) => {
      try {
        await work();
        void message.success(done);
        reload();
      } catch {
        /* shown by the client */
      }
    };
    return {
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onRotate: async (row) => {
        try {
          const r = await api.rotate(row.id);
          void message.success(t('rotated'));
          setSecret({ name: r.row.name, keyId: r.row.keyId, secret: r.secret });
          reload();
        } catch {
          /* shown by the client */
        }
      },
      onToggleStatus: (row) => run(() => api.setStatus(row.id, row.status === 1 ? 0 : 1), t('common:operationSucceeded')),
      onDelete: (row) => run(() => api.remove(row.id), t('common:deleteSucceeded')),
    };
  }, [api, t, message, queryClient, queryKey]);
  const columns = useServiceAccountColumns(actions);
  const searchFields = useMemo<SearchField[]>(
    () => [{ name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 240 }, statusField],
    [t, statusField],
  );

  return (
    <Card variant="borderless" className="mp-page-card" title={t('title')}>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('intro')}
      </Typography.Paragraph>
      <DataGrid<ServiceAccountRow, Filters, (typeof SERVICE_ACCOUNT_SORT_FIELDS)[number]>
        sortFields={SERVICE_ACCOUNT_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={queryKey}
        fetch={(q) => api.list(q)}
        columns={columns}
        rowKey="id"
        scrollX={SERVICE_ACCOUNT_TABLE_WIDTH}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })} data-testid="sa-new">
            {t('newAccount')}
          </Button>
        }
      />
      <ServiceAccountFormModal
        api={api}
        open={modal.open}
        mode={modal.mode}
        row={modal.row}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSaved={(saved) => {
          void queryClient.invalidateQueries({ queryKey });
          if (saved.secret) setSecret({ name: saved.row.name, keyId: saved.row.keyId, secret: saved.secret });
          else void message.success(t('common:operationSucceeded'));
        }}
      />
      <ServiceAccountSecretModal value={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}

/** The platform administrators' screen: the platform tenant's service accounts. */
export function PlatformServiceAccounts() {
  return <ServiceAccounts api={platformServiceAccounts} scope="sys" />;
}

/** The tenant area's screen: the current tenant's (TENANTID) service accounts; remounts when the tenant changes. */
export function TenantServiceAccounts() {
  const tenantId = useCurrentTenant()?.id ?? '';
  return <ServiceAccounts key={tenantId} api={tenantServiceAccounts} scope={tenantId} />;
}
