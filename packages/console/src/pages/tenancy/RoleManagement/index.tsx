/**
 * Role management of the tenant area (SPEC §2 Tenant → roleManagement: organisation tree, role list with
 * search by role no, role name, username, employee name and "include sub-org roles", add/edit/delete,
 * role members, role authorisation, role API authorisation, authorisation viewing, add-member dialog;
 * §3 Role; §5 Role; §6; docs/tenant-roles.md). The tenant is the current one (TENANTID); what the caller
 * sees is their data scope (the server decides). The platform's role dialogs are reused through
 * RoleCallsContext with the tenant's calls; API and organisation-tree authorisation and the viewer are the
 * tenant area's own. Without write on the menu (control grants) the write buttons are hidden.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, Row, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_SORT_FIELDS, type RoleRow, type TenantOrgNode } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteTenantRoles, listTenantRoles } from '../../../api/tenant-role';
import { useCurrentTenant } from '../../../stores/current-tenant';
import { ROLE_TABLE_WIDTH, useRoleColumns, type RoleDialog, type RoleRowActions } from '../../platformAdmin/RoleManager/components/columns';
import { RoleCallsContext } from '../../platformAdmin/RoleManager/components/role-calls';
import RoleFormModal from '../../platformAdmin/RoleManager/components/role-form-modal';
import MembersModal from '../../platformAdmin/RoleManager/components/members-modal';
import OrgTypeGrantModal from '../../platformAdmin/RoleManager/components/org-type-grant-modal';
import { useTenantRoleCalls } from './components/tenant-role-calls';
import OrgPanel from './components/org-panel';
import ApiGrantModal from './components/api-grant-modal';
import TenantMenuGrantModal from './components/menu-grant-modal';
import TenantOrgGrantModal from './components/org-grant-modal';
import TenantGrantViewModal from './components/grant-view-modal';

interface RoleFilters extends Record<string, unknown> {
  roleNo?: string;
  roleName?: string;
  username?: string;
  employeeName?: string;
}

export default function RoleManagement() {
  const { t } = useTranslation(['tenantrole', 'role', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const calls = useTenantRoleCalls();
  const tenantId = useCurrentTenant()?.id ?? '';
  const [org, setOrg] = useState<TenantOrgNode | undefined>();
  const [includeSub, setIncludeSub] = useState(true);
  const [dialog, setDialog] = useState<{ kind: RoleDialog | 'add'; row?: RoleRow } | null>(null);

  const reload = () => void queryClient.invalidateQueries({ queryKey: ['tenantRoles'] });
  const close = () => setDialog(null);
  const rowOf = (kind: RoleDialog) => (dialog?.kind === kind ? dialog.row : undefined);

  const actions = useMemo<RoleRowActions>(
    () => ({
      open: (kind, row) => setDialog({ kind, row }),
      onDelete: async (row) => {
        try {
          await deleteTenantRoles([row.roleId]);
          void message.success(t('common:deleteSucceeded'));
          grid.current?.clearSelection();
          reload();
        } catch {
          /* shown by the client */
        }
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }),
    [t],
  );
  const columns = useRoleColumns(actions, { apiGrant: t('apiGrant'), writable: calls.writable });

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'roleNo', label: t('role:search.roleNo'), width: 150 },
      { name: 'roleName', label: t('role:search.roleName'), width: 150 },
      { name: 'username', label: t('role:search.username'), width: 150 },
      { name: 'employeeName', label: t('role:search.employeeName'), width: 150 },
    ],
    [t],
  );

  return (
    <RoleCallsContext.Provider value={calls}>
      <Row gutter={16} wrap={false}>
        <Col flex="280px" style={{ minWidth: 0 }}>
          <OrgPanel orgId={org?.id} includeSub={includeSub} onSelect={setOrg} onIncludeSub={setIncludeSub} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {!calls.writable && <Alert type="info" showIcon title={t('readOnly')} />}
            <Card variant="borderless">
              <DataGrid<RoleRow, RoleFilters, (typeof ROLE_SORT_FIELDS)[number]>
                sortFields={ROLE_SORT_FIELDS}
                ref={grid}
                title={org ? `${t('title')} - ${org.name}` : t('title')}
                queryKey={['tenantRoles', tenantId, org?.id ?? '', includeSub]}
                fetch={(q) => listTenantRoles({ ...q, orgId: org?.id, includeSub })}
                columns={columns}
                rowKey="roleId"
                scrollX={ROLE_TABLE_WIDTH}
                searchFields={searchFields}
                isRowSelectable={(r) => calls.writable && !r.builtIn}
                actions={
                  calls.writable ? (
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
                      {t('role:newRole')}
                    </Button>
                  ) : undefined
                }
                onBatchDelete={calls.writable ? (ids) => deleteTenantRoles(ids) : undefined}
              />
            </Card>
          </Space>
        </Col>
      </Row>
      <RoleFormModal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        mode={dialog?.kind === 'edit' ? 'modify' : 'add'}
        tenantId={tenantId}
        defaultOrgId={org?.id ?? ''}
        row={rowOf('edit')}
        onClose={close}
        onSaved={() => {
          close();
          reload();
        }}
      />
      <MembersModal tenantId={tenantId} role={rowOf('members')} onClose={close} />
      <TenantMenuGrantModal role={rowOf('menuGrant')} onClose={close} />
      <OrgTypeGrantModal tenantId={tenantId} role={rowOf('orgTypeGrant')} onClose={close} />
      <ApiGrantModal role={rowOf('apiGrant')} onClose={close} />
      <TenantOrgGrantModal role={rowOf('orgGrant')} onClose={close} />
      <TenantGrantViewModal role={rowOf('viewGrant')} onClose={close} />
    </RoleCallsContext.Provider>
  );
}
