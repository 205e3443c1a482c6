/**
 * The user's in-site messages, "my message" (issue 16 part M; SPEC §1 "my message", §2 User area;
 * docs/messages.md "My message"): newest first, unread marked, "unread only", server paging, "mark all as
 * read". Opening one shows it (plain text, escaped by React) and marks it read; `?id=` opens one directly
 * (the header bell links here).
 */
import { useState } from 'react';
import { App, Badge, Button, Card, List, Space, Switch, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MyMessageRow } from '@mp/protocol';
import { listMyMessages, markMyMessagesRead } from '../../../api/messages';
import { MESSAGE_UNREAD_KEY, MyMessageModal } from '../../../layouts/BasicLayout/my-message-modal';

export default function MyMessages() {
  const { t } = useTranslation(['message', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const open = params.get('id');
  const q = useQuery({
    queryKey: ['my-messages', unread, page],
    queryFn: () => listMyMessages({ ...page, unread: unread || undefined }),
    placeholderData: keepPreviousData,
  });
  const markAll = async () => {
    try {
      await markMyMessagesRead();
      void message.success(t('my.marked'));
      void queryClient.invalidateQueries({ queryKey: ['my-messages'] });
      void queryClient.invalidateQueries({ queryKey: MESSAGE_UNREAD_KEY });
    } catch {
      /* shown by the client */
    }
  };
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={t('my.title')}
      extra={
        <Space>
          <Typography.Text>{t('my.unreadOnly')}</Typography.Text>
          <Switch
            size="small"
            checked={unread}
            aria-label={t('my.unreadOnly')}
            onChange={(v) => {
              setUnread(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button size="small" onClick={() => void markAll()}>
            {t('my.markAllRead')}
          </Button>
        </Space>
      }
    >
      <List<MyMessageRow>
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        locale={{ emptyText: t('my.empty') }}
        data-testid="my-message-list"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: q.data?.records ?? 0,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
          hideOnSinglePage: true,
        }}
        renderItem={(m) => (
          <List.Item key={m.id}>
            <List.Item.Meta
              title={
                <Space size={8} wrap>
                  {!m.read && (
                    <Badge
                      status="processing"
                      text={
                        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                          {t('my.unread')}
                        </Tag>
                      }
                    />
                  )}
                  <Typography.Link onClick={() => setParams({ id: m.id })} strong={!m.read} data-testid="my-message-open">
                    {m.subject || m.body.slice(0, 40)}
                  </Typography.Link>
                </Space>
              }
              description={`${t('my.from', { app: m.appName || t('my.platform') })} · ${dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}`}
            />
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
              {m.body}
            </Typography.Text>
          </List.Item>
        )}
      />
      <MyMessageModal id={open} onClose={() => setParams({})} />
    </Card>
  );
}
