/**
 * App users (issue 15; SPEC §2 App `user` with the user grid of §2, §3 User, §5 User, §7 special cases;
 * docs/applications.md "Application people"): the current application's users across the tenants using it
 * (inside its root organisations), filtered by tenant and organisation (with sub-organisations), searched,
 * sorted and paged on the server; modify, enable/disable, lock/unlock, the account in the application;
 * batch enable/disable and lock/unlock; import (all or nothing, the per-row report of the platform's user
 * import on refusal), export and the template. New users go into the tenant chosen above
 * the grid. The platform's user grid, form and search (pages/platformAdmin/EmployeeManagement) are reused;
 * the row operations are this area's (no delete or password reset here: those stay with the tenant), and
 * administrators and the signed-in user are listed without operations (the server's acting rule).
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Dropdown, Popconfirm, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_USER_SORT_FIELDS, Status, type AppUserRow, type UserRow } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import DataGrid from '../../../components/DataGrid';
import {
  downloadAppUserTemplate,
  exportAppUsers,
  importAppUsers,
  listAppUsers,
  setAppUserLock,
  setAppUserStatus,
  type AppUserFilters,
} from '../../../api/app-users';
import { useSessionStore } from '../../../stores/session';
import { useUserColumns, userTableWidth } from '../../platformAdmin/EmployeeManagement/components/columns';
import { useUserPage } from '../../platformAdmin/EmployeeManagement/components/use-user-page';
import { showImportReport } from '../../platformAdmin/EmployeeManagement/components/import-report';
import { AppOrgTreeSelect, TenantChoice } from '../AppOrg/components/app-org-pickers';
import AccountModal from './components/account-modal';
import { appUserFormVariant } from './components/app-user-variant';

const QUERY_KEY = ['appUsers'] as const;
const CALLS = { setStatus: setAppUserStatus, setLock: setAppUserLock, remove: async () => undefined };

export default function AppUsersPage() {
  return <AppRequired>{() => <AppUsers />}</AppRequired>;
}

function AppUsers() {
  const { t } = useTranslation(['appuser', 'user', 'common']);
  const selfId = useSessionStore((s) => s.userId);
  const feedback = App.useApp();
  const [tenantId, setTenantId] = useState<string | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [includeSub, setIncludeSub] = useState(true);
  const [account, setAccount] = useState<AppUserRow | undefined>();
  const variant = useMemo(() => appUserFormVariant(tenantId, t('positionInTenant')), [tenantId, t]);
  const { grid, reload, actions, searchFields, toQuery, openAdd, dialogs } = useUserPage({ queryKey: QUERY_KEY, calls: CALLS, variant });
  const base = useUserColumns(actions, true, selfId);
  const columns = useMemo<TableColumnsType<AppUserRow>>(() => {
    const link = { type: 'link' as const, size: 'small' as const, style: { paddingInline: 4 } };
    const op = (r: AppUserRow) => {
      const enabled = r.status === Status.ENABLED;
      const locked = r.locked || !!r.lockedUntil;
      if (r.administrator || r.id === selfId) {
        return (
          <Tooltip title={t('adminTip')}>
            <Typography.Text type="secondary" data-testid={`admin-${r.username}`}>
              {t('adminRow')}
            </Typography.Text>
          </Tooltip>
        );
      }
      return (
        <Space size={0}>
          <Button {...link} onClick={() => actions.onEdit(r)}>
            {t('common:edit')}
          </Button>
          <Popconfirm
            title={t('common:confirmTitle')}
            description={enabled ? t('user:confirmDisableUser', { name: r.username }) : t('common:confirmEnableOne', { name: r.username })}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => actions.onToggleStatus(r)}
          >
            <Button {...link}>{enabled ? t('common:disable') : t('common:enable')}</Button>
          </Popconfirm>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'lock', label: locked ? t('user:unlock') : t('user:lock') },
                { key: 'account', label: t('setAccount') },
              ],
              onClick: ({ key }) => (key === 'lock' ? actions.onToggleLock(r) : setAccount(r)),
            }}
          >
            <Button {...link} data-testid={`more-${r.username}`}>
              {t('user:more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      );
    };
    const cols = (base as TableColumnsType<AppUserRow>).filter((c) => c.key !== 'operation');
    return [
      ...cols,
      { title: t('appAccount'), key: 'externalAccount', dataIndex: 'externalAccount', width: 140, ellipsis: true },
      { title: t('common:operation'), key: 'operation', fixed: 'right', width: 200, render: (_, r) => op(r) },
    ];
  }, [base, actions, t, selfId]);
  const scope = { tenantId, orgId, includeSub: orgId ? includeSub : undefined };
  const onImport = async (file: File) => {
    try {
      const r = await importAppUsers(file, { noToast: true });
      void feedback.message.success(t('user:importDone', { created: r.created, updated: r.updated }), 6);
    } catch (err) {
      if (!showImportReport(feedback, t, err)) void feedback.message.error(err instanceof Error && err.message ? err.message : t('common:operationFailed'));
      throw err;
    } finally {
      reload();
    }
  };
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!tenantId} onClick={openAdd}>
      {t('newUser')}
    </Button>
  );

  return (
    <Card variant="borderless" className="mp-page-card" title={t('usersTitle')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <TenantChoice
          value={tenantId}
          onChange={(v) => {
            setTenantId(v);
            setOrgId(undefined);
            grid.current?.clearSelection();
          }}
          placeholder={t('allTenants')}
        />
        <AppOrgTreeSelect
          tenantId={tenantId}
          value={orgId}
          onChange={(v) => {
            setOrgId(v);
            grid.current?.clearSelection();
          }}
          width={240}
          onlyInRoots
        />
        <Checkbox checked={includeSub} disabled={!orgId} onChange={(e) => setIncludeSub(e.target.checked)}>
          {t('includeSub')}
        </Checkbox>
      </Space>
      <DataGrid<UserRow, AppUserFilters, (typeof APP_USER_SORT_FIELDS)[number]>
        sortFields={APP_USER_SORT_FIELDS}
        ref={grid}
        title={t('usersTitle')}
        queryKey={[...QUERY_KEY, tenantId ?? '', orgId ?? '', includeSub]}
        fetch={(q) => listAppUsers(toQuery(q, scope))}
        columns={columns as TableColumnsType<UserRow>}
        rowKey="id"
        scrollX={userTableWidth(true) + 140}
        searchFields={searchFields}
        isRowSelectable={(r) => !(r as AppUserRow).administrator && r.id !== selfId}
        actions={tenantId ? addButton : <Tooltip title={t('chooseTenantFirst')}>{addButton}</Tooltip>}
        onBatchStatus={(ids: string[], status: 0 | 1) => setAppUserStatus(ids, status)}
        onBatchLock={(ids: string[], locked: boolean) => setAppUserLock(ids, locked)}
        onImport={onImport}
        onDownloadTemplate={() => downloadAppUserTemplate(t('user:templateFileName'))}
        onExport={(filters) => exportAppUsers(toQuery(filters, scope), t('user:exportFileName'))}
      />
      <AccountModal
        row={account}
        onClose={() => setAccount(undefined)}
        onSaved={() => {
          setAccount(undefined);
          reload();
        }}
      />
      {dialogs}
    </Card>
  );
}
