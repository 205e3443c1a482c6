/**
 * A message's detail (docs/messages.md "Messages"): channel, status, send time, the texts it was sent with, the
 * audience, counts per delivery status, and the deliveries (server-paged, filtered by status) with the reason
 * of each failure; failed deliveries can be retried (all, or one), which re-reads the recipient's address.
 */
import { useMemo, useState } from 'react';
import { App, Button, Descriptions, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES, type DeliveryStatus, type MessageDeliveryRow } from '@mp/protocol';
import { getMessage, listMessageDeliveries, retryDeliveries } from '../../../api/messages';
import { CHANNEL_COLOR } from '../MessageTemplate';

export const DELIVERY_COLOR: Record<DeliveryStatus, string> = { pending: 'default', sending: 'processing', sent: 'success', failed: 'error', read: 'cyan' };
const time = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

export default function MessageDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(['message', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const detail = useQuery({ queryKey: ['message', id], queryFn: () => getMessage(id!), enabled: !!id });
  const list = useQuery({
    queryKey: ['message-deliveries', id, status, page],
    enabled: !!id,
    placeholderData: keepPreviousData,
    queryFn: () => listMessageDeliveries({ messageId: id!, status, ...page }, { noLoading: true }),
  });
  const reason = (r: string) => (r.startsWith('provider: ') ? r.slice(10) : r ? t(`message.reasons.${r}`, { defaultValue: r }) : '');
  const retry = async (ids?: string[]) => {
    try {
      const r = await retryDeliveries(id!, ids);
      void message.success(t('message.retried', { count: r.count }));
      void queryClient.invalidateQueries({ queryKey: ['message-deliveries', id] });
      void queryClient.invalidateQueries({ queryKey: ['message', id] });
    } catch {
      /* shown by the client */
    }
  };
  const columns = useMemo<TableColumnsType<MessageDeliveryRow>>(
    () => [
      {
        title: t('message.recipient'),
        key: 'username',
        width: 170,
        render: (_, r) => (
          <span>
            {r.employeeName || r.username}
            <Typography.Text type="secondary"> · {r.username}</Typography.Text>
          </span>
        ),
      },
      { title: t('message.tenant'), key: 'tenant', dataIndex: 'tenantName', width: 130, ellipsis: true },
      { title: t('message.address'), key: 'address', dataIndex: 'address', width: 170, ellipsis: true },
      {
        title: t('status'),
        key: 'status',
        width: 90,
        render: (_, r) => (
          <Tag color={DELIVERY_COLOR[r.status]} data-testid="delivery-status">
            {t(`message.dstatus.${r.status}`)}
          </Tag>
        ),
      },
      {
        title: t('message.reason'),
        key: 'reason',
        width: 200,
        render: (_, r) => (
          <Typography.Text type="danger" ellipsis={{ tooltip: reason(r.reason) }} style={{ maxWidth: 190 }}>
            {reason(r.reason)}
          </Typography.Text>
        ),
      },
      { title: t('message.sentAt'), key: 'sentAt', width: 160, render: (_, r) => time(r.readAt || r.sentAt) },
      {
        title: t('actions'),
        key: 'actions',
        width: 80,
        render: (_, r) =>
          r.status === 'failed' ? (
            <Button type="link" size="small" onClick={() => void retry([r.id])}>
              {t('message.retryOne')}
            </Button>
          ) : null,
      },
    ],
    [t, id],
  );
  const m = detail.data;
  const lang = m ? Object.keys(m.contents)[0] : undefined;
  const text = lang && m ? m.contents[lang as keyof typeof m.contents] : undefined;
  return (
    <Modal
      open={!!id}
      onCancel={onClose}
      width={1000}
      title={t('message.detail')}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
      destroyOnHidden
    >
      {m && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('template.channel')}>
            <Tag color={CHANNEL_COLOR[m.channel]}>{t(`channel.${m.channel}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            {t(`message.state.${m.status === 'sent' ? (m.counts.pending + m.counts.sending > 0 ? 'sending' : 'done') : m.status}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('message.sendAt')}>{time(m.sendAt)}</Descriptions.Item>
          <Descriptions.Item label={t('message.subject')} span={3}>
            {m.subject}
            {m.templateName ? <Typography.Text type="secondary"> · {m.templateName}</Typography.Text> : null}
          </Descriptions.Item>
          {text && (
            <Descriptions.Item label={t('template.body')} span={3}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} ellipsis={{ rows: 3, expandable: true }}>
                {text.body}
              </Typography.Paragraph>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('message.audience')} span={3}>
            <Space size={4} wrap>
              {m.audience.users.map((u) => (
                <Tag key={u.id} color="green">
                  {u.name}
                </Tag>
              ))}
              {m.audience.orgs.map((o) => (
                <Tag key={o.id} color="cyan">
                  {o.name}
                  {o.sub ? ` (${t('message.withSub')})` : ''}
                </Tag>
              ))}
              {m.audience.roles.map((r) => (
                <Tag key={r.id} color="magenta">
                  {r.name}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('message.counts')} span={3}>
            <Space size={4} wrap data-testid="message-counts">
              {DELIVERY_STATUSES.map((s) => (
                <Tag key={s} color={DELIVERY_COLOR[s]}>
                  {t(`message.dstatus.${s}`)} {m.counts[s]}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>{t('message.deliveries')}</Typography.Text>
        <Select
          allowClear
          placeholder={t('message.allStatuses')}
          value={status}
          style={{ width: 150 }}
          aria-label={t('status')}
          onChange={(v) => {
            setStatus(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`message.dstatus.${s}`) }))}
        />
        {!!m?.counts.failed && (
          <Button danger onClick={() => void retry()} data-testid="message-retry">
            {t('message.retry')}
          </Button>
        )}
      </Space>
      <Table<MessageDeliveryRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        scroll={{ x: 1000 }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.records ?? 0,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
          showSizeChanger: true,
        }}
      />
    </Modal>
  );
}
