/**
 * The user's notices (issue 16 "Notices"; SPEC §2 User area; docs/notices.md "Which notices a user sees"):
 * the live notices of the applications they may use whose audience includes them, pinned first then newest,
 * unread marked, "unread only" filter, server paging. Opening one goes to its detail page.
 */
import { useState } from 'react';
import { Badge, Card, List, Space, Switch, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listMyNotices } from '../../../api/notices';

export default function MyNotices() {
  const { t } = useTranslation('notice');
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['my-notices', unread, page],
    queryFn: () => listMyNotices({ ...page, unread: unread || undefined }),
    placeholderData: keepPreviousData,
  });
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
        </Space>
      }
    >
      <List
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        locale={{ emptyText: t('my.empty') }}
        data-testid="my-notice-list"
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: q.data?.records ?? 0,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
          hideOnSinglePage: true,
        }}
        renderItem={(n) => (
          <List.Item key={n.id}>
            <List.Item.Meta
              title={
                <Space size={8} wrap>
                  {!n.read && (
                    <Badge
                      status="processing"
                      text={
                        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                          {t('my.unread')}
                        </Tag>
                      }
                    />
                  )}
                  {n.pinned && (
                    <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
                      {t('pinned')}
                    </Tag>
                  )}
                  <Link to={`/userAdmin/notice/${n.id}`} style={{ fontWeight: n.read ? 400 : 600 }}>
                    {n.title}
                  </Link>
                </Space>
              }
              description={`${t('my.from', { app: n.productName })} · ${t('my.publishedAt', { time: dayjs(n.publishAt).format('YYYY-MM-DD HH:mm') })}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
