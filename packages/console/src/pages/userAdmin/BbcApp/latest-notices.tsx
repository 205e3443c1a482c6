/**
 * The personal home's latest notices (SPEC §2 User area bbcapp; docs/users.md "bbcapp"; docs/notices.md): the five
 * newest notices reaching the user (pinned first, as the notice list orders them), unread ones marked, each
 * opening its detail; the unread count in the title. Shown only when the user has notices — no empty panel.
 * The call is silent and without the global loading indicator, like the bell's.
 */
import { Badge, Card, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listMyNotices } from '../../../api/notices';

/** Where the user's notices live (routes/user-admin.tsx). */
const NOTICES_PATH = '/userAdmin/notice';

export default function LatestNoticesCard() {
  const { t } = useTranslation('notice');
  const q = useQuery({
    queryKey: ['my-notices', 'home'],
    queryFn: () => listMyNotices({ page: 1, pageSize: 5 }, { silent: true, noLoading: true }),
    retry: false,
  });
  const rows = q.data?.rows ?? [];
  if (!rows.length) return null;
  const unread = rows.filter((r) => !r.read).length;
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      data-testid="home-notices"
      title={
        <Space>
          {t('bell.title')}
          {unread > 0 && <Badge count={unread} aria-label={t('bell.count', { n: unread })} />}
        </Space>
      }
      extra={<Link to={NOTICES_PATH}>{t('bell.viewAll')}</Link>}
    >
      <List
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item key={r.id}>
            <Space>
              {!r.read && <Badge status="processing" />}
              {r.pinned && <Tag color="gold">{t('pinned')}</Tag>}
              <Link to={`${NOTICES_PATH}/${encodeURIComponent(r.id)}`} style={{ fontWeight: r.read ? 400 : 600 }}>
                {r.title}
              </Link>
              <Typography.Text type="secondary">{r.productName}</Typography.Text>
            </Space>
            <Typography.Text type="secondary">{dayjs(r.publishAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
