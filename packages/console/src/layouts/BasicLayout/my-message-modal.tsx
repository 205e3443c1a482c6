/**
 * One of the caller's in-site messages, opened (issue 16 part M; docs/messages.md "My message"): subject,
 * application, time and the plain-text body (React escapes it). Opening marks it read on the server; the
 * bell's count and the lists are refreshed. Used by the header bell and the "my message" page.
 */
import { useEffect } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getMyMessage } from '../../api/messages';

/** Query key of the bell's unread count. */
export const MESSAGE_UNREAD_KEY = ['my-message-unread'] as const;

/** One message, opened (marks it read). */
export function MyMessageModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(['message', 'common']);
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['my-message', id], queryFn: () => getMyMessage(id!), enabled: !!id, retry: false });
  useEffect(() => {
    if (q.data) {
      void queryClient.invalidateQueries({ queryKey: MESSAGE_UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: ['my-messages'] });
    }
  }, [q.data, queryClient]);
  const m = q.data;
  return (
    <Modal
      open={!!id}
      onCancel={onClose}
      title={m?.subject || t('my.title')}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
      width={680}
      destroyOnHidden
    >
      {m && (
        <div data-testid="my-message-detail">
          <Typography.Text type="secondary">
            {t('my.from', { app: m.appName || t('my.platform') })} · {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>{m.body}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
