/**
 * The add-member dialog (SPEC §2 "add-member dialog", §5 "at least one user to add"): the tenant's
 * users not yet in the role (`listusernotinrole`), searched and paged on the server, chosen with
 * check boxes across pages; OK adds them (`addroleuser`) or warns when none is chosen.
 */
import { useState } from 'react';
import { App, Input, Modal, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@mp/protocol';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { addRoleUsers, listUsersNotInRole } from '../../../../api/role';
import { useMemberColumns } from './member-columns';

export interface AddMemberModalProps {
  open: boolean;
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
  onAdded: () => void;
}

export default function AddMemberModal({ open, tenantId, role, onClose, onAdded }: AddMemberModalProps) {
  const { t } = useTranslation(['role', 'common', 'grid']);
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const columns = useMemberColumns().map((c) => ({ ...c, sorter: false }));
  const roleId = role?.roleId ?? '';

  const { data, isFetching } = useQuery({
    queryKey: ['roleCandidates', tenantId, roleId, keyword, page, pageSize],
    queryFn: () => listUsersNotInRole({ tenantId, roleId, keyword: keyword || undefined, page, pageSize }),
    enabled: open && Boolean(roleId),
    placeholderData: keepPreviousData,
  });

  const reset = () => { setKeyword(''); setPage(1); setSelected([]); };

  const submit = async () => {
    if (!selected.length) {
      void message.warning(t('members.userRequired'));
      return;
    }
    setSaving(true);
    try {
      await addRoleUsers(tenantId, roleId, selected);
      void message.success(t('members.added'));
      reset();
      onAdded();
    } catch { /* shown by the client */ } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('members.addTitle', { name: role?.roleName ?? '' })}
      width={MODAL_WIDTHS.middle}
      onCancel={() => { reset(); onClose(); }}
      onOk={() => void submit()}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          aria-label={t('members.keyword')}
          placeholder={t('members.keyword')}
          style={{ width: 280 }}
          onSearch={(v) => { setKeyword(v.trim()); setPage(1); }}
        />
        <Typography.Text type="secondary" aria-live="polite">{t('members.selected', { count: selected.length })}</Typography.Text>
      </Space>
      <Table
        aria-label={t('members.addTitle', { name: role?.roleName ?? '' })}
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        scroll={{ y: 360 }}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page, pageSize, total: data?.records ?? 0, showSizeChanger: true, size: 'small',
          showTotal: (total) => t('grid:total', { count: total }),
          onChange: (p, s) => { setPage(s !== pageSize ? 1 : p); setPageSize(s); },
        }}
      />
    </Modal>
  );
}
