/**
 * Members of an application role (SPEC §2 "role members", "add-member dialog"; §5 at least one user to
 * add / member to delete; §8 'role member added/deleted successfully'): the members on the shared
 * DataGrid (search, paging, sorting, batch and per-row removal) and the add-member picker listing the
 * application's users not in the role (only users of the application: the server's `isAppUser`).
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Modal, Popconfirm, type TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_ROLE_USER_SORT_FIELDS, type AppRoleRow, type AppRoleUserRow } from '@mp/protocol';
import DataGrid, { StatusDot, type DataGridHandle, type Filters, type SearchField } from '../../../components/DataGrid';
import { MODAL_WIDTHS } from '../../../components/FormModal';
import UserChoiceModal from '../../../components/UserChoiceModal';
import { addAppRoleUsers, deleteAppRoleUsers, listAppRoleCandidates, listAppRoleUsers } from '../../../api/app-roles';

/** Columns of the member and candidate grids. */
function useColumns(): TableColumnsType<AppRoleUserRow> {
  const { t, i18n } = useTranslation(['approle', 'role', 'common']);
  return useMemo<TableColumnsType<AppRoleUserRow>>(
    () => [
      { title: t('role:members.username'), key: 'username', dataIndex: 'username', sorter: true, width: 150 },
      { title: t('role:members.employeeName'), key: 'employeeName', dataIndex: 'employeeName', sorter: true, width: 150 },
      { title: t('members.tenant'), key: 'tenantName', dataIndex: 'tenantName', sorter: true, width: 160 },
      { title: t('role:members.org'), key: 'orgName', dataIndex: 'orgName', width: 160 },
      {
        title: t('role:members.status'),
        key: 'status',
        dataIndex: 'status',
        width: 90,
        render: (v: number) => <StatusDot enabled={v === 1} text={v === 1 ? t('common:enabled') : t('common:disabled')} />,
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language],
  );
}

export default function AppRoleMembersModal({ role, onClose, onChanged }: { role: AppRoleRow | undefined; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(['role', 'common']);
  const { message } = App.useApp();
  const grid = useRef<DataGridHandle>(null);
  const [adding, setAdding] = useState(false);
  const base = useColumns();
  const roleId = role?.id ?? '';
  const remove = async (userIds: string[]) => {
    await deleteAppRoleUsers(roleId, userIds);
    void message.success(t('members.removed'));
    grid.current?.clearSelection();
    grid.current?.reload();
    onChanged();
  };
  const columns = useMemo<TableColumnsType<AppRoleUserRow>>(
    () => [
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
        // eslint-disable-next-line react-hooks/exhaustive-deps
      },
    ],
    [base, roleId],
  );
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('members.keyword'), width: 220 }], [t]);

  return (
    <Modal
      open={Boolean(role)}
      title={t('members.title', { name: role?.name ?? '' })}
      width={MODAL_WIDTHS.large}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      styles={{ body: { minHeight: 500, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      {role && (
        <DataGrid<AppRoleUserRow, Filters, (typeof APP_ROLE_USER_SORT_FIELDS)[number]>
          sortFields={APP_ROLE_USER_SORT_FIELDS}
          ref={grid}
          title={t('members.title', { name: role.name })}
          queryKey={['appRoleMembers', roleId]}
          fetch={(q) => listAppRoleUsers({ ...q, roleId })}
          columns={columns}
          rowKey="userId"
          searchFields={searchFields}
          actions={
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
              {t('members.add')}
            </Button>
          }
          onBatchDelete={async (ids) => {
            await deleteAppRoleUsers(roleId, ids);
            onChanged();
          }}
        />
      )}
      <UserChoiceModal<AppRoleUserRow>
        open={adding}
        texts={{
          title: t('members.addTitle', { name: role?.name ?? '' }),
          keyword: t('members.keyword'),
          required: t('members.userRequired'),
          added: t('members.added'),
          selected: (count) => t('members.selected', { count }),
        }}
        columns={base}
        queryKey={['appRoleCandidates', roleId]}
        enabled={Boolean(roleId) && adding}
        fetchPage={(q) => listAppRoleCandidates({ roleId, ...q })}
        onSubmit={(ids) => addAppRoleUsers(roleId, ids)}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          grid.current?.reload();
          onChanged();
        }}
      />
    </Modal>
  );
}
