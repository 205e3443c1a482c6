/**
 * A dialog that chooses users to add somewhere (SPEC §2 "add-member dialog"; §5 "at least one user to
 * add"): candidates searched and paged on the server, chosen with check boxes across pages; OK hands the
 * chosen ids to `onSubmit`, or warns with `texts.required` when none is chosen. Used by data roles
 * (platform) and positions (tenant); `texts` come from the caller's namespace.
 */
import { useState } from 'react';
import { App, Input, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@mp/protocol';
import { MODAL_WIDTHS } from '../FormModal';

export interface UserChoiceTexts {
  title: string;
  keyword: string;
  required: string;
  added: string;
  selected: (count: number) => string;
}

export interface UserChoiceModalProps<R extends { userId: string }> {
  open: boolean;
  texts: UserChoiceTexts;
  columns: TableColumnsType<R>;
  /** Cache key of the candidate query (keyword and paging are appended); no query while `enabled` is false. */
  queryKey: readonly unknown[];
  enabled: boolean;
  fetchPage: (q: { keyword?: string; page: number; pageSize: number }) => Promise<Paged<R>>;
  /** Adds the chosen users; a rejection keeps the dialog open (the client already showed the error). */
  onSubmit: (userIds: string[]) => Promise<unknown>;
  onClose: () => void;
  onAdded: () => void;
}

export default function UserChoiceModal<R extends { userId: string }>(p: UserChoiceModalProps<R>) {
  const { t } = useTranslation(['common', 'grid']);
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const { data, isFetching } = useQuery({
    queryKey: [...p.queryKey, keyword, page, pageSize],
    queryFn: () => p.fetchPage({ keyword: keyword || undefined, page, pageSize }),
    enabled: p.open && p.enabled,
    placeholderData: keepPreviousData,
  });

  const reset = () => {
    setKeyword('');
    setPage(1);
    setSelected([]);
  };

  const submit = async () => {
    if (!selected.length) {
      void message.warning(p.texts.required);
      return;
    }
    setSaving(true);
    try {
      await p.onSubmit(selected);
      void message.success(p.texts.added);
      reset();
      p.onAdded();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={p.open}
      title={p.texts.title}
      width={MODAL_WIDTHS.middle}
      onCancel={() => {
        reset();
        p.onClose();
      }}
      onOk={() => void submit()}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          aria-label={p.texts.keyword}
          placeholder={p.texts.keyword}
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {p.texts.selected(selected.length)}
        </Typography.Text>
      </Space>
      <Table<R>
        aria-label={p.texts.title}
        rowKey="userId"
        size="small"
        columns={p.columns.map((c) => ({ ...c, sorter: false }))}
        dataSource={data?.rows ?? []}
        loading={isFetching}
        scroll={{ y: 360 }}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page,
          pageSize,
          total: data?.records ?? 0,
          showSizeChanger: true,
          size: 'small',
          showTotal: (total) => t('grid:total', { count: total }),
          onChange: (n, s) => {
            setPage(s !== pageSize ? 1 : n);
            setPageSize(s);
          },
        }}
      />
    </Modal>
  );
}
