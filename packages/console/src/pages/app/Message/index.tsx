/**
 * Messages of the current application (issue 16 part M; SPEC §2 App `message`; docs/messages.md "Messages"):
 * grid with subject search, channel and status filters, sort and server paging, delivery counts per status;
 * "Send message"; per row the detail (with deliveries and retry) and, for a scheduled one, cancel (confirmed).
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CHANNELS, MESSAGE_SORT_FIELDS, MESSAGE_STATUSES, type MessageRow } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import DataGrid, { RowButton, type SearchField } from '../../../components/DataGrid';
import { cancelMessage, listMessages, type MessageFilters } from '../../../api/messages';
import type { CurrentApp } from '../../../stores/current-app';
import { CHANNEL_COLOR } from '../MessageTemplate';
import MessageDetailModal, { DELIVERY_COLOR } from './detail-modal';
import SendMessageModal from './send-modal';

const STATE_COLOR = { scheduled: 'gold', sending: 'processing', done: 'green', cancelled: 'default' } as const;
/** What the grid shows: a sent message is 'sending' while deliveries wait, then 'done'. */
export const shownState = (r: MessageRow) => (r.status === 'sent' ? (r.counts.pending + r.counts.sending > 0 ? 'sending' : 'done') : r.status);

export default function Messages() {
  return <AppRequired>{(app) => <MessageScreen app={app} />}</AppRequired>;
}

function MessageScreen({ app }: { app: CurrentApp }) {
  const { t } = useTranslation(['message', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['messages', app.id] as const, [app.id]);
  const [sending, setSending] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey });

  const columns = useMemo<TableColumnsType<MessageRow>>(
    () => [
      {
        title: t('message.subject'),
        key: 'subject',
        width: 220,
        render: (_, r) => (
          <Typography.Text ellipsis={{ tooltip: r.subject }} style={{ maxWidth: 210 }}>
            {r.subject}
          </Typography.Text>
        ),
      },
      {
        title: t('template.channel'),
        key: 'channel',
        sorter: true,
        width: 90,
        render: (_, r) => <Tag color={CHANNEL_COLOR[r.channel]}>{t(`channel.${r.channel}`)}</Tag>,
      },
      {
        title: t('status'),
        key: 'status',
        sorter: true,
        width: 90,
        render: (_, r) => (
          <Tag color={STATE_COLOR[shownState(r)]} data-testid="message-state">
            {t(`message.state.${shownState(r)}`)}
          </Tag>
        ),
      },
      { title: t('message.sendAt'), key: 'sendAt', sorter: true, width: 150, render: (_, r) => dayjs(r.sendAt).format('YYYY-MM-DD HH:mm') },
      { title: t('message.recipients'), key: 'recipients', dataIndex: 'recipients', width: 80, align: 'right' },
      {
        title: t('message.counts'),
        key: 'counts',
        width: 200,
        render: (_, r) => (
          <Space size={2} wrap>
            {(['sent', 'read', 'pending', 'failed'] as const)
              .filter((s) => r.counts[s] > 0 || s === 'sent')
              .map((s) => (
                <Tag key={s} color={DELIVERY_COLOR[s]} style={{ marginInlineEnd: 0 }}>
                  {t(`message.dstatus.${s}`)} {r.counts[s] + (s === 'pending' ? r.counts.sending : 0)}
                </Tag>
              ))}
          </Space>
        ),
      },
      { title: t('message.creator'), key: 'creator', dataIndex: 'creator', width: 100, ellipsis: true },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 150,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => setDetail(r.id)}>{t('message.detail')}</RowButton>
            {r.status === 'scheduled' && (
              <Popconfirm
                title={t('common:confirmTitle')}
                description={t('message.cancelConfirm')}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await cancelMessage(r.id);
                    void message.success(t('message.cancelled'));
                    reload();
                  } catch {
                    /* shown by the client */
                  }
                }}
              >
                <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                  {t('message.cancel')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
    [t, message, queryKey],
  );
  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('message.subject'), placeholder: t('message.keywordPlaceholder'), width: 200 },
      {
        name: 'channel',
        label: t('template.channel'),
        type: 'select',
        width: 130,
        options: MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })),
      },
      { name: 'status', label: t('status'), type: 'select', width: 130, options: MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`message.state.${s}`) })) },
    ],
    [t],
  );

  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={
        <span>
          {t('message.title')} ·{' '}
          <Typography.Text strong data-testid="current-app-name">
            {app.name}
          </Typography.Text>
        </span>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('message.intro')}
      </Typography.Paragraph>
      <DataGrid<MessageRow, MessageFilters, (typeof MESSAGE_SORT_FIELDS)[number]>
        sortFields={MESSAGE_SORT_FIELDS}
        title={t('message.title')}
        queryKey={queryKey}
        fetch={(q) => listMessages(q)}
        columns={columns}
        rowKey="id"
        scrollX={1080}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)} data-testid="message-send">
            {t('message.send')}
          </Button>
        }
      />
      <SendMessageModal open={sending} onClose={() => setSending(false)} onSent={reload} />
      <MessageDetailModal
        id={detail}
        onClose={() => {
          setDetail(null);
          reload();
        }}
      />
    </Card>
  );
}
