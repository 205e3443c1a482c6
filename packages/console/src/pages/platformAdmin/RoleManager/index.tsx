/**
 * Data role management (SPEC §2 Platform admin → roleManager, 'data role management' in the menu;
 * §3 Role; §5 Role; §6): roles are scoped to a tenant, so the screen starts with a tenant chooser
 * (platform administrators manage the data roles of any tenant). Below it, the tenant's organisation
 * tree on the left and its roles on the right on the shared DataGrid — search by role no, role name,
 * member username and employee name, with or without sub-organisation roles; paging and sorting on the
 * server; new, edit, delete (batch and per row); role members; menu, organisation-type and
 * organisation-tree authorisation; and a viewer of what a role is granted.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Col, Row, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULTS, ROLE_SORT_FIELDS, type RoleRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteRoles, listRoles } from '../../../api/role';
import { ROLE_TABLE_WIDTH, useRoleColumns, type RoleDialog, type RoleRowActions } from './components/columns';
import TenantSelect from './components/tenant-select';
import OrgTreePanel from './components/org-tree-panel';
import RoleFormModal from './components/role-form-modal';
import MembersModal from './components/members-modal';
import MenuGrantModal from './components/menu-grant-modal';
import OrgTypeGrantModal from './components/org-type-grant-modal';
import OrgGrantModal from './components/org-grant-modal';
import GrantViewModal from './components/grant-view-modal';

/** Filters of the search bar (SPEC §2: role no, role name, username, employee name). */
interface RoleFilters extends Record<string, unknown> {
  roleNo?: string;
  roleName?: string;
  username?: string;
  employeeName?: string;
}

export default function RoleManager() {
  const { t } = useTranslation(['role', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const [tenantId, setTenantId] = useState<string>(DEFAULTS.tenantId);
  const [orgId, setOrgId] = useState<string>(DEFAULTS.tenantId);
  const [includeSub, setIncludeSub] = useState(true);
  const [dialog, setDialog] = useState<{ kind: RoleDialog | 'add'; row?: RoleRow } | null>(null);

  const reload = () => void queryClient.invalidateQueries({ queryKey: ['roles'] });
  const close = () => setDialog(null);
  const rowOf = (kind: RoleDialog) => (dialog?.kind === kind ? dialog.row : undefined);

  const actions = useMemo<RoleRowActions>(
    () => ({
      open: (kind, row) => setDialog({ kind, row }),
      onDelete: async (row) => {
        try {
          await deleteRoles(row.tenantId, [row.roleId]);
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
  const columns = useRoleColumns(actions);

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'roleNo', label: t('search.roleNo'), width: 150 },
      { name: 'roleName', label: t('search.roleName'), width: 150 },
      { name: 'username', label: t('search.username'), width: 150 },
      { name: 'employeeName', label: t('search.employeeName'), width: 150 },
    ],
    [t],
  );

  const chooseTenant = (id: string) => {
    setTenantId(id);
    setOrgId(id); // every tenant's root organisation has the tenant's id
    close();
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" styles={{ body: { paddingBlock: 14 } }}>
        <Space size={12} wrap>
          <Typography.Text strong>{t('tenant')}</Typography.Text>
          <TenantSelect value={tenantId} onChange={chooseTenant} />
        </Space>
      </Card>
      <Row gutter={16} wrap={false}>
        <Col flex="260px" style={{ minWidth: 0 }}>
          <OrgTreePanel key={tenantId} tenantId={tenantId} orgId={orgId} includeSub={includeSub} onSelect={setOrgId} onIncludeSub={setIncludeSub} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card variant="borderless">
            <DataGrid<RoleRow, RoleFilters, (typeof ROLE_SORT_FIELDS)[number]>
              sortFields={ROLE_SORT_FIELDS}
              key={tenantId}
              ref={grid}
              title={t('title')}
              queryKey={['roles', tenantId, orgId, includeSub]}
              fetch={(q) => listRoles({ ...q, tenantId, orgId, includeSub })}
              columns={columns}
              rowKey="roleId"
              scrollX={ROLE_TABLE_WIDTH}
              searchFields={searchFields}
              isRowSelectable={(r) => !r.builtIn}
              actions={
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
                  {t('newRole')}
                </Button>
              }
              onBatchDelete={(ids) => deleteRoles(tenantId, ids)}
            />
          </Card>
        </Col>
      </Row>
      <RoleFormModal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        mode={dialog?.kind === 'edit' ? 'modify' : 'add'}
        tenantId={tenantId}
        defaultOrgId={orgId}
        row={rowOf('edit')}
        onClose={close}
        onSaved={reload}
      />
      <MembersModal tenantId={tenantId} role={rowOf('members')} onClose={close} />
      <MenuGrantModal tenantId={tenantId} role={rowOf('menuGrant')} onClose={close} />
      <OrgTypeGrantModal tenantId={tenantId} role={rowOf('orgTypeGrant')} onClose={close} />
      <OrgGrantModal tenantId={tenantId} role={rowOf('orgGrant')} onClose={close} />
      <GrantViewModal tenantId={tenantId} role={rowOf('viewGrant')} onClose={close} />
    </Space>
  );
}
