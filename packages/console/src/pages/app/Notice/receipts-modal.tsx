/**
 * Read receipts of one notice (docs/notices.md "Receipts"): the audience's users with when they read,
 * filtered by read / not read and by user name or name, paged on the server, with the counts.
 */
import { useState } from 'react';
import { Input, Modal, Segmented, Space, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NoticeReceiptRow, NoticeRow } from '@mp/protocol';
import { listNoticeReceipts } from '../../../api/notices';

export default function NoticeReceiptsModal({ notice, onClose }: { notice: NoticeRow | null; onClose: () => void }) {
  const { t } = useTranslation(['notice', 'common']);
  const [read, setRead] = useState<'all' | 'read' | 'unread'>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['notice-receipts', notice?.id, read, keyword, page],
    queryFn: () => listNoticeReceipts({ id: notice!.id, ...page, keyword: keyword || undefined, read: read === 'all' ? undefined : read === 'read' }),
    enabled: !!notice,
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  return (
    <Modal open={!!notice} onCancel={onClose} footer={null} width={860} title={t('receiptTitle', { title: notice?.title ?? '' })} destroyOnHidden>
      <Space size={32} style={{ marginBottom: 12 }} data-testid="receipt-counts">
        <Statistic title={t('recipients')} value={d?.audience ?? 0} />
        <Statistic title={t('readFilter.read')} value={d?.readCount ?? 0} valueStyle={{ color: '#389e0d' }} />
        <Statistic title={t('readFilter.unread')} value={d?.unreadCount ?? 0} valueStyle={{ color: '#cf1322' }} />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          value={read}
          onChange={(v) => {
            setRead(v as typeof read);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={(['all', 'read', 'unread'] as const).map((v) => ({ value: v, label: t(`readFilter.${v}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('keywordPlaceholder')}
          aria-label={t('keywordPlaceholder')}
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
      </Space>
      <Table<NoticeReceiptRow>
        size="small"
        rowKey="userId"
        loading={q.isFetching}
        dataSource={d?.rows ?? []}
        scroll={{ x: 760 }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: d?.records ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { title: t('user'), dataIndex: 'username', width: 140 },
          { title: t('name'), dataIndex: 'name', width: 120 },
          { title: t('tenant'), dataIndex: 'tenantName', width: 160, ellipsis: true },
          { title: t('org'), dataIndex: 'orgName', width: 140, ellipsis: true },
          {
            title: t('readAt'),
            key: 'readAt',
            width: 170,
            render: (_, r) => (r.readAt ? dayjs(r.readAt).format('YYYY-MM-DD HH:mm:ss') : <Tag>{t('notRead')}</Tag>),
          },
        ]}
      />
    </Modal>
  );
}
