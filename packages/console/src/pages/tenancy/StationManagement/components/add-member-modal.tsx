/**
 * The add-member dialog (SPEC §5 Station "at least one user chosen to add as member"): the tenant's
 * users not holding the station (`listusernotinstation`), searched and paged on the server, chosen with
 * check boxes across pages; OK gives them the station (`addstationuser`) or warns when none is chosen.
 */
import { useState } from 'react';
import { App, Input, Modal, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { addStationUsers, listUsersNotInStation } from '../../../../api/station-management';
import { useStationMemberColumns } from './member-columns';

export interface AddStationMemberModalProps {
  open: boolean;
  station: { id: string; name: string } | undefined;
  onClose: () => void;
  onAdded: () => void;
}

export default function AddStationMemberModal({ open, station, onClose, onAdded }: AddStationMemberModalProps) {
  const { t } = useTranslation(['station', 'common', 'grid']);
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const base = useStationMemberColumns();
  // Candidates show the station they hold now: adding moves them from it (a user holds one station).
  const columns = [...base.slice(0, 3), { title: t('members.currentStation'), key: 'stationName', dataIndex: 'stationName', width: 140, ellipsis: true }, ...base.slice(3, 4)]
    .map((c) => ({ ...c, sorter: false }));
  const stationId = station?.id ?? '';
  const title = t('members.addTitle', { name: station?.name ?? '' });

  const { data, isFetching } = useQuery({
    queryKey: ['stationCandidates', stationId, keyword, page, pageSize],
    queryFn: () => listUsersNotInStation({ stationId, keyword: keyword || undefined, page, pageSize }),
    enabled: open && Boolean(stationId),
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
      await addStationUsers(stationId, selected);
      void message.success(t('members.added'));
      reset();
      onAdded();
    } catch { /* shown by the client */ } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} width={MODAL_WIDTHS.middle} onCancel={() => { reset(); onClose(); }} onOk={() => void submit()}
      okText={t('common:ok')} cancelText={t('common:cancel')} confirmLoading={saving} destroyOnHidden>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search allowClear aria-label={t('members.keyword')} placeholder={t('members.keyword')} style={{ width: 280 }}
          onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} />
        <Typography.Text type="secondary" aria-live="polite">{t('members.selected', { count: selected.length })}</Typography.Text>
      </Space>
      <Table
        aria-label={title}
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
