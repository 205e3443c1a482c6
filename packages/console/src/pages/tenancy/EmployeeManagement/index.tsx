/**
 * User management of the tenant area (SPEC §2 Tenant → employeeManagement, the "tenant-platform layout
 * without tenant column"; §3 User; §5 User and Import files; issue 5; docs/tenant-users.md). The
 * platform's user grid, form and dialogs (pages/platformAdmin/EmployeeManagement), parameterised for
 * the current tenant: the organisation tree on the left filters the grid by an organisation or its
 * subtree ("include sub-organisations"), a position filter beside it; search, paging and sort on the
 * server; add/modify with affiliated and default organisation and position; enable/disable, lock/unlock,
 * reset password, delete; export; template; import as a background job with progress and the per-row
 * error report (components/ImportJob). What is listed is the caller's data scope (the server decides);
 * write controls are hidden when the caller's roles grant this menu read only (`useMenuWritable`).
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paths, Status, type TenantOrgNode, type UserRow } from '@mp/protocol';
import DataGrid, { useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { TenantOrgTree } from '../../../components/TenantOrgTree';
import { useImportJob } from '../../../components/ImportJob';
import {
  deleteTenantUsers, downloadTenantUserTemplate, exportTenantUsers, listTenantUsers, resetTenantUserPassword, setTenantUserLock,
  setTenantUserStatus, type TenantUserFilters,
} from '../../../api/tenant-user';
import { useSessionStore } from '../../../stores/session';
import { useMenuWritable } from '../../../stores/tenant-purview';
import { protectionOf, useUserColumns, userTableWidth, type UserRowActions } from '../../platformAdmin/EmployeeManagement/components/columns';
import UserFormModal from '../../platformAdmin/EmployeeManagement/components/user-form-modal';
import ResetPasswordModal from '../../platformAdmin/EmployeeManagement/components/reset-password-modal';
import { tenantUserFormVariant } from './components/form-variant';
import ScopeBar from './components/scope-bar';

const QUERY_KEY = ['tenantUsers'] as const;

export default function EmployeeManagement() {
  const { t } = useTranslation(['user', 'tenantuser', 'common', 'grid']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const selfId = useSessionStore((s) => s.userId);
  const writable = useMenuWritable('employeeManagement');
  const [org, setOrg] = useState<TenantOrgNode | undefined>();
  const [includeSub, setIncludeSub] = useState(true);
  const [stationId, setStationId] = useState<string | undefined>();
  const [form, setForm] = useState<{ open: boolean; mode: OpenMode; row?: UserRow }>({ open: false, mode: 'add' });
  const [resetting, setResetting] = useState<UserRow | undefined>();

  const reload = () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      void message.success(done);
      grid.current?.clearSelection();
      reload();
    } catch { /* shown by the client */ }
  };
  const importJob = useImportJob({ uploadPath: Paths.importtenantuser, onDone: () => reload() });

  const actions = useMemo<UserRowActions>(() => ({
    onEdit: (row) => setForm({ open: true, mode: 'modify', row }),
    onToggleStatus: (row) => run(() => setTenantUserStatus([row.id], row.status === Status.ENABLED ? Status.DISABLED : Status.ENABLED), t('common:operationSucceeded')),
    onToggleLock: (row) => {
      const locked = row.locked || !!row.lockedUntil;
      modal.confirm({
        title: t('common:confirmTitle'),
        content: t(locked ? 'confirmUnlockOne' : 'confirmLockOne', { name: row.username }),
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        onOk: () => run(() => setTenantUserLock([row.id], !locked), t('common:operationSucceeded')),
      });
    },
    onResetPassword: (row) => setResetting(row),
    onDelete: (row) => modal.confirm({
      title: t('common:confirmTitle'),
      content: t('common:confirmDeleteOne', { name: row.username }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: () => run(() => deleteTenantUsers([row.id]), t('common:deleteSucceeded')),
    }),
  }), [t]); // eslint-disable-line react-hooks/exhaustive-deps
  const allColumns = useUserColumns(actions, false, selfId);
  const columns = useMemo(() => (writable ? allColumns : allColumns.filter((c) => c.key !== 'operation')), [allColumns, writable]);

  const statusField = useStatusSearchField(110);
  const searchFields = useMemo<SearchField[]>(() => [
    { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 220 },
    { name: 'username', label: t('field.username'), width: 140 },
    { name: 'employeeName', label: t('field.employeeName'), width: 140 },
    { name: 'mobile', label: t('field.mobile'), width: 130 },
    statusField,
    { name: 'locked', label: t('field.locked'), type: 'select', width: 110, options: [
      { label: t('lockedTag'), value: 'true' }, { label: t('unlockedTag'), value: 'false' },
    ] },
  ], [t, statusField]);

  const scope = { orgId: org?.id, includeSub: org ? includeSub : undefined, stationId };
  const toQuery = <Q extends Record<string, unknown>>(q: Q) => {
    const { locked, ...rest } = q as Q & { locked?: string | boolean };
    return { ...rest, ...(locked === undefined ? {} : { locked: locked === true || locked === 'true' }), ...scope };
  };
  const write = <X,>(x: X): X | undefined => (writable ? x : undefined);

  return (
    <Card variant="borderless">
      {!writable && <Alert type="info" showIcon message={t('tenantuser:readOnly')} style={{ marginBottom: 12 }} />}
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card size="small" title={t('tenantuser:orgTree')} style={{ width: 280, flex: 'none' }} data-testid="tenant-user-org-tree"
          extra={<Button type="link" size="small" disabled={!org} onClick={() => { setOrg(undefined); grid.current?.clearSelection(); }}>{t('tenantuser:allOrgs')}</Button>}>
          <TenantOrgTree selectedId={org?.id} onSelect={(n) => { setOrg(n); grid.current?.clearSelection(); }} height={600} />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>
          <ScopeBar orgName={org?.name} includeSub={includeSub} onIncludeSub={setIncludeSub} stationId={stationId} onStation={setStationId} />
          <DataGrid<UserRow, TenantUserFilters>
            ref={grid}
            title={t('title')}
            queryKey={[...QUERY_KEY, org?.id ?? '', includeSub, stationId ?? '']}
            fetch={(q) => listTenantUsers(toQuery(q))}
            columns={columns}
            rowKey="id"
            scrollX={userTableWidth(false)}
            searchFields={searchFields}
            isRowSelectable={(r) => writable && !protectionOf(r, selfId)}
            actions={write(<Space><Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, mode: 'add' })}>{t('newUser')}</Button></Space>)}
            onBatchDelete={write((ids: string[]) => deleteTenantUsers(ids))}
            onBatchStatus={write((ids: string[], status: 0 | 1) => setTenantUserStatus(ids, status))}
            onBatchLock={write((ids: string[], locked: boolean) => setTenantUserLock(ids, locked))}
            onImport={write(importJob.onImport)}
            importAsJob
            onDownloadTemplate={write(() => downloadTenantUserTemplate(t('templateFileName')))}
            onExport={(filters) => exportTenantUsers(toQuery(filters), t('exportFileName'))}
          />
        </div>
      </div>
      {importJob.dialog}
      <UserFormModal open={form.open} mode={form.mode} row={form.row} variant={tenantUserFormVariant}
        onClose={() => setForm((m) => ({ ...m, open: false }))} onSaved={() => reload()} />
      <ResetPasswordModal row={resetting} reset={(id, password) => resetTenantUserPassword(id, password)} onClose={() => setResetting(undefined)} />
    </Card>
  );
}
