/**
 * User management of the tenant area (SPEC §2 Tenant → employeeManagement, the "tenant-platform layout
 * without tenant column"; §3 User; §5 User and Import files; issue 5; docs/tenant-users.md). The
 * platform's user grid, form and dialogs (pages/platformAdmin/EmployeeManagement), parameterised for
 * the current tenant: the organisation tree on the left filters the grid by an organisation or its
 * subtree ("include sub-organisations"), a position filter beside it; search, paging and sort on the
 * server; add/modify with affiliated and default organisation and position; enable/disable, lock/unlock,
 * reset password, delete; export; template; import as a background job with progress and the per-row
 * error report (components/ImportJob). What is listed is the caller's data scope (the server decides);
 * write controls are hidden when the caller's roles grant this menu read only (`useMenuWritable`). A new
 * user's expiry date starts as the tenant's default validity of new users (System configuration) after
 * the effective date. The wiring shared with the platform's page is `useUserPage`.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultExpiryDate, Paths, USER_SORT_FIELDS, type TenantOrgNode, type UserRow } from '@mp/protocol';
import DataGrid from '../../../components/DataGrid';
import { TenantOrgTree } from '../../../components/TenantOrgTree';
import { useImportJob } from '../../../components/ImportJob';
import {
  deleteTenantUsers,
  downloadTenantUserTemplate,
  exportTenantUsers,
  listTenantUsers,
  resetTenantUserPassword,
  setTenantUserLock,
  setTenantUserStatus,
  type TenantUserFilters,
} from '../../../api/tenant-user';
import { getTenantSettings } from '../../../api/tenantsettings';
import { useSessionStore } from '../../../stores/session';
import { useCurrentTenant } from '../../../stores/current-tenant';
import { useMenuWritable } from '../../../stores/tenant-purview';
import { protectionOf, useUserColumns, userTableWidth } from '../../platformAdmin/EmployeeManagement/components/columns';
import { useUserPage } from '../../platformAdmin/EmployeeManagement/components/use-user-page';
import { tenantUserFormVariant } from './components/form-variant';
import ScopeBar from './components/scope-bar';
import { tenantFaceCalls } from '../../../api/face';

const QUERY_KEY = ['tenantUsers'] as const;
const CALLS = {
  setStatus: setTenantUserStatus,
  setLock: setTenantUserLock,
  remove: deleteTenantUsers,
  resetPassword: resetTenantUserPassword,
  face: tenantFaceCalls,
};

export default function EmployeeManagement() {
  const { t } = useTranslation(['user', 'tenantuser', 'common', 'grid']);
  const selfId = useSessionStore((s) => s.userId);
  const writable = useMenuWritable('employeeManagement');
  const tenant = useCurrentTenant();
  const [org, setOrg] = useState<TenantOrgNode | undefined>();
  const [includeSub, setIncludeSub] = useState(true);
  const [stationId, setStationId] = useState<string | undefined>();
  // The tenant's default validity of new users pre-fills the form's expiry (New waits for it). Only
  // administrators may read the configuration: a role holder's form starts with the usual far expiry.
  const settings = useQuery({
    queryKey: ['tenantSettings', tenant?.id ?? ''],
    queryFn: () => getTenantSettings({ noToast: true }),
    enabled: writable && Boolean(tenant),
    retry: false,
  });
  const variant = useMemo(
    () =>
      settings.data
        ? { ...tenantUserFormVariant, expiryFor: (effectiveDate: string) => defaultExpiryDate(settings.data, effectiveDate) }
        : tenantUserFormVariant,
    [settings.data],
  );
  const { grid, reload, actions, searchFields, toQuery, openAdd, dialogs } = useUserPage({ queryKey: QUERY_KEY, calls: CALLS, compact: true, variant });
  const importJob = useImportJob({ uploadPath: Paths.importtenantuser, onDone: () => reload() });
  const allColumns = useUserColumns(actions, false, selfId);
  const columns = useMemo(() => (writable ? allColumns : allColumns.filter((c) => c.key !== 'operation')), [allColumns, writable]);
  const scope = { orgId: org?.id, includeSub: org ? includeSub : undefined, stationId };
  const write = <X,>(x: X): X | undefined => (writable ? x : undefined);

  return (
    <Card variant="borderless">
      {!writable && <Alert type="info" showIcon message={t('tenantuser:readOnly')} style={{ marginBottom: 12 }} />}
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card
          size="small"
          title={t('tenantuser:orgTree')}
          style={{ width: 280, flex: 'none' }}
          data-testid="tenant-user-org-tree"
          extra={
            <Button
              type="link"
              size="small"
              disabled={!org}
              onClick={() => {
                setOrg(undefined);
                grid.current?.clearSelection();
              }}
            >
              {t('tenantuser:allOrgs')}
            </Button>
          }
        >
          <TenantOrgTree
            selectedId={org?.id}
            onSelect={(n) => {
              setOrg(n);
              grid.current?.clearSelection();
            }}
            height={600}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          <ScopeBar orgName={org?.name} includeSub={includeSub} onIncludeSub={setIncludeSub} stationId={stationId} onStation={setStationId} />
          <DataGrid<UserRow, TenantUserFilters, (typeof USER_SORT_FIELDS)[number]>
            sortFields={USER_SORT_FIELDS}
            ref={grid}
            title={t('title')}
            queryKey={[...QUERY_KEY, org?.id ?? '', includeSub, stationId ?? '']}
            fetch={(q) => listTenantUsers(toQuery(q, scope))}
            columns={columns}
            rowKey="id"
            scrollX={userTableWidth(false)}
            searchFields={searchFields}
            isRowSelectable={(r) => writable && !protectionOf(r, selfId)}
            actions={write(
              <Space>
                <Button type="primary" icon={<PlusOutlined />} loading={settings.isLoading} disabled={settings.isLoading} onClick={openAdd}>
                  {t('newUser')}
                </Button>
              </Space>,
            )}
            onBatchDelete={write((ids: string[]) => deleteTenantUsers(ids))}
            onBatchStatus={write((ids: string[], status: 0 | 1) => setTenantUserStatus(ids, status))}
            onBatchLock={write((ids: string[], locked: boolean) => setTenantUserLock(ids, locked))}
            onImport={write(importJob.onImport)}
            importAsJob
            onDownloadTemplate={write(() => downloadTenantUserTemplate(t('templateFileName')))}
            onExport={(filters) => exportTenantUsers(toQuery(filters, scope), t('exportFileName'))}
          />
        </div>
      </div>
      {importJob.dialog}
      {dialogs}
    </Card>
  );
}
