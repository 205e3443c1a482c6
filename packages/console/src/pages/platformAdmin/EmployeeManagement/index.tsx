/**
 * Platform user management (SPEC §2 Platform admin → employeeManagement, §3 User, §5 User): the user
 * grid on the shared DataGrid in the two tenant-platform layouts — all tenants, with a tenant column,
 * or one chosen tenant (and optionally one of its organisations), without it — searched by keyword,
 * user name, employee name and code, mobile, status and lock state; sorted on the server; batch
 * delete, enable/disable and lock/unlock; Excel import (per-row error report when any row fails),
 * template download and export with the grid's filters; row operations modify, enable/disable,
 * lock/unlock, reset password and delete. The super manager and the signed-in account cannot be
 * disabled, locked or deleted (the server refuses too, with the reason).
 */
import { useState } from 'react';
import { App, Button, Card, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { USER_SORT_FIELDS, type UserRow } from '@mp/protocol';
import DataGrid from '../../../components/DataGrid';
import OrgTreePicker from '../../../components/OrgTreePicker';
import { deleteUsers, downloadUserTemplate, exportUsers, importUsers, listUsers, setUserLock, setUserStatus, type UserFilters } from '../../../api/user';
import { useSessionStore } from '../../../stores/session';
import { protectionOf, useUserColumns, userTableWidth } from './components/columns';
import TenantSelect from './components/tenant-select';
import { showImportReport } from './components/import-report';
import { useUserPage } from './components/use-user-page';
import { platformFaceCalls } from '../../../api/face';

const QUERY_KEY = ['users'] as const;
const CALLS = { setStatus: setUserStatus, setLock: setUserLock, remove: deleteUsers, face: platformFaceCalls };

export default function EmployeeManagement() {
  const { t } = useTranslation(['user', 'common', 'grid']);
  const feedback = App.useApp();
  const { message } = feedback;
  const selfId = useSessionStore((s) => s.userId);
  const [tenantId, setTenantId] = useState<string | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
  const { grid, reload, actions, searchFields, toQuery, openAdd, dialogs } = useUserPage({ queryKey: QUERY_KEY, calls: CALLS, defaultTenantId: tenantId });
  const columns = useUserColumns(actions, !tenantId, selfId);
  const scope = { tenantId, orgId };

  const onImport = async (file: File) => {
    try {
      const r = await importUsers(file, tenantId, { noToast: true });
      void message.success(`${t('importDone', { created: r.row.created, updated: r.row.updated })} (${t('importHint')})`, 6);
    } catch (err) {
      if (!showImportReport(feedback, t, err)) void message.error(err instanceof Error && err.message ? err.message : t('common:operationFailed'));
      throw err;
    }
    reload();
  };

  return (
    <Card variant="borderless">
      <Space wrap size={16} style={{ marginBottom: 16 }} data-testid="user-scope">
        <Space size={8}>
          <Typography.Text strong>{t('tenantScope')}</Typography.Text>
          <TenantSelect
            aria-label={t('tenantScope')}
            value={tenantId}
            allowClear
            placeholder={t('allTenants')}
            style={{ width: 260 }}
            onChange={(v) => {
              setTenantId(v);
              setOrgId(undefined);
              grid.current?.clearSelection();
            }}
          />
        </Space>
        {tenantId && (
          <Space size={8}>
            <Typography.Text strong>{t('field.orgId')}</Typography.Text>
            <div style={{ width: 260 }}>
              <OrgTreePicker tenantId={tenantId} value={orgId} onChange={(v) => setOrgId((v as string) || undefined)} />
            </div>
          </Space>
        )}
      </Space>
      <DataGrid<UserRow, UserFilters, (typeof USER_SORT_FIELDS)[number]>
        sortFields={USER_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={[...QUERY_KEY, tenantId ?? '', orgId ?? '']}
        fetch={(q) => listUsers(toQuery(q, scope))}
        columns={columns}
        rowKey="id"
        scrollX={userTableWidth(!tenantId)}
        searchFields={searchFields}
        isRowSelectable={(r) => !protectionOf(r, selfId)}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
            {t('newUser')}
          </Button>
        }
        onBatchDelete={(ids) => deleteUsers(ids)}
        onBatchStatus={(ids, status) => setUserStatus(ids, status)}
        onBatchLock={(ids, locked) => setUserLock(ids, locked)}
        onImport={onImport}
        onDownloadTemplate={() => downloadUserTemplate(t('templateFileName'))}
        onExport={(filters) => exportUsers(toQuery(filters, scope), t('exportFileName'))}
      />
      {dialogs}
    </Card>
  );
}
