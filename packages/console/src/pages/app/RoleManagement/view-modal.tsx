/**
 * Authorisation viewing of an application role (SPEC §2 "authorisation viewing"): every item the role
 * holds — menus and pages (read / read and write), controls, APIs — with the menu it sits under.
 */
import { useMemo } from 'react';
import { Empty, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type AppGrantViewItem, type AppRoleRow } from '@mp/protocol';
import { MODAL_WIDTHS } from '../../../components/FormModal';
import { appRoleGrantView } from '../../../api/app-roles';

export default function AppRoleViewModal({ role, onClose }: { role: AppRoleRow | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation(['approle', 'common']);
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'appview', role?.id],
    queryFn: () => appRoleGrantView(role!.id),
    enabled: Boolean(role),
    gcTime: 0,
  });
  const columns = useMemo<TableColumnsType<AppGrantViewItem>>(
    () => [
      { title: t('view.item'), key: 'showName', dataIndex: 'showName' },
      { title: t('view.menu'), key: 'menuName', dataIndex: 'menuName', width: 180 },
      {
        title: t('view.purview'),
        key: 'purview',
        width: 140,
        render: (_, r) =>
          r.nodeType === 'api' ? (
            <Tag>API</Tag>
          ) : (
            <Tag color={r.purview & Purview.WRITE ? 'blue' : 'default'}>{t(r.purview & Purview.WRITE ? 'view.readWrite' : 'view.read')}</Tag>
          ),
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language],
  );
  return (
    <Modal
      open={Boolean(role)}
      title={t('view.title', { name: role?.name ?? '' })}
      width={MODAL_WIDTHS.small}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      styles={{ body: { height: 500, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      <Table<AppGrantViewItem>
        size="small"
        rowKey="uniqueId"
        loading={isLoading}
        columns={columns}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('view.empty')} /> }}
      />
    </Modal>
  );
}
