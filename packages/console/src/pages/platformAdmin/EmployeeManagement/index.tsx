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
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Status, type UserRow } from '@mp/protocol';
import DataGrid, { useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import OrgTreePicker from '../../../components/OrgTreePicker';
import { deleteUsers, downloadUserTemplate, exportUsers, importUsers, listUsers, setUserLock, setUserStatus, type UserFilters } from '../../../api/user';
import { useSessionStore } from '../../../stores/session';
import { protectionOf, useUserColumns, userTableWidth, type UserRowActions } from './components/columns';
import UserFormModal from './components/user-form-modal';
import ResetPasswordModal from './components/reset-password-modal';
import TenantSelect from './components/tenant-select';
import { showImportReport } from './components/import-report';

const QUERY_KEY = ['users'] as const;

export default function EmployeeManagement() {
  const { t } = useTranslation(['user', 'common', 'grid']);
  const feedback = App.useApp();
  const { message, modal } = feedback;
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const selfId = useSessionStore((s) => s.userId);
  const [tenantId, setTenantId] = useState<string | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
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

  const actions = useMemo<UserRowActions>(() => ({
    onEdit: (row) => setForm({ open: true, mode: 'modify', row }),
    onToggleStatus: (row) => run(() => setUserStatus([row.id], row.status === Status.ENABLED ? Status.DISABLED : Status.ENABLED), t('common:operationSucceeded')),
    onToggleLock: (row) => {
      const locked = row.locked || !!row.lockedUntil;
      modal.confirm({
        title: t('common:confirmTitle'),
        content: t(locked ? 'confirmUnlockOne' : 'confirmLockOne', { name: row.username }),
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        onOk: () => run(() => setUserLock([row.id], !locked), t('common:operationSucceeded')),
      });
    },
    onResetPassword: (row) => setResetting(row),
    onDelete: (row) => modal.confirm({
      title: t('common:confirmTitle'),
      content: t('common:confirmDeleteOne', { name: row.username }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: () => run(() => deleteUsers([row.id]), t('common:deleteSucceeded')),
    }),
  }), [t]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useUserColumns(actions, !tenantId, selfId);

  const statusField = useStatusSearchField(110);
  const searchFields = useMemo<SearchField[]>(() => [
    { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 240 },
    { name: 'username', label: t('field.username'), width: 150 },
    { name: 'employeeName', label: t('field.employeeName'), width: 150 },
    { name: 'employeeCode', label: t('field.employeeCode'), width: 130 },
    { name: 'mobile', label: t('field.mobile'), width: 140 },
    statusField,
    { name: 'locked', label: t('field.locked'), type: 'select', width: 110, options: [
      { label: t('lockedTag'), value: 'true' }, { label: t('unlockedTag'), value: 'false' },
    ] },
  ], [t, statusField]);

  const scope = { tenantId, orgId };
  const toQuery = <Q extends Record<string, unknown>>(q: Q) => {
    const { locked, ...rest } = q as Q & { locked?: string | boolean };
    return { ...rest, ...(locked === undefined ? {} : { locked: locked === true || locked === 'true' }), ...scope };
  };

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
          <TenantSelect aria-label={t('tenantScope')} value={tenantId} allowClear placeholder={t('allTenants')} style={{ width: 260 }}
            onChange={(v) => { setTenantId(v); setOrgId(undefined); grid.current?.clearSelection(); }} />
        </Space>
        {tenantId && (
          <Space size={8}>
            <Typography.Text strong>{t('field.orgId')}</Typography.Text>
            <div style={{ width: 260 }}><OrgTreePicker tenantId={tenantId} value={orgId} onChange={(v) => setOrgId((v as string) || undefined)} /></div>
          </Space>
        )}
      </Space>
      <DataGrid<UserRow, UserFilters>
        ref={grid}
        title={t('title')}
        queryKey={[...QUERY_KEY, tenantId ?? '', orgId ?? '']}
        fetch={(q) => listUsers(toQuery(q))}
        columns={columns}
        rowKey="id"
        scrollX={userTableWidth(!tenantId)}
        searchFields={searchFields}
        isRowSelectable={(r) => !protectionOf(r, selfId)}
        actions={<Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, mode: 'add' })}>{t('newUser')}</Button>}
        onBatchDelete={(ids) => deleteUsers(ids)}
        onBatchStatus={(ids, status) => setUserStatus(ids, status)}
        onBatchLock={(ids, locked) => setUserLock(ids, locked)}
        onImport={onImport}
        onDownloadTemplate={() => downloadUserTemplate(t('templateFileName'))}
        onExport={(filters) => exportUsers(toQuery(filters), t('exportFileName'))}
      />
      <UserFormModal open={form.open} mode={form.mode} row={form.row} defaultTenantId={tenantId}
        onClose={() => setForm((m) => ({ ...m, open: false }))} onSaved={() => reload()} />
      <ResetPasswordModal row={resetting} onClose={() => setResetting(undefined)} />
    </Card>
  );
}
