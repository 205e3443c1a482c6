/**
 * Associate a user with an account (SPEC §2 accountManagement; §8 'User association succeeded'): the
 * users of the caller's data scope, searched by user or employee name and paged on the server; exactly
 * one is chosen (a radio column), OK associates it.
 */
import { useState } from 'react';
import { App, Input, Modal, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Status, type AccountRow, type AccountUserCandidateRow } from '@mp/protocol';
import { StatusDot } from '../../../../components/DataGrid';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { bindAccount, listAccountUserCandidates } from '../../../../api/account';

export interface AssociateModalProps {
  account: AccountRow | undefined;
  onClose: () => void;
  onDone: () => void;
}

export default function AssociateModal({ account, onClose, onDone }: AssociateModalProps) {
  const { t } = useTranslation(['account', 'common', 'grid']);
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AccountUserCandidateRow>();
  const [saving, setSaving] = useState(false);
  const open = Boolean(account);
  const { data, isFetching } = useQuery({
    queryKey: ['accountUserCandidates', keyword, page],
    queryFn: () => listAccountUserCandidates({ keyword: keyword || undefined, page, pageSize: 10 }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const close = () => {
    setKeyword('');
    setPage(1);
    setChosen(undefined);
    onClose();
  };
  const submit = async () => {
    if (!account) return;
    if (!chosen) {
      void message.warning(t('userRequired'));
      return;
    }
    setSaving(true);
    try {
      await bindAccount(account.id, chosen.userId);
      void message.success(t('associated'));
      setChosen(undefined);
      onDone();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('associateTitle', { account: account?.account ?? '' })}
      width={MODAL_WIDTHS.small}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          aria-label={t('placeholder.keyword')}
          placeholder={t('placeholder.keyword')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        {chosen && <Typography.Text type="secondary">{chosen.username}</Typography.Text>}
      </Space>
      <Table<AccountUserCandidateRow>
        aria-label={t('associate')}
        rowKey="userId"
        size="small"
        loading={isFetching}
        dataSource={data?.rows ?? []}
        scroll={{ y: 340 }}
        rowSelection={{ type: 'radio', selectedRowKeys: chosen ? [chosen.userId] : [], onChange: (_k, rows) => setChosen(rows[0]) }}
        onRow={(r) => ({ onClick: () => setChosen(r) })}
        columns={[
          { title: t('column.username'), dataIndex: 'username', width: 150, ellipsis: true },
          { title: t('column.employeeName'), dataIndex: 'employeeName', width: 140, ellipsis: true },
          { title: t('column.org'), dataIndex: 'orgName', ellipsis: true },
          {
            title: t('column.status'),
            key: 'status',
            width: 100,
            render: (_, r) => (
              <StatusDot enabled={r.status === Status.ENABLED} text={r.status === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />
            ),
          },
        ]}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.records ?? 0,
          size: 'small',
          showSizeChanger: false,
          showTotal: (total) => t('grid:total', { count: total }),
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
