/**
 * Role members (SPEC §2 "role members", §3 Role member, §5 "at least one member to delete"): the
 * members of one role on the shared DataGrid — search by user name or employee name, paging, sorting,
 * batch removal of the selected members (the grid refuses an empty selection) and removal per row —
 * and the add-member dialog listing the tenant's users not in the role.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Modal, Popconfirm, type TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLE_USER_SORT_FIELDS, type RoleMemberRow, type RoleRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type Filters, type SearchField } from '../../../../components/DataGrid';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { useRoleCalls } from './role-calls';
import AddMemberModal from './add-member-modal';
import { useMemberColumns } from './member-columns';

export interface MembersModalProps {
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
}

export default function MembersModal({ tenantId, role, onClose }: MembersModalProps) {
  const { t } = useTranslation(['role', 'common']);
  const { deleteRoleUsers, listRoleUsers, writable } = useRoleCalls();
  const { message } = App.useApp();
  const grid = useRef<DataGridHandle>(null);
  const [adding, setAdding] = useState(false);
  const base = useMemberColumns();
  const roleId = role?.roleId ?? '';

  const remove = async (userIds: string[]) => {
    await deleteRoleUsers(tenantId, roleId, userIds);
    void message.success(t('members.removed'));
    grid.current?.clearSelection();
    grid.current?.reload();
  };

  const columns = useMemo<TableColumnsType<RoleMemberRow>>(
    () =>
      !writable
        ? base
        : [
            ...base,
            {
              title: t('common:operation'),
              key: 'operation',
              width: 90,
              fixed: 'right',
              render: (_, r) => (
                <Popconfirm
                  title={t('common:confirmTitle')}
                  description={t('members.confirmRemove', { count: 1 })}
                  okText={t('common:ok')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove([r.userId]).catch(() => undefined)}
                >
                  <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                    {t('members.removeOne')}
                  </Button>
                </Popconfirm>
              ),
            },
            // eslint-disable-next-line react-hooks/exhaustive-deps
          ],
    [base, roleId, writable],
  );

  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('members.keyword'), width: 220 }], [t]);

  return (
    <Modal
      open={Boolean(role)}
      title={t('members.title', { name: role?.roleName ?? '' })}
      width={MODAL_WIDTHS.large}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      styles={{ body: { minHeight: 500, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      {role && (
        <DataGrid<RoleMemberRow, Filters, (typeof ROLE_USER_SORT_FIELDS)[number]>
          sortFields={ROLE_USER_SORT_FIELDS}
          ref={grid}
          title={t('members.title', { name: role.roleName })}
          queryKey={['roleMembers', tenantId, roleId]}
          fetch={(q) => listRoleUsers({ ...q, tenantId, roleId })}
          columns={columns}
          rowKey="userId"
          searchFields={searchFields}
          actions={
            writable ? (
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                {t('members.add')}
              </Button>
            ) : undefined
          }
          onBatchDelete={writable ? (ids) => deleteRoleUsers(tenantId, roleId, ids) : undefined}
        />
      )}
      <AddMemberModal
        open={adding}
        tenantId={tenantId}
        role={role}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          grid.current?.reload();
        }}
      />
    </Modal>
  );
}
