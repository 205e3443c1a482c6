/**
 * The header's notice bell (issue 16 "Notices"; SPEC §7 unread notice count silent on error, §9 to-do polling
 * every 20,000 ms in the built console only): the unread count as a badge and a dropdown of the latest
 * notices, each opening its detail page in the user area (/userAdmin/notice/:id, which records the read).
 * Shown to users who have the user area (user type 7). The call never shows the global loading indicator.
 */
import { Badge, Button, Dropdown, Empty, Space, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myNoticeUnread } from '../../api/notices';
import { useSessionStore } from '../../stores/session';

/** Query key of the bell's figures (the detail page invalidates it after a read). */
export const NOTICE_UNREAD_KEY = ['my-notice-unread'] as const;
/** SPEC §9: to-do polling interval. */
export const NOTICE_POLL_MS = 20_000;

export default function NoticeBell() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const enabled = useSessionStore((s) => !!s.token && !!s.userInfo?.userTypes.includes('7'));
  const q = useQuery({
    queryKey: NOTICE_UNREAD_KEY,
    queryFn: myNoticeUnread,
    enabled,
    refetchInterval: import.meta.env.PROD ? NOTICE_POLL_MS : false,
    retry: false,
  });
  if (!enabled) return null;
  const unread = q.data?.unread ?? 0;
  const latest = q.data?.latest ?? [];
  const panel = (
    <div className="ant-dropdown-menu" style={{ width: 340, padding: 8 }} data-testid="notice-bell-panel">
      <Typography.Text strong style={{ display: 'block', padding: '4px 8px' }}>
        {t('bell.count', { n: unread })}
      </Typography.Text>
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.none')} />
      ) : (
        latest.map((n) => (
          <div
            key={n.id}
            role="menuitem"
            tabIndex={0}
            className="mp-notice-bell-item"
            style={{ padding: '6px 8px', cursor: 'pointer', borderRadius: 4 }}
            onClick={() => navigate(`/userAdmin/notice/${n.id}`)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') navigate(`/userAdmin/notice/${n.id}`);
            }}
          >
            <Space size={6} style={{ width: '100%' }}>
              {!n.read && <Badge status="processing" />}
              <Typography.Text strong={!n.read} ellipsis style={{ maxWidth: 220 }}>
                {n.title}
              </Typography.Text>
              {n.pinned && (
                <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
                  {t('pinned')}
                </Tag>
              )}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {n.productName} · {dayjs(n.publishAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </div>
        ))
      )}
      <Button type="link" block onClick={() => navigate('/userAdmin/notice')}>
        {t('bell.viewAll')}
      </Button>
    </div>
  );
  return (
    <Dropdown popupRender={() => panel} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        aria-label={t('bell.title')}
        data-testid="notice-bell"
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Dropdown>
  );
}
