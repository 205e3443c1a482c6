/**
 * The header's message bell (issue 16 part M; SPEC §7 silent unread count, §9 to-do polling every 20,000 ms in
 * the built console only; docs/messages.md "My message"): the caller's unread in-site messages as a badge and a
 * dropdown of the latest unread ones; an item opens it (marking it read), "view all" goes to /userAdmin/message
 * for users with the user area. Shown to every signed-in user: approvers who are administrators get messages
 * too. The count call never shows the global loading indicator nor an error toast.
 */
import { useState } from 'react';
import { Badge, Button, Dropdown, Empty, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listMyMessages, myMessageUnread } from '../../api/messages';
import { MESSAGE_UNREAD_KEY, MyMessageModal } from './my-message-modal';
import { useSessionStore } from '../../stores/session';

/** SPEC §9: to-do polling interval. */
export const MESSAGE_POLL_MS = 20_000;

export default function MessageBell() {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const [panel, setPanel] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const enabled = useSessionStore((s) => !!s.token);
  const userArea = useSessionStore((s) => !!s.userInfo?.userTypes.includes('7'));
  const q = useQuery({
    queryKey: MESSAGE_UNREAD_KEY,
    queryFn: myMessageUnread,
    enabled,
    refetchInterval: import.meta.env.PROD ? MESSAGE_POLL_MS : false,
    retry: false,
  });
  const latest = useQuery({
    queryKey: ['my-messages', 'bell'],
    enabled: enabled && panel,
    queryFn: () => listMyMessages({ unread: true, pageSize: 5 }, { silent: true, noLoading: true }),
  });
  if (!enabled) return null;
  const unread = q.data?.count ?? 0;
  const rows = latest.data?.rows ?? [];
  const content = (
    <div className="ant-dropdown-menu" style={{ width: 340, padding: 8 }} data-testid="message-bell-panel">
      <Typography.Text strong style={{ display: 'block', padding: '4px 8px' }}>
        {t('bell.count', { n: unread })}
      </Typography.Text>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.none')} />
      ) : (
        rows.map((m) => (
          <div
            key={m.id}
            role="menuitem"
            tabIndex={0}
            style={{ padding: '6px 8px', cursor: 'pointer', borderRadius: 4 }}
            onClick={() => {
              setPanel(false);
              setOpen(m.id);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                setPanel(false);
                setOpen(m.id);
              }
            }}
          >
            <Typography.Text strong ellipsis style={{ maxWidth: 300, display: 'block' }}>
              {m.subject || m.body.slice(0, 40)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.appName || t('my.platform')} · {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </div>
        ))
      )}
      {userArea && (
        <Button
          type="link"
          block
          onClick={() => {
            setPanel(false);
            navigate('/userAdmin/message');
          }}
        >
          {t('bell.viewAll')}
        </Button>
      )}
    </div>
  );
  return (
    <>
      <Dropdown popupRender={() => content} trigger={['click']} placement="bottomRight" open={panel} onOpenChange={setPanel}>
        <Button
          type="text"
          aria-label={t('bell.title')}
          data-testid="message-bell"
          icon={
            <Badge count={unread} size="small" overflowCount={99}>
              <MailOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Dropdown>
      <MyMessageModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
