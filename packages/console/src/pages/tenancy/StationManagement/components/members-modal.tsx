/**
 * Station member management (SPEC §2 Station management "member management", §5 Station "a station
 * must be selected first"): a station chooser on top (preset when opened from a row), then the chosen
 * station's members on the shared DataGrid — search, paging, sorting, batch removal and removal per row
 * behind a confirmation — and the add-member dialog. Without a station, adding warns and no list shows.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STATION_MEMBER_SORT_FIELDS, type StationMemberRow, type TenantStationRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type Filters, type SearchField } from '../../../../components/DataGrid';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { deleteStationUsers, listStationUsers } from '../../../../api/station-management';
import AddStationMemberModal from './add-member-modal';
import { useStationMemberColumns } from './member-columns';
import TenantStationSelect from './station-select';

export interface StationMembersModalProps {
  open: boolean;
  /** The station to start with (a row's); undefined opens the dialog with none chosen. */
  station: TenantStationRow | undefined;
  onClose: () => void;
  /** Called after members changed (the station grid's member counts). */
  onChanged: () => void;
}

export default function StationMembersModal({ open, station: initial, onClose, onChanged }: StationMembersModalProps) {
  const { t } = useTranslation(['station', 'common']);
  const { message } = App.useApp();
  const grid = useRef<DataGridHandle>(null);
  const [adding, setAdding] = useState(false);
  // undefined: the station the dialog was opened with; null: none chosen.
  const [chosen, setChosen] = useState<{ id: string; name: string } | null | undefined>();
  const station = chosen === undefined ? (initial ? { id: initial.id, name: initial.name } : undefined) : (chosen ?? undefined);
  const base = useStationMemberColumns();
  const stationId = station?.id ?? '';

  const remove = async (userIds: string[]) => {
    await deleteStationUsers(stationId, userIds);
    void message.success(t('members.removed'));
    grid.current?.clearSelection();
    grid.current?.reload();
    onChanged();
  };

  const columns = useMemo<TableColumnsType<StationMemberRow>>(
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
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [base, stationId],
  );

  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('members.keyword'), width: 220 }], [t]);
  const close = () => {
    setChosen(undefined);
    onClose();
  };
  const openAdd = () => {
    if (!station) void message.warning(t('members.stationRequired'));
    else setAdding(true);
  };

  return (
    <Modal
      open={open}
      title={station ? t('members.title', { name: station.name }) : t('members.manage')}
      width={MODAL_WIDTHS.large}
      onCancel={close}
      footer={null}
      destroyOnHidden
      styles={{ body: { minHeight: 500, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text strong>{t('members.station')}</Typography.Text>
        <TenantStationSelect
          value={stationId || undefined}
          valueLabel={station?.name}
          placeholder={t('members.chooseStation')}
          style={{ width: 280 }}
          onChange={(id, name) => setChosen(id ? { id, name: name ?? '' } : null)}
        />
        {!station && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={openAdd}>
            {t('members.add')}
          </Button>
        )}
      </Space>
      {station ? (
        <DataGrid<StationMemberRow, Filters, (typeof STATION_MEMBER_SORT_FIELDS)[number]>
          sortFields={STATION_MEMBER_SORT_FIELDS}
          key={stationId}
          ref={grid}
          title={t('members.title', { name: station.name })}
          queryKey={['stationMembers', stationId]}
          fetch={(q) => listStationUsers({ ...q, stationId })}
          columns={columns}
          rowKey="userId"
          searchFields={searchFields}
          actions={
            <Button type="primary" icon={<UserAddOutlined />} onClick={openAdd}>
              {t('members.add')}
            </Button>
          }
          onBatchDelete={async (ids) => {
            await deleteStationUsers(stationId, ids);
            onChanged();
          }}
        />
      ) : (
        <Alert type="info" showIcon title={t('members.stationRequired')} />
      )}
      <AddStationMemberModal
        open={adding}
        station={station}
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
